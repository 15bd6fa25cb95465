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
  storagePathOf,
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
import { $remote, type RemoteWorkspace } from "./remote";
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
  /** With Supabase: the user's project, where originals (the bucket) and pages (the outbox) are kept too. */
  remote?: () => RemoteWorkspace | null;
}

/** How long an original that could not be uploaded waits before it is tried again. */
export const FILE_RETRY_MS = 30_000;

const CONTENT_TYPES: Record<Upload["kind"], string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  txt: "text/plain",
};

const hex = (digest: ArrayBuffer) => [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");

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
      if (!upload) return;
      // With Supabase, the pages are kept in the project too: queued like any edit, so they survive going offline.
      const remote = deps.remote?.();
      if (remote) {
        await remote.session.queue(
          pages.map((page) => ({
            table: "document_pages",
            op: "upsert",
            key: { document_id: id, page_number: page.number },
            row: { document_id: id, page_number: page.number, text: page.text, source: page.source },
          })),
        );
      }
      if (deps.embed) await deps.embed(upload, pages);
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

  /** Originals being uploaded to the project, and when one last failed (it waits FILE_RETRY_MS before another try). */
  const pushing = new Set<string>();
  const pushFailed = new Map<string, number>();

  /** Uploads the original of a user's document to their bucket, then records where it is (the row follows). */
  async function pushFile(upload: Upload): Promise<void> {
    const remote = deps.remote?.();
    if (!remote || pushing.has(upload.id)) return;
    pushing.add(upload.id);
    try {
      const file = await (await deps.db()).getFile(upload.id);
      // Not in this browser (another device's upload it has not sent yet): asked again later, not on every change.
      if (!file) throw new Error("No original here");
      const path = storagePathOf(remote.userId, upload);
      const sha256 = hex(await crypto.subtle.digest("SHA-256", file.bytes));
      await remote.api.uploadFile(path, file.bytes, CONTENT_TYPES[upload.kind]);
      pushFailed.delete(upload.id);
      change(upload.id, (u) => ({ ...u, storagePath: path, sha256 }));
    } catch {
      pushFailed.set(upload.id, deps.clock.now());
    } finally {
      pushing.delete(upload.id);
    }
  }

  /** Uploads every original this browser holds that the project does not have yet (the user's own, not samples). */
  const pushFiles = (uploads: readonly Upload[]) => {
    if (!deps.remote?.()) return;
    const now = deps.clock.now();
    for (const upload of uploads) {
      if (upload.sample || upload.storagePath || keeping.has(upload.id) || pushing.has(upload.id)) continue;
      if (now - (pushFailed.get(upload.id) ?? -Infinity) < FILE_RETRY_MS) continue;
      void pushFile(upload);
    }
  };

  /**
   * Brings a document's original and pages into this browser from where they are kept: a sample's file from this
   * site, a user's from their bucket, the pages from the project. False when there is nothing to bring.
   */
  async function fetchDocument(id: string): Promise<boolean> {
    const upload = find(id);
    const remote = deps.remote?.();
    if (!upload || !remote) return false;
    const db = await deps.db();
    if (!(await db.getFile(id))) {
      const source = upload.sample ?? upload.storagePath;
      if (!source) return false;
      const bytes = upload.sample ? await deps.fetchSample(upload.sample) : await remote.api.downloadFile(source);
      await db.putFile({ id, name: upload.filename, kind: upload.kind, bytes });
    }
    if ((await db.getPages(id)).length === 0) {
      const pages = await remote.api.pages(id);
      if (pages.length > 0) await db.putPages(id, pages);
    }
    return true;
  }

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
    pushFiles(uploads);
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
    pushFiles([upload]);
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

  /** Deletes an upload: its record, bytes and pages (with Supabase, its row and pages there, and its original). */
  const remove = async (id: string) => {
    const path = find(id)?.storagePath;
    $uploads.set($uploads.get().filter((u) => u.id !== id));
    if (path) void deps.remote?.()?.api.removeFiles([path]).catch(() => undefined);
    await (await deps.db()).deleteDocument(id);
  };

  /**
   * Deletes what the user's database still holds of documents that have no record any more: a delete cut off by the
   * page closing (the record goes first, at once), or one made on another device. Only while `owns` says the records
   * are this database's user's. A record is always added before its bytes are written, so nothing being kept is lost.
   */
  const prune = async (owns: () => boolean): Promise<number> => {
    const db = await deps.db();
    const held = await db.documentIds();
    let pruned = 0;
    for (const id of held) {
      if (!owns() || find(id)) continue;
      await db.deleteDocument(id);
      pruned += 1;
    }
    return pruned;
  };

  return {
    $uploads,
    $form,
    $canUpload,
    $recent,
    chooseFile,
    preselectCase,
    readSamples,
    fetchDocument,
    pushFiles: () => pushFiles($uploads.get()),
    submit,
    reindex,
    remove,
    prune,
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
  // Loaded on use, as the database is: the search worker's handle reads $auth, which this module's tests cannot load.
  embed: (upload, pages) => import("./searchWorker").then(({ indexPages }) => indexPages(upload, pages)),
  remote: () => $remote.get(),
});

// A sync session that opens (sign-in, back online after a reload) uploads the originals still missing from the project.
$remote.listen((remote) => {
  if (remote) uploads.pushFiles();
});

export const { $uploads, $form: $uploadForm, $canUpload, $recent: $recentUploads } = uploads;
export const { readSamples, fetchDocument } = uploads;
export const { chooseFile, preselectCase, submit: submitUpload, setCase: setUploadCase, setTitle: setUploadTitle } = uploads;
export const { cancel: cancelUpload, reindex: reindexUpload, remove: removeUpload, stop: stopReading, prune: pruneUploads } = uploads;

export const uploadsRecords = persisted(uploads.$uploads, uploadsFeature);
