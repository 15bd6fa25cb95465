import type { DocumentsDb } from "./db";
import { isQuotaError } from "./db";
import type { IngestProgress, IngestResult, PageText, PageUnit } from "./pages";
import type { DocumentKind } from "./kinds";
import { FAILURE_REASONS } from "./reasons";
import { advance, cutOffTooOften, type Processing } from "./timeline";

/** What the queue learns about a document once it is read: how many pages (or sections), and how many were recognised. */
export interface ReadSummary {
  pages: number;
  unit: PageUnit;
  ocrPages: number;
}

export interface IngestQueueDeps {
  /** The open user's documents database. */
  db: () => Promise<DocumentsDb>;
  /** Reads one document (in a worker of its own). */
  read: (kind: DocumentKind, bytes: ArrayBuffer, onProgress: (progress: IngestProgress) => void) => Promise<IngestResult>;
  /**
   * The document's reading when it was read before it was queued (a sample, read when the site was made), so its
   * file is neither needed nor read; undefined to read the stored file.
   */
  preRead?: (id: string) => Promise<IngestResult> | undefined;
  /** The document's processing record now, or undefined when it is gone (deleted, another user). */
  processing: (id: string) => Processing | undefined;
  /** Records the next step of a document's processing (and, once read, its summary). */
  update: (id: string, processing: Processing, summary?: ReadSummary) => void;
  onProgress: (id: string, progress: IngestProgress | null) => void;
  /** Adds the stored pages to the search index (the Embedding step); a failure here leaves the next sync to add them. */
  embed?: (id: string, pages: readonly PageText[]) => Promise<void>;
  now: () => Date;
  /** How many documents are read at once, each in its own worker (a bulk import reads a few at a time); 1 by default. */
  concurrency?: number;
  /** True for a document held back (its bulk import is paused): it is left waiting, and queued again once released. */
  held?: (id: string) => boolean;
}

/**
 * Reads documents `concurrency` at a time (one by default), in the order they were queued: bytes from the user's database, text from the
 * reader, pages back into the database, and every step recorded with its instant, so the statuses follow real
 * events. A document deleted (or a user signed out) while it waits is skipped; one that fails says why and the
 * queue carries on with the next.
 */
export function createIngestQueue(deps: IngestQueueDeps) {
  const waiting: string[] = [];
  /** The same ids as `waiting`, for `has` at a glance (a bulk import asks it of 1,000 documents at every change). */
  const waitingIds = new Set<string>();
  const active = new Set<string>();
  let running: Promise<void> | null = null;
  let generation = 0;

  const step = (id: string, event: Parameters<typeof advance>[1], summary?: ReadSummary) => {
    const current = deps.processing(id);
    if (current) deps.update(id, advance(current, event, deps.now()), summary);
  };

  /** Reads the stored file of a document; undefined when it is no longer wanted once found. */
  async function readFile(db: DocumentsDb, id: string, stillWanted: () => boolean): Promise<IngestResult | undefined> {
    const file = await db.getFile(id);
    if (!stillWanted()) return undefined;
    if (!file) return { ok: false, reason: FAILURE_REASONS.lost };
    try {
      return await deps.read(file.kind, file.bytes, (progress) => {
        if (stillWanted()) deps.onProgress(id, progress);
      });
    } finally {
      deps.onProgress(id, null);
    }
  }

  async function process(id: string, runGeneration: number): Promise<void> {
    const stillWanted = () => runGeneration === generation && deps.processing(id) !== undefined;
    // Started twice before and never finished: the page crashed or closed mid-read each time. Not a third time.
    const before = deps.processing(id);
    if (before && cutOffTooOften(before)) return step(id, { failed: FAILURE_REASONS.cutOff });
    step(id, "reading");
    const db = await deps.db();
    const result = await (deps.preRead?.(id) ?? readFile(db, id, stillWanted));
    if (!stillWanted() || !result) return;
    if (!result.ok) return step(id, { failed: result.reason });
    const summary: ReadSummary = { pages: result.pages.length, unit: result.unit, ocrPages: result.pages.filter((p) => p.source === "ocr").length };
    step(id, "read", summary);
    try {
      await db.putPages(id, result.pages);
    } catch (error) {
      if (stillWanted()) step(id, { failed: isQuotaError(error) ? FAILURE_REASONS.storage : FAILURE_REASONS.crashed });
      return;
    }
    if (stillWanted()) await deps.embed?.(id, result.pages).catch(() => undefined);
    if (stillWanted()) step(id, "done", summary);
  }

  let lanes = 0;
  /** One lane: takes the next document not held back, until none is left (and then closes at once, in the same task). */
  async function lane(runGeneration: number): Promise<void> {
    while (runGeneration === generation) {
      const at = waiting.findIndex((id) => !deps.held?.(id));
      if (at < 0) {
        lanes -= 1;
        return;
      }
      const [id] = waiting.splice(at, 1) as [string];
      waitingIds.delete(id);
      active.add(id);
      try {
        await process(id, runGeneration);
      } catch {
        if (runGeneration === generation) step(id, { failed: FAILURE_REASONS.crashed });
      } finally {
        active.delete(id);
      }
    }
  }

  /** Opens lanes up to `concurrency` while documents wait; resolves when every lane of this run is done. */
  function drain(): Promise<void> {
    const runGeneration = generation;
    const opened: Promise<void>[] = [];
    while (lanes < Math.max(1, deps.concurrency ?? 1) && waiting.some((id) => !deps.held?.(id))) {
      lanes += 1;
      opened.push(lane(runGeneration));
    }
    if (opened.length === 0) return running ?? Promise.resolve();
    const all = Promise.all([running, ...opened]).then(() => undefined);
    running = all;
    void all.finally(() => {
      if (running === all) running = null;
    });
    return all;
  }

  /** Queues a document (once: not while it waits or is being read); reading starts when a lane is free. */
  const enqueue = (id: string): Promise<void> => {
    if (!waitingIds.has(id) && !active.has(id)) {
      waiting.push(id);
      waitingIds.add(id);
    }
    return drain();
  };

  /** Forgets every queued document (the user signed out or cleared the workspace); a reading under way is discarded. */
  const clear = () => {
    generation += 1;
    waiting.length = 0;
    waitingIds.clear();
    active.clear();
    running = null;
    lanes = 0;
  };

  return {
    enqueue,
    clear,
    /** Opens lanes again for documents released (a paused bulk import resumed). */
    wake: () => void drain(),
    has: (id: string) => active.has(id) || waitingIds.has(id),
    /** How many documents wait or are being read. */
    size: () => waiting.length + active.size,
  };
}
