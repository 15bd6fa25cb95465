import { atom, computed } from "nanostores";
import type { Clock } from "../../lib/dash/clock";
import { preselectedCaseId } from "../../lib/dash/cases";
import { persisted } from "../../lib/dash/persisted";
import type { FeatureDefinition } from "../../lib/dash/repository";
import {
  canUpload,
  fileProblem,
  newestFirst,
  newUpload,
  parseUploads,
  titleFromFileName,
  uploadStatus,
  uploadSteps,
  type Upload,
  type UploadStatus,
} from "../../lib/dash/uploads";
import { isQuotaError, type DocumentsDb } from "../../lib/documents/db";
import type { IngestProgress } from "../../lib/documents/ingest";
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
  samples: () => [],
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
  /** Called once a file is about to be kept: asks the browser to keep this site's storage. */
  onKeep?: () => void;
}

/** An upload as the Uploads screen shows it: its status now and, while it is read, which page. */
export type RecentUpload = Upload & { status: UploadStatus; progress: IngestProgress | null };

/**
 * Uploads: choosing and checking a file, keeping its bytes in the user's database, and reading it for real in
 * a worker, one document at a time. Statuses follow the reader's events with the specification's timings as
 * floors; an upload left unfinished (the page closed mid-way, or records loaded from another visit) is read again.
 */
export function createUploadsStore(deps: UploadsDeps) {
  const $uploads = atom<Upload[]>(uploadsFeature.samples());
  const $form = atom<UploadForm>(EMPTY_FORM);
  const $progress = atom<ReadonlyMap<string, IngestProgress>>(new Map());
  const $canUpload = computed($form, (form) => canUpload(form.file ? { ...form, filename: form.file.name, sizeBytes: form.file.size } : null));
  const $recent = computed([$uploads, $progress, deps.clock.$now], (uploads, progress, now) =>
    newestFirst(uploads).map((upload): RecentUpload => ({ ...upload, status: uploadStatus(upload, now), progress: progress.get(upload.id) ?? null })),
  );
  /** Uploads whose bytes are still being written: they join the queue once kept. */
  const keeping = new Set<string>();

  const find = (id: string) => $uploads.get().find((u) => u.id === id);
  const change = (id: string, edit: (upload: Upload) => Upload) => $uploads.set($uploads.get().map((u) => (u.id === id ? edit(u) : u)));
  const fail = (id: string, reason: string) =>
    change(id, (u) => ({ ...u, processing: advance(u.processing, { failed: reason }, new Date(deps.clock.now())) }));

  const queue = createIngestQueue({
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
  });

  // Every change wakes the clock at the uploads' floors (and moves it to now, so a real event shows at once); an
  // unfinished upload that is not being kept or read (loaded after a reload, another visit) joins the queue.
  $uploads.subscribe((uploads) => {
    deps.clock.wakeAt(uploads.flatMap(uploadSteps));
    for (const upload of uploads) {
      if (isUnfinished(upload.processing) && !keeping.has(upload.id) && !queue.has(upload.id)) void queue.enqueue(upload.id);
    }
  });

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

  /** Keeps the file's bytes in the user's database, then queues it; a refused write fails this upload only. */
  async function keep(upload: Upload, file: File): Promise<void> {
    deps.onKeep?.();
    try {
      const bytes = await file.arrayBuffer();
      const db = await deps.db();
      await db.putFile({ id: upload.id, name: upload.filename, kind: upload.kind, bytes });
    } catch (error) {
      keeping.delete(upload.id);
      if (find(upload.id)) fail(upload.id, isQuotaError(error) ? FAILURE_REASONS.storage : FAILURE_REASONS.noStorage);
      return;
    }
    keeping.delete(upload.id);
    if (find(upload.id)) void queue.enqueue(upload.id);
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
    submit,
    reindex,
    remove,
    /** Stops reading (the workspace is cleared): nothing under way is recorded any more. */
    stop: queue.clear,
    setCase: (caseId: string) => update({ caseId }),
    setTitle: (title: string) => update({ title }),
    cancel: () => $form.set({ ...EMPTY_FORM, caseId: $form.get().caseId }),
  };
}

const uploads = createUploadsStore({
  clock,
  newId: newRecordId,
  caseTitle,
  caseIds: () => $cases.get(),
  // The database follows the signed-in user ($auth), loaded with the first document so this module stays testable alone.
  db: () => import("./documentsDb").then(({ userDocumentsDb }) => userDocumentsDb()),
  read: (kind, bytes, onProgress) => readInWorker(kind, bytes, { onProgress }),
  onKeep: () => void import("./documentsDb").then(({ askToPersist }) => askToPersist()),
});

export const { $uploads, $form: $uploadForm, $canUpload, $recent: $recentUploads } = uploads;
export const { chooseFile, preselectCase, submit: submitUpload, setCase: setUploadCase, setTitle: setUploadTitle } = uploads;
export const { cancel: cancelUpload, reindex: reindexUpload, remove: removeUpload, stop: stopReading } = uploads;

export const uploadsRecords = persisted(uploads.$uploads, uploadsFeature);
