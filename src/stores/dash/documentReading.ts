import { atom, type WritableAtom } from "nanostores";
import type { Clock } from "../../lib/dash/clock";
import type { SamplePages } from "../../lib/dash/samples/pages";
import type { Upload } from "../../lib/dash/uploads";
import { isQuotaError, type DocumentsDb } from "../../lib/documents/db";
import type { IngestProgress, IngestResult, PageText } from "../../lib/documents/pages";
import { createIngestQueue, type IngestQueueDeps } from "../../lib/documents/queue";
import { FAILURE_REASONS } from "../../lib/documents/reasons";
import { advance, isUnfinished } from "../../lib/documents/timeline";
import { BULK_READ_CONCURRENCY } from "../../lib/documents/bulk";

export interface DocumentReadingDeps {
  /** The user's uploads, samples included: reading records each step in them. */
  $uploads: WritableAtom<Upload[]>;
  clock: Clock;
  /** The signed-in user's documents database. */
  db: () => Promise<DocumentsDb>;
  /** Reads one document (in a worker of its own). */
  read: IngestQueueDeps["read"];
  /** The sample documents already read (public/samples/pages.json); rejects when the site cannot send them. */
  samplePages: () => Promise<SamplePages>;
  /** Called once a file is about to be kept: asks the browser to keep this site's storage. */
  onKeep?: () => void;
  /** True while the page is being left: a fetch cut off by the navigation is no failure of the sample. */
  leaving?: () => boolean;
  /** A document was read: its pages go to the search index and, with Supabase, the project. */
  pagesRead: (upload: Upload, pages: readonly PageText[]) => Promise<void>;
  /**
   * On while chosen files' bytes are being kept (off once none is): leaving the page then would lose the files not
   * kept yet, so the page asks first (pageLeaving.ts). Only while it matters: a beforeunload listener keeps a page out
   * of the back-forward cache.
   */
  guardLeaving?: (on: boolean) => void;
  /** True for an upload held back (its bulk import is paused): it waits in the queue until released. */
  held?: (id: string) => boolean;
  /**
   * While at least BATCH_FROM of the user's files wait or are read (a bulk import), the records' changes are applied
   * together this many milliseconds after the first; undefined to apply each at once, always.
   */
  batchMs?: number;
}

/**
 * How many files queued or being kept make the reading apply its record changes together (with `batchMs`): each change of the
 * records recomputes what every screen derives from all of them, so at 1,000 files one change a step kept the page
 * busy; one or a few uploads still show each step at once.
 */
export const BATCH_FROM = 10;

/**
 * How many chosen files' bytes a bulk import keeps in one write: a batch at a time, so 1,000 files are never all in
 * memory, and each batch is one transaction (one at a time kept about 30 small files a second on a busy laptop: a
 * reload a few seconds in lost the files not kept yet).
 */
const KEEPING_BATCH = 25;

/**
 * Reading documents: the user's files, kept in their database and read for real in a worker, one document at a
 * time; and the samples, whose pages come already read with the site (no reader, no OCR). Two lanes, so the samples
 * never hold up what the user uploads. An upload left unfinished (the page closed mid-way, records from another
 * visit) is read again. Statuses follow real events, with the specification's timings as floors (timeline.ts).
 */
