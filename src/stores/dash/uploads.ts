import { atom, computed } from "nanostores";
import { persisted } from "../../lib/dash/persisted";
import type { Clock } from "../../lib/dash/clock";
import type { FeatureDefinition } from "../../lib/dash/repository";
import { fileProblem, newUpload, parseUploads, recentUploads, titleFromFileName, uploadStatus, uploadSteps, type Upload } from "../../lib/dash/uploads";
import { BULK_READ_CONCURRENCY, bulkProgress, IMPORT_STEP, parseBulkImports, type BulkImport, type BulkProgress } from "../../lib/documents/bulk";
import { sampleUploads } from "../../lib/dash/samples/documents";
import type { SamplePages } from "../../lib/dash/samples/pages";
import { fetchSampleFile, fetchSamplePages } from "../../lib/dash/samples/site";
import type { DocumentsDb } from "../../lib/documents/db";
import type { IngestProgress, PageText } from "../../lib/documents/pages";
import { pruneDocuments } from "../../lib/documents/prune";
import type { IngestQueueDeps } from "../../lib/documents/queue";
import { createReaderPool, readInWorker } from "../../lib/documents/reader";
import { startAttempt, type UploadStatus } from "../../lib/documents/timeline";
import { nextVersion } from "../../lib/dash/versions";
import { nextTask } from "../../lib/nextTask";
import { leaveGuard, leavingTracker } from "../../lib/pageLeaving";
import { createDocumentMirror, type MirrorTarget } from "../../lib/sync/documentMirror";
import { $cases, caseTitle } from "./cases";
import { createDocumentReading } from "./documentReading";
import { $remote } from "./remote";
import { clock, newRecordId } from "./clock";
import { createUploadForm } from "./uploadForm";

export const uploadsFeature: FeatureDefinition<Upload[]> = {
  name: "uploads",
  // 2: uploads are read for real (kind, pages, processing); a version-1 record had no file kept.
  version: 2,
  // The sample documents, read on first use from the pages that come with the site (a record of version 2 from
  // before they existed is kept as is).
  samples: sampleUploads,
  parse: parseUploads,
};

/** The bulk import under way (or finished and not dismissed): at most one, kept with the workspace (bulk.ts). */
export const bulkImportsFeature: FeatureDefinition<BulkImport[]> = {
  name: "bulkImports",
  version: 1,
  samples: () => [],
  parse: parseBulkImports,
};

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
  /** The sample documents already read (public/samples/pages.json). */
  samplePages: () => Promise<SamplePages>;
  /** Fetches a sample document's file from this site (for the viewer). */
  fetchSample: (path: string) => Promise<ArrayBuffer>;
  /** Called once a file is about to be kept: asks the browser to keep this site's storage. */
  onKeep?: () => void;
  /** True while the page is being left: a fetch cut off by the navigation is no failure of the sample. */
  leaving?: () => boolean;
  /** On while chosen files' bytes are being kept: leaving the page asks first (documentReading.ts). */
  guardLeaving?: (on: boolean) => void;
  /** Files are about to be read, this many at most at once: the reader's workers may start now (a bulk import's choice). */
  prepareReading?: (documents: number) => void;
  /** Adds a read document's pages to the search index (its Embedding step). */
  embed?: (upload: Upload, pages: readonly PageText[]) => Promise<void>;
  /** With Supabase: the user's project, where originals (the bucket) and pages (the outbox) are kept too. */
  remote?: () => MirrorTarget | null;
  /** While a bulk import keeps many files queued, the reading's record changes are applied together this often (documentReading.ts). */
  batchMs?: number;
}

/** An upload as the Uploads screen shows it: its status now and, while it is read, which page. */
export type RecentUpload = Upload & { status: UploadStatus; progress: IngestProgress | null };

/**
 * The user's documents: the records (uploads and samples), sending a new one, re-indexing a failed one, deleting, and
 * pruning what the database holds without a record. The form is uploadForm.ts, reading is documentReading.ts, and
 * every decision about the Supabase copy is lib/sync/documentMirror.ts.
 */
