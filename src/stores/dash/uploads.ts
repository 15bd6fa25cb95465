import { atom, computed } from "nanostores";
import type { Clock } from "../../lib/dash/clock";
import { preselectedCaseId } from "../../lib/dash/cases";
import { persisted } from "../../lib/dash/persisted";
import type { FeatureDefinition } from "../../lib/dash/repository";
import {
  canUpload,
  fileProblem,
  newUpload,
  parseUploads,
  recentUploads,
  titleFromFileName,
  uploadStatus,
  uploadSteps,
  type Upload,
  type UploadStatus,
} from "../../lib/dash/uploads";
import { sampleUploads } from "../../lib/dash/samples/documents";
import { fetchWithTimeout } from "../../lib/http";
import { isQuotaError, type DocumentsDb } from "../../lib/documents/db";
import type { IngestProgress, PageText } from "../../lib/documents/ingest";
import { createIngestQueue, type IngestQueueDeps } from "../../lib/documents/queue";
import { readInWorker } from "../../lib/documents/reader";
import { FAILURE_REASONS } from "../../lib/documents/reasons";
import { advance, isUnfinished, startAttempt } from "../../lib/documents/timeline";
import { $cases, caseTitle } from "./cases";
import { clock, newRecordId } from "./clock";

export const uploadsFeature: FeatureDefinition<Upload[]> = {
  name: "uploads",
  // 2: uploads are read for real (kind, pages, processing); a version-1 record had no file kept.
  version: 2,
  // The sample documents, read like uploads on first use (a record of version 2 from before they existed is kept as is).
  samples: sampleUploads,
  parse: parseUploads,
};

/** The upload being prepared: the chosen file, its case and title, or why the last file was refused. */
export interface UploadForm {
  file: File | null;
  caseId: string;
  title: string;
  error: string | null;
}

const EMPTY_FORM: UploadForm = { file: null, caseId: "", title: "", error: null };

export interface UploadsDeps {
  clock: Clock;
  newId: () => string;
  /** The title of a case, to file the document under. */
  caseTitle: (id: string) => string | undefined;
  /** The cases a URL may preselect. */
  caseIds: () => readonly { id: string }[];
  /** The signed-in user's documents database. */
  db: () => Promise<DocumentsDb>;
  /** Reads one document (in a worker of its own). */
  read: IngestQueueDeps["read"];
  /** Fetches a sample document's file from this site. */
  fetchSample: (path: string) => Promise<ArrayBuffer>;
  /** Called once a file is about to be kept: asks the browser to keep this site's storage. */
  onKeep?: () => void;
  /** True while the page is being left: a fetch cut off by the navigation is no failure of the sample. */
  leaving?: () => boolean;
  /** Adds a read document's pages to the search index (its Embedding step). */
  embed?: (upload: Upload, pages: readonly PageText[]) => Promise<void>;
}

/** An upload as the Uploads screen shows it: its status now and, while it is read, which page. */
export type RecentUpload = Upload & { status: UploadStatus; progress: IngestProgress | null };

/**
 * Uploads: choosing and checking a file, keeping its bytes in the user's database, and reading it for real in
 * a worker, one document at a time. Statuses follow the reader's events with the specification's timings as
 * floors; an upload left unfinished (the page closed mid-way, or records loaded from another visit) is read again.
 */
