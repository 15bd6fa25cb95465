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
}

/**
 * Reads documents one at a time, in the order they were queued: bytes from the user's database, text from the
 * reader, pages back into the database, and every step recorded with its instant, so the statuses follow real
 * events. A document deleted (or a user signed out) while it waits is skipped; one that fails says why and the
 * queue carries on with the next.
 */
export function createIngestQueue(deps: IngestQueueDeps) {
  const waiting: string[] = [];
  let active: string | null = null;
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

  async function drain(runGeneration: number): Promise<void> {
    while (waiting.length && runGeneration === generation) {
      const id = waiting.shift();
      if (id === undefined) break;
      active = id;
      try {
        await process(id, runGeneration);
      } catch {
        if (runGeneration === generation) step(id, { failed: FAILURE_REASONS.crashed });
      } finally {
        if (active === id) active = null;
      }
    }
  }

  /** Queues a document (once: not while it waits or is being read); reading starts when those before it are done. */
  const enqueue = (id: string): Promise<void> => {
    if (!waiting.includes(id) && active !== id) waiting.push(id);
    if (!running) {
      const run: Promise<void> = drain(generation).finally(() => {
        if (running === run) running = null;
      });
      running = run;
    }
    return running;
  };

  /** Forgets every queued document (the user signed out or cleared the workspace); a reading under way is discarded. */
  const clear = () => {
    generation += 1;
    waiting.length = 0;
    active = null;
    running = null;
  };

  return { enqueue, clear, has: (id: string) => active === id || waiting.includes(id) };
}