export function createUploadsStore(deps: UploadsDeps) {
  // Empty until the workspace loads the user's records (the samples for a new user): nothing is fetched or read before.
  const $uploads = atom<Upload[]>([]);
  const $bulk = atom<BulkImport[]>([]);
  /** The files of a drop or pick of more than one, waiting for their case: Import sends them all at once. */
  const $bulkChoice = atom<File[] | null>(null);
  /** The uploads a paused bulk import holds back, looked up at every step of the queue. */
  let heldIds: ReadonlySet<string> = new Set();
  $bulk.subscribe((bulks) => {
    heldIds = new Set(bulks.filter((b) => b.paused).flatMap((b) => b.ids));
  });
  const form = createUploadForm(deps.caseIds);
  const mirror = createDocumentMirror({ remote: () => deps.remote?.() ?? null, db: deps.db, now: () => deps.clock.now() });
  const reading = createDocumentReading({
    $uploads,
    clock: deps.clock,
    db: deps.db,
    read: deps.read,
    samplePages: deps.samplePages,
    ...(deps.onKeep ? { onKeep: deps.onKeep } : {}),
    ...(deps.leaving ? { leaving: deps.leaving } : {}),
    ...(deps.guardLeaving ? { guardLeaving: deps.guardLeaving } : {}),
    pagesRead: async (upload, pages) => {
      await mirror.pagesRead(upload.id, pages);
      if (deps.embed) await deps.embed(upload, pages);
    },
    held: (id) => heldIds.has(id),
    ...(deps.batchMs === undefined ? {} : { batchMs: deps.batchMs }),
  });
  /** The last RecentUpload made of each record: kept while its status and progress stay, so unchanged rows skip rendering. */
  const shown = new WeakMap<Upload, RecentUpload>();
  const $recent = computed([$uploads, reading.$progress, deps.clock.$now], (uploads, progress, now) =>
    recentUploads(uploads).map((upload): RecentUpload => {
      const status = uploadStatus(upload, now);
      const page = progress.get(upload.id) ?? null;
      const before = shown.get(upload);
      if (before && before.status === status && before.progress === page) return before;
      const made = { ...upload, status, progress: page };
      shown.set(upload, made);
      return made;
    }),
  );

  const find = (id: string) => $uploads.get().find((u) => u.id === id);
  const change = (id: string, edit: (upload: Upload) => Upload) => $uploads.set($uploads.get().map((u) => (u.id === id ? edit(u) : u)));
  const pushFiles = (uploads: readonly Upload[]) => mirror.pushFiles(uploads, reading.isKeeping, (id, original) => change(id, (u) => ({ ...u, ...original })));

  // Every change wakes the clock at the uploads' floors (and moves it to now, so a real event shows at once), an
  // upload left unfinished (loaded after a reload, another visit) is read again, and originals go to the project.
  $uploads.subscribe((uploads) => {
    deps.clock.wakeAt(uploads.flatMap(uploadSteps));
    reading.resume(uploads);
    pushFiles(uploads);
  });

  /**
   * Brings a document's original and pages into this browser for the viewer: a sample's file from this site and its
   * pages from those that came with it; a user's document read on another device from their project. False when
   * there is nothing to bring.
   */
  async function fetchDocument(id: string): Promise<boolean> {
    const upload = find(id);
    if (!upload) return false;
    if (!upload.sample) return mirror.fetchDocument(upload);
    const db = await deps.db();
    if (!(await db.getFile(id))) await db.putFile({ id, name: upload.filename, kind: upload.kind, bytes: await deps.fetchSample(upload.sample) });
    if ((await db.getPages(id)).length === 0) {
      const read = (await reading.loadSamplePages()).get(upload.sample);
      if (read) await db.putPages(id, read.pages);
    }
    return true;
  }

  /** Sends the chosen file to the chosen case: Queued at this instant, kept, then read. */
  const submit = (): Upload | null => {
    const taken = form.take();
    if (!taken) return null;
    const { file, draft } = taken;
    const previous = draft.versionOf === undefined ? undefined : find(draft.versionOf);
    const upload = { ...newUpload(draft, deps.caseTitle(draft.caseId) ?? "", deps.newId(), new Date(deps.clock.now())), ...(previous ? nextVersion(previous) : {}) };
    // Marked as being kept before it is listed, so the list's change does not queue it before its bytes are written.
    void reading.keep(upload, file, () => pushFiles([upload]));
    $uploads.set([upload, ...$uploads.get()]);
    return upload;
  };

  /** Takes a drop or pick of many files: they wait for their case (the form's), then Import queues them all. */
  const chooseFiles = (files: readonly File[]) => {
    $bulkChoice.set([...files]);
    form.cancel();
    deps.prepareReading?.(Math.min(files.length, BULK_READ_CONCURRENCY));
  };

  /** The import being prepared (its records made a step at a time): a second Import meanwhile is the same one. */
  let importing: Promise<BulkImport | null> | null = null;

  /**
   * Imports the chosen files into the form's case at once: every accepted file Queued at one instant (its record
   * listed, its bytes kept a few at a time), read BULK_READ_CONCURRENCY at a time; a file of the wrong type or size is
   * refused with its reason and counted as failed. The records are made IMPORT_STEP files a task, so a choice of
   * thousands never holds the page, and listed all together in the last. Null when no case is chosen, or when the
   * choice is cancelled or replaced before they are listed.
   */
  const submitMany = (): Promise<BulkImport | null> => {
    const files = $bulkChoice.get();
    const { caseId } = form.$form.get();
    const caseName = deps.caseTitle(caseId);
    if (!files || caseName === undefined) return Promise.resolve(null);
    importing ??= (async () => {
      const now = new Date(deps.clock.now());
      const accepted: { upload: Upload; file: File }[] = [];
      const refused: BulkImport["refused"] = [];
      for (let from = 0; from < files.length; from += IMPORT_STEP) {
        if (from > 0) await nextTask();
        for (const file of files.slice(from, from + IMPORT_STEP)) {
          const problem = fileProblem(file);
          if (problem) refused.push({ name: file.name, reason: problem });
          else accepted.push({ upload: newUpload({ filename: file.name, sizeBytes: file.size, caseId, title: titleFromFileName(file.name) }, caseName, deps.newId(), now), file });
        }
      }
      if ($bulkChoice.get() !== files) return null;
      const bulk: BulkImport = { id: deps.newId(), ids: accepted.map((a) => a.upload.id), refused, cancelled: 0, startedAt: now.toISOString(), paused: false };
      $bulkChoice.set(null);
      $bulk.set([bulk]);
      // Marked as being kept before they are listed, so the list's change queues none before its bytes are written.
      void reading.keepMany(accepted, (upload) => pushFiles([upload]));
      $uploads.set([...accepted.map((a) => a.upload).reverse(), ...$uploads.get()]);
      return bulk;
    })().finally(() => (importing = null));
    return importing;
  };

  const changeBulk = (edit: (bulk: BulkImport) => BulkImport | null) => {
    const [bulk] = $bulk.get();
    if (!bulk) return;
    const next = edit(bulk);
    $bulk.set(next ? [next] : []);
  };

  /** Pauses the bulk import: the files being read finish, the others wait (across a reload too). */
  const pauseBulk = () => changeBulk((b) => ({ ...b, paused: true }));
  const resumeBulk = () => {
    changeBulk((b) => ({ ...b, paused: false }));
    reading.wake();
  };

  /** Cancels the rest of the bulk import: the files not started yet are removed (record and bytes); those being read finish. */
  const cancelBulk = async () => {
    const [bulk] = $bulk.get();
    if (!bulk) return;
    // The steps not applied yet first: a file whose reading has just started is not cancelled.
    reading.flush();
    const waiting = new Set(bulk.ids.filter((id) => find(id)?.processing.state === "queued"));
    changeBulk((b) => ({ ...b, ids: b.ids.filter((id) => !waiting.has(id)), cancelled: b.cancelled + waiting.size, paused: false }));
    $uploads.set($uploads.get().filter((u) => !waiting.has(u.id)));
    const db = await deps.db();
    for (const id of waiting) await db.deleteDocument(id).catch(() => undefined);
  };

  /** Where the bulk import stands now (done / failed / remaining, time left); null when there is none. */
  const $bulkProgress = computed([$bulk, $uploads, deps.clock.$now], ([bulk], uploads, now): (BulkProgress & { bulk: BulkImport }) | null => {
    if (!bulk) return null;
    const byId = new Map(uploads.map((u) => [u.id, u]));
    return { bulk, ...bulkProgress(bulk, (id) => { const u = byId.get(id); return u && uploadStatus(u, now); }, now) };
  });

  /** "Upload a new version" (Uploads?version=<id>): the next file is a new version of that document, in its case. */
  const preselectVersion = (search: string) => {
    const previous = find(new URLSearchParams(search).get("version") ?? "");
    // Filed in the previous version's case while that case is there (the user may pick another).
    if (previous) form.setVersionOf(previous.id, deps.caseIds().some((c) => c.id === previous.caseId) ? previous.caseId : undefined);
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
    // The original first, its removal answered before the row's deletion is queued: once the row is gone, its file
    // is read (and so removed) by no one.
    await mirror.removeOriginal(path);
    $uploads.set($uploads.get().filter((u) => u.id !== id));
    await (await deps.db()).deleteDocument(id);
  };

  /** Deletes what the database holds of documents with no record (lib/documents/prune.ts), while `owns` holds. */
  const prune = async (owns: () => boolean): Promise<number> => pruneDocuments(await deps.db(), (id) => find(id) !== undefined, owns);

  return {
    $uploads,
    $bulk,
    $bulkChoice,
    $bulkProgress,
    chooseFiles,
    submitMany,
    cancelChoice: () => $bulkChoice.set(null),
    pauseBulk,
    resumeBulk,
    cancelBulk,
    dismissBulk: () => $bulk.set([]),
    $form: form.$form,
    $canUpload: form.$canUpload,
    $recent,
    chooseFile: form.chooseFile,
    preselectCase: form.preselectCase,
    preselectVersion,
    setVersionOf: form.setVersionOf,
    readSamples: reading.readSamples,
    fetchDocument,
    pushFiles: () => pushFiles($uploads.get()),
    submit,
    reindex,
    remove,
    prune,
    stop: reading.stop,
    setCase: form.setCase,
    setTitle: form.setTitle,
    cancel: form.cancel,
  };
}