export function createDocumentReading(deps: DocumentReadingDeps) {
  const { $uploads } = deps;
  const $progress = atom<ReadonlyMap<string, IngestProgress>>(new Map());
  /** Uploads whose bytes (or, for a sample, its pages) are still being fetched or written: queued once they are. */
  const keeping = new Set<string>();
  /** The user's chosen files among them (not the samples, which the site can send again). */
  const choosing = new Set<string>();
  const guard = () => deps.guardLeaving?.(choosing.size > 0);
  /** Bumped when reading stops (the workspace is cleared): a file still being kept from before is forgotten. */
  let generation = 0;
  /** Whether the sample documents may be read: not before something shows or searches documents. */
  let samplesWanted = false;
  /** The samples' pages, fetched once; forgotten when fetching failed, so Re-index fetches them again. */
  let samplePages: Promise<SamplePages> | null = null;

  /** Changes waiting to be applied together, by upload, in order; and the progress to show with them. */
  const pending = new Map<string, ((upload: Upload) => Upload)[]>();
  let pendingProgress: ReadonlyMap<string, IngestProgress> | null = null;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  // Files still being kept count too: a bulk import's first file is read while the others are written.
  const batching = () => deps.batchMs !== undefined && (pending.size > 0 || pendingProgress !== null || queue.size() + keeping.size >= BATCH_FROM);
  const edited = (upload: Upload, edits: readonly ((upload: Upload) => Upload)[]) => edits.reduce((u, edit) => edit(u), upload);

  /** Applies the changes waiting, in one change of the records (an upload deleted meanwhile is left out). */
  const flush = () => {
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
    if (pendingProgress) $progress.set(pendingProgress);
    pendingProgress = null;
    if (pending.size === 0) return;
    const edits = new Map(pending);
    pending.clear();
    $uploads.set(
      $uploads.get().map((u) => {
        const list = edits.get(u.id);
        return list ? edited(u, list) : u;
      }),
    );
  };
  const flushSoon = () => {
    flushTimer ??= setTimeout(flush, deps.batchMs);
  };

  /** An upload as it is now, the changes not applied yet included. */
  const find = (id: string) => {
    const upload = $uploads.get().find((u) => u.id === id);
    const edits = pending.get(id);
    return upload && edits ? edited(upload, edits) : upload;
  };
  const change = (id: string, edit: (upload: Upload) => Upload) => {
    if (!batching()) return $uploads.set($uploads.get().map((u) => (u.id === id ? edit(u) : u)));
    pending.set(id, [...(pending.get(id) ?? []), edit]);
    flushSoon();
  };
  const fail = (id: string, reason: string) =>
    change(id, (u) => ({ ...u, processing: advance(u.processing, { failed: reason }, new Date(deps.clock.now())) }));

  /** The samples' pages: fetched on the first use, then kept for the visit. */
  const loadSamplePages = (): Promise<SamplePages> => {
    samplePages ??= deps.samplePages().catch((error: unknown) => {
      samplePages = null;
      throw error;
    });
    return samplePages;
  };

  /** A sample's reading as the reader gives it, from the pages that came with the site. */
  const sampleReading = async (id: string): Promise<IngestResult> => {
    const path = find(id)?.sample;
    const read = path === undefined ? undefined : (await loadSamplePages()).get(path);
    return read ? { ok: true, unit: read.unit, pages: read.pages } : { ok: false, reason: FAILURE_REASONS.sampleUnavailable };
  };

  const queueDeps: IngestQueueDeps = {
    db: deps.db,
    read: deps.read,
    processing: (id) => find(id)?.processing,
    update: (id, processing, summary) => change(id, (u) => ({ ...u, processing, ...summary })),
    onProgress: (id, progress) => {
      const next = new Map(pendingProgress ?? $progress.get());
      if (progress) next.set(id, progress);
      else next.delete(id);
      if (!batching()) return $progress.set(next);
      pendingProgress = next;
      flushSoon();
    },
    now: () => new Date(deps.clock.now()),
    embed: async (id, pages) => {
      const upload = find(id);
      if (upload) await deps.pagesRead(upload, pages);
    },
  };
  // The user's files, a few at a time (each in its own worker), so a bulk import keeps going while one file is slow.
  const queue = createIngestQueue({ ...queueDeps, concurrency: BULK_READ_CONCURRENCY, ...(deps.held ? { held: deps.held } : {}) });
  const samplesQueue = createIngestQueue({ ...queueDeps, preRead: sampleReading });
  const queued = (id: string) => queue.has(id) || samplesQueue.has(id);

  /** Fetches the samples' pages (once), then queues the sample in its lane; says why when the site cannot send them. */
  async function prepareSample(upload: Upload, path: string): Promise<void> {
    const run = generation;
    keeping.add(upload.id);
    deps.onKeep?.();
    const read = await loadSamplePages().then(
      (pages) => pages.get(path),
      () => undefined,
    );
    if (run !== generation) return;
    keeping.delete(upload.id);
    if (!find(upload.id)) return;
    // Left unfinished instead: the next visit fetches them again.
    if (!read && deps.leaving?.()) return;
    if (!read) return fail(upload.id, FAILURE_REASONS.sampleUnavailable);
    change(upload.id, (u) => ({ ...u, sizeBytes: read.sizeBytes }));
    void samplesQueue.enqueue(upload.id);
  }

  /** Keeps a chosen file's bytes in the user's database, then queues it; a refused write fails this one only. */
  async function keep(upload: Upload, file: File, kept: () => void): Promise<void> {
    keeping.add(upload.id);
    choosing.add(upload.id);
    guard();
    deps.onKeep?.();
    await store(upload, file, generation, kept);
  }

  /**
   * Keeps many chosen files (a bulk import): all marked as being kept at once, so none is queued before its bytes are
   * written, then written KEEPING_BATCH to a transaction, each queued as soon as its batch is kept. A batch refused
   * is kept file by file, so each file that cannot be kept fails with its own reason.
   */
  async function keepMany(items: readonly { upload: Upload; file: File }[], kept: (upload: Upload) => void): Promise<void> {
    const run = generation;
    for (const { upload } of items) {
      keeping.add(upload.id);
      choosing.add(upload.id);
    }
    guard();
    deps.onKeep?.();
    for (let at = 0; at < items.length && run === generation; at += KEEPING_BATCH) {
      const batch = items.slice(at, at + KEEPING_BATCH);
      const written = await deps
        .db()
        .then(async (db) => db.putFiles(await Promise.all(batch.map(async ({ upload, file }) => ({ id: upload.id, name: upload.filename, kind: upload.kind, bytes: await file.arrayBuffer() })))))
        .then(
          () => true,
          () => false,
        );
      if (run !== generation) return;
      for (const { upload, file } of batch) {
        if (written) settle(upload, null, () => kept(upload));
        else await store(upload, file, run, () => kept(upload));
      }
    }
  }

  async function store(upload: Upload, file: File, run: number, kept: () => void): Promise<void> {
    const refused = await deps
      .db()
      .then(async (db) => db.putFile({ id: upload.id, name: upload.filename, kind: upload.kind, bytes: await file.arrayBuffer() }))
      .then(
        () => null,
        (error: unknown) => (isQuotaError(error) ? FAILURE_REASONS.storage : FAILURE_REASONS.noStorage),
      );
    // Reading stopped meanwhile (the workspace was cleared): what was kept belongs to records that are gone.
    if (run !== generation) return;
    settle(upload, refused, kept);
  }

  /** A file kept (or refused, and why): queued to be read, or failed with its reason. */
  function settle(upload: Upload, refused: string | null, kept: () => void): void {
    keeping.delete(upload.id);
    if (choosing.delete(upload.id) && choosing.size === 0) guard();
    if (!find(upload.id)) return;
    // Left unfinished instead: the next visit reads it again.
    if (refused && deps.leaving?.()) return;
    if (refused) return fail(upload.id, refused);
    void queue.enqueue(upload.id);
    kept();
  }

  /** Queues every unfinished upload that is not being kept or read; a sample only once samples are wanted. */
  const resume = (uploads: readonly Upload[]) => {
    for (const upload of uploads) {
      if (!isUnfinished(upload.processing) || keeping.has(upload.id) || queued(upload.id)) continue;
      if (!upload.sample) void queue.enqueue(upload.id);
      else if (samplesWanted) void prepareSample(upload, upload.sample);
    }
  };

  /**
   * Reads the sample documents, once, on their first use: a screen that shows documents (Files, Cases, Uploads, the
   * Attach picker) or a question to the assistant. Their pages come with the site (public/samples/pages.json), so
   * even then no reader, PDF.js or OCR file is loaded.
   */
  const readSamples = () => {
    if (samplesWanted) return;
    samplesWanted = true;
    resume($uploads.get());
  };

  return {
    $progress,
    keep,
    keepMany,
    /** Reads the uploads released (a paused bulk import resumed). */
    wake: () => queue.wake(),
    resume,
    readSamples,
    loadSamplePages,
    /** True while an upload's bytes are being written (its original cannot be sent yet). */
    isKeeping: (id: string) => keeping.has(id),
    /** Applies at once the changes of the records waiting to be applied together. */
    flush,
    /** Stops reading (the workspace is cleared): nothing under way is recorded any more. */
    stop: () => {
      if (flushTimer !== undefined) clearTimeout(flushTimer);
      flushTimer = undefined;
      pending.clear();
      pendingProgress = null;
      generation += 1;
      keeping.clear();
      choosing.clear();
      guard();
      queue.clear();
      samplesQueue.clear();
    },
  };
}