export function createUploadsStore(deps: UploadsDeps) {
  // Empty until the workspace loads the user's records (the samples for a new user): nothing is fetched or read before.
  const $uploads = atom<Upload[]>([]);
  const $form = atom<UploadForm>(EMPTY_FORM);
  const $progress = atom<ReadonlyMap<string, IngestProgress>>(new Map());
  const $canUpload = computed($form, (form) => canUpload(form.file ? { ...form, filename: form.file.name, sizeBytes: form.file.size } : null));
  const $recent = computed([$uploads, $progress, deps.clock.$now], (uploads, progress, now) =>
    recentUploads(uploads).map((upload): RecentUpload => ({ ...upload, status: uploadStatus(upload, now), progress: progress.get(upload.id) ?? null })),
  );
  /** Uploads whose bytes are still being written: they join the queue once kept. */
  const keeping = new Set<string>();
  /** Bumped when reading stops (the workspace is cleared): a file still being kept from before is forgotten. */
  let generation = 0;

  const find = (id: string) => $uploads.get().find((u) => u.id === id);
  const change = (id: string, edit: (upload: Upload) => Upload) => $uploads.set($uploads.get().map((u) => (u.id === id ? edit(u) : u)));
  const fail = (id: string, reason: string) =>
    change(id, (u) => ({ ...u, processing: advance(u.processing, { failed: reason }, new Date(deps.clock.now())) }));

  const queueDeps: IngestQueueDeps = {
    db: deps.db,
    read: deps.read,
    processing: (id) => find(id)?.processing,
    update: (id, processing, summary) => change(id, (u) => ({ ...u, processing, ...summary })),
    onProgress: (id, progress) => {
      const next = new Map($progress.get());
      if (progress) next.set(id, progress);
      else next.delete(id);
      $progress.set(next);
    },
    now: () => new Date(deps.clock.now()),
    embed: async (id, pages) => {
      const upload = find(id);
      if (upload && deps.embed) await deps.embed(upload, pages);
    },
  };
  // Two lanes, one document at a time each: the samples are read in the background and never hold up what the user
  // uploads or re-indexes.
  const queue = createIngestQueue(queueDeps);
  const samplesQueue = createIngestQueue(queueDeps);
  const laneOf = (upload: Upload) => (upload.sample && upload.processing.attempt === "upload" ? samplesQueue : queue);
  const queued = (id: string) => queue.has(id) || samplesQueue.has(id);

  /** Whether the sample documents may be fetched and read: not before something shows or searches documents. */
  let samplesWanted = false;

  /** Queues every unfinished upload that is not being kept or read; a sample not read yet is fetched and kept first. */
  const resume = (uploads: readonly Upload[]) => {
    for (const upload of uploads) {
      if (!isUnfinished(upload.processing) || keeping.has(upload.id) || queued(upload.id)) continue;
      if (!upload.sample) void laneOf(upload).enqueue(upload.id);
      else if (samplesWanted) void keep(upload, upload.sample);
    }
  };

  // Every change wakes the clock at the uploads' floors (and moves it to now, so a real event shows at once), and an
  // upload left unfinished (loaded after a reload, another visit) is read again.
  $uploads.subscribe((uploads) => {
    deps.clock.wakeAt(uploads.flatMap(uploadSteps));
    resume(uploads);
  });

  /**
   * Reads the sample documents, once, on their first use: a screen that shows documents (Files, Cases, Uploads, the
   * Attach picker) or a question to the assistant. A visit that only chats fetches none of their 5 MB (the OCR engine
   * and its data, mostly).
   */
  const readSamples = () => {
    if (samplesWanted) return;
    samplesWanted = true;
    resume($uploads.get());
  };

  const update = (next: Partial<UploadForm>) => $form.set({ ...$form.get(), ...next });

  /** Takes a chosen or dropped file: refused with a message when its type or size is wrong. */
  const chooseFile = (file: File) => {
    const error = fileProblem(file);
    if (error) update({ file: null, title: "", error });
    else update({ file, title: titleFromFileName(file.name), error: null });
  };

  /** Chooses the case a URL names (?case=id), when it exists. */
  const preselectCase = (search: string) => {
    const id = preselectedCaseId(search, deps.caseIds());
    if (id) update({ caseId: id });
  };

  /**
   * Writes the document's bytes: a chosen file's, or a sample's fetched from this site unless a visit before kept
   * it. Says why it could not, or how many bytes a fetched sample has.
   */
  async function store(upload: Upload, source: File | string): Promise<{ reason: string } | { fetched?: number }> {
    const db = await deps.db();
    if (typeof source !== "string") {
      await db.putFile({ id: upload.id, name: upload.filename, kind: upload.kind, bytes: await source.arrayBuffer() });
      return {};
    }
    if (await db.getFile(upload.id)) return {};
    const bytes = await deps.fetchSample(source).catch(() => null);
    if (!bytes) return { reason: FAILURE_REASONS.sampleUnavailable };
    await db.putFile({ id: upload.id, name: upload.filename, kind: upload.kind, bytes });
    return { fetched: bytes.byteLength };
  }

  /** Keeps the bytes in the user's database, then queues the document; a refused write fails this one only. */
  async function keep(upload: Upload, source: File | string): Promise<void> {
    const run = generation;
    keeping.add(upload.id);
    deps.onKeep?.();
    const kept = await store(upload, source).catch((error: unknown) => ({ reason: isQuotaError(error) ? FAILURE_REASONS.storage : FAILURE_REASONS.noStorage }));
    // Reading stopped meanwhile (the workspace was cleared): what was kept belongs to records that are gone.
    if (run !== generation) return;
    keeping.delete(upload.id);
    if (!find(upload.id)) return;
    // Left unfinished instead: the next visit fetches it again.
    if ("reason" in kept && deps.leaving?.()) return;
    if ("reason" in kept) return fail(upload.id, kept.reason);
    const { fetched } = kept;
    if (fetched !== undefined) change(upload.id, (u) => ({ ...u, sizeBytes: fetched }));
    void laneOf(upload).enqueue(upload.id);
  }

  /** Sends the chosen file to the chosen case: Queued at this instant, kept, then read. */
  const submit = (): Upload | null => {
    const { file, caseId, title } = $form.get();
    if (!file || !$canUpload.get()) return null;
    const draft = { filename: file.name, sizeBytes: file.size, caseId, title };
    const upload = newUpload(draft, deps.caseTitle(caseId) ?? "", deps.newId(), new Date(deps.clock.now()));
    $form.set(EMPTY_FORM);
    keeping.add(upload.id);
    $uploads.set([upload, ...$uploads.get()]);
    void keep(upload, file);
    return upload;
  };

  /** Reads a failed upload again: processing at once, ready no earlier than 3 s later, or failed again with why. */
  const reindex = (id: string) => {
    const upload = find(id);
    if (!upload || upload.processing.state !== "failed") return;
    change(id, (u) => ({ ...u, processing: startAttempt("reindex", new Date(deps.clock.now())) }));
  };

  /** Deletes an upload: its record, bytes and pages. */
  const remove = async (id: string) => {
    $uploads.set($uploads.get().filter((u) => u.id !== id));
    await (await deps.db()).deleteDocument(id);
  };

  return {
    $uploads,
    $form,
    $canUpload,
    $recent,
    chooseFile,
    preselectCase,
    readSamples,
    submit,
    reindex,
    remove,
    /** Stops reading (the workspace is cleared): nothing under way is recorded any more. */
    stop: () => {
      generation += 1;
      keeping.clear();
      queue.clear();
      samplesQueue.clear();
    },
    setCase: (caseId: string) => update({ caseId }),
    setTitle: (title: string) => update({ title }),
    cancel: () => $form.set({ ...EMPTY_FORM, caseId: $form.get().caseId }),
  };
}