/** The reader's workers, kept from one document to the next: one for each document read at once. */
const readers = createReaderPool({ idle: BULK_READ_CONCURRENCY });

const uploads = createUploadsStore({
  clock,
  newId: newRecordId,
  caseTitle,
  caseIds: () => $cases.get(),
  // The database follows the signed-in user ($auth), loaded with the first document so this module stays testable alone.
  db: () => import("./documentsDb").then(({ userDocumentsDb }) => userDocumentsDb()),
  read: (kind, bytes, onProgress) => readInWorker(kind, bytes, { onProgress, pool: readers }),
  prepareReading: (documents) => readers.warm(documents),
  samplePages: fetchSamplePages,
  fetchSample: fetchSampleFile,
  onKeep: () => void import("./documentsDb").then(({ askToPersist }) => askToPersist()),
  leaving: leavingTracker(typeof window === "undefined" ? undefined : window),
  guardLeaving: leaveGuard(typeof window === "undefined" ? undefined : window),
  // Loaded on use, as the database is: the search worker's handle reads $auth, which this module's tests cannot load.
  embed: (upload, pages) => import("./searchWorker").then(({ indexPages }) => indexPages(upload, pages)),
  remote: () => $remote.get(),
  // Ten changes of the records a second at most during a bulk import, instead of four for every file read.
  batchMs: 100,
});

// A sync session that opens (sign-in, back online after a reload) uploads the originals still missing from the project.
$remote.listen((remote) => {
  if (remote) uploads.pushFiles();
});

export const { $uploads, $form: $uploadForm, $canUpload, $recent: $recentUploads } = uploads;
export const { readSamples, fetchDocument } = uploads;
export const { preselectVersion, setVersionOf: setUploadVersionOf } = uploads;
export const { chooseFile, preselectCase, submit: submitUpload, setCase: setUploadCase, setTitle: setUploadTitle } = uploads;
export const { cancel: cancelUpload, reindex: reindexUpload, remove: removeUpload, stop: stopReading, prune: pruneUploads } = uploads;

export const uploadsRecords = persisted(uploads.$uploads, uploadsFeature);
export const bulkImportsRecords = persisted(uploads.$bulk, bulkImportsFeature);
export const { $bulkChoice, $bulkProgress, chooseFiles, submitMany: importFiles, cancelChoice, pauseBulk, resumeBulk, cancelBulk, dismissBulk } = uploads;