/** How long fetching a sample's file from this site may take. */
const SAMPLE_FETCH_TIMEOUT_MS = 30_000;

let leaving = false;
if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => (leaving = true));
  // Back from the back-forward cache: the page lives on.
  window.addEventListener("pageshow", () => (leaving = false));
}

const uploads = createUploadsStore({
  clock,
  newId: newRecordId,
  caseTitle,
  caseIds: () => $cases.get(),
  // The database follows the signed-in user ($auth), loaded with the first document so this module stays testable alone.
  db: () => import("./documentsDb").then(({ userDocumentsDb }) => userDocumentsDb()),
  read: (kind, bytes, onProgress) => readInWorker(kind, bytes, { onProgress }),
  fetchSample: async (path) => {
    const response = await fetchWithTimeout(SAMPLE_FETCH_TIMEOUT_MS)(path);
    if (!response.ok) throw new Error(`${path} answered ${String(response.status)}`);
    return response.arrayBuffer();
  },
  onKeep: () => void import("./documentsDb").then(({ askToPersist }) => askToPersist()),
  leaving: () => leaving,
  // Loaded on use: the search store reads this module's records, so a static import would be circular.
  embed: (upload, pages) => import("./search").then(({ indexPages }) => indexPages(upload, pages)),
});

export const { $uploads, $form: $uploadForm, $canUpload, $recent: $recentUploads } = uploads;
export const { readSamples } = uploads;
export const { chooseFile, preselectCase, submit: submitUpload, setCase: setUploadCase, setTitle: setUploadTitle } = uploads;
export const { cancel: cancelUpload, reindex: reindexUpload, remove: removeUpload, stop: stopReading } = uploads;

export const uploadsRecords = persisted(uploads.$uploads, uploadsFeature);
