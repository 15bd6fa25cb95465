import type { IngestProgress, IngestResult } from "./pages";
import type { DocumentKind } from "./kinds";
import { PDFJS_URLS } from "./pdfjsAssets";
import type { IngestReply, IngestRequest } from "./protocol";
import { DOCUMENT_TIMEOUT_MS, FAILURE_REASONS } from "./reasons";

/** The part of a Worker the reader uses (a fake one in tests). */
export interface WorkerLike {
  postMessage(message: IngestRequest, transfer: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
}

export interface ReaderOptions {
  onProgress?: (progress: IngestProgress) => void;
  timeoutMs?: number;
  createWorker?: () => WorkerLike;
  /** Workers kept between documents (a bulk import): taken from here and given back once a document is read. */
  pool?: ReaderPool;
  setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

/** The ingestion worker: a thin entry over src/lib/documents/worker/ingest.ts, with PDF.js, mammoth and tesseract.js inside. */
const ingestWorker = (): WorkerLike => new Worker(new URL("../../workers/ingest.worker.ts", import.meta.url), { type: "module", name: "ingest" });

/** Workers kept between documents: each reads one document at a time, and a few wait idle for the next. */
export interface ReaderPool {
  /** An idle worker, or a new one. */
  take(): WorkerLike;
  /** A worker whose document was read to a result: kept for the next, or stopped. */
  give(worker: WorkerLike): void;
  /**
   * Starts idle workers until this many wait (at most `idle`), before the documents come: a bulk import's files chosen,
   * its workers start while the case is picked, not while the import reads.
   */
  warm(count: number): void;
}

export interface ReaderPoolOptions {
  createWorker?: () => WorkerLike;
  /** How many idle workers are kept (the queue's concurrency). */
  idle: number;
  /** How many documents one worker reads before it is stopped, so whatever a library leaks goes with it. */
  maxUses?: number;
  /** How long an idle worker is kept with nothing to read. */
  idleMs?: number;
  /** How long a worker started by warm waits for its first document. */
  warmMs?: number;
  setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

/**
 * A worker reads this many documents before a new one takes its place. Starting a worker costs the page one task of
 * 25-80 ms (Chromium's DedicatedWorkerHostFactoryClient message, in a trace of the 1,000-file test): at 20 a worker,
 * those 50 starts were the import's longest tasks; at 200, the three workers of a 1,000-file import were each started
 * again once while it read. At 500 they are not, the workers being started (warm) when the files are chosen.
 */
export const READER_MAX_USES = 500;
/** An idle worker is stopped after this long with nothing to read. */
export const READER_IDLE_MS = 10_000;
/** A worker started before its documents (warm) waits this long for them: the time to pick a case and press Import. */
export const READER_WARM_MS = 60_000;

/**
 * Reader workers used again from one document to the next (a bulk import): starting a worker per file cost the page
 * more than the reading, and 1,000 stopped workers left garbage collector pauses of 100 ms and more. A worker
 * still reads one document at a time; one that crashed or timed out is stopped, never given back.
 */
export function createReaderPool(options: ReaderPoolOptions): ReaderPool {
  const { createWorker = ingestWorker, idle, maxUses = READER_MAX_USES, idleMs = READER_IDLE_MS, warmMs = READER_WARM_MS, setTimer = setTimeout, clearTimer = clearTimeout } = options;
  const uses = new WeakMap<WorkerLike, number>();
  const waiting: { worker: WorkerLike; timer: ReturnType<typeof setTimeout> }[] = [];
  /** Keeps an idle worker for the next document, stopped after `ms` with nothing to read. */
  const keep = (worker: WorkerLike, ms = idleMs) => {
    const entry = {
      worker,
      timer: setTimer(() => {
        const at = waiting.indexOf(entry);
        if (at >= 0) waiting.splice(at, 1);
        worker.terminate();
      }, ms),
    };
    waiting.push(entry);
  };
  const start = () => {
    const worker = createWorker();
    uses.set(worker, 0);
    return worker;
  };
  return {
    take() {
      // The idle worker that has read the fewest (the first kept of those, on a tie), so a bulk import's documents are
      // shared among its workers: handing out the last one kept gave a run of one-at-a-time reads to one worker, which
      // reached maxUses halfway through 1,000 files and was started again while they were read.
      let at = -1;
      waiting.forEach((entry, i) => {
        if (at < 0 || (uses.get(entry.worker) ?? 0) < (uses.get(waiting[at]!.worker) ?? 0)) at = i;
      });
      const [kept] = at >= 0 ? waiting.splice(at, 1) : [];
      if (kept) {
        clearTimer(kept.timer);
        return kept.worker;
      }
      return start();
    },
    give(worker) {
      const used = (uses.get(worker) ?? maxUses) + 1;
      uses.set(worker, used);
      if (used >= maxUses || waiting.length >= idle) return worker.terminate();
      keep(worker);
    },
    warm(count) {
      const wanted = Math.min(count, idle);
      try {
        while (waiting.length < wanted) keep(start(), warmMs);
      } catch {
        // A worker that cannot start now is tried again when a document needs it (and fails it with its reason then).
      }
    },
  };
}

/**
 * Reads one document in a worker of its own (or one of the pool's, reading nothing else meanwhile), so the page never
 * parses a file and one document's crash or time-out touches no other. Always resolves: a worker that crashes, or
 * takes longer than the time-out, is stopped and the document fails with the reason in words. The caller's bytes are
 * copied, never taken.
 */
export function readInWorker(kind: DocumentKind, bytes: ArrayBuffer, options: ReaderOptions = {}): Promise<IngestResult> {
  const { onProgress, timeoutMs = DOCUMENT_TIMEOUT_MS, createWorker = ingestWorker, pool, setTimer = setTimeout, clearTimer = clearTimeout } = options;
  return new Promise((resolve) => {
    let worker: WorkerLike;
    try {
      worker = pool ? pool.take() : createWorker();
    } catch {
      resolve({ ok: false, reason: FAILURE_REASONS.crashed });
      return;
    }
    /** `answered`: the worker sent its result, so it is sound and a pool may keep it. */
    const finish = (result: IngestResult, answered = false) => {
      clearTimer(timer);
      worker.onmessage = worker.onerror = worker.onmessageerror = null;
      if (answered && pool) pool.give(worker);
      else worker.terminate();
      resolve(result);
    };
    const timer = setTimer(() => finish({ ok: false, reason: FAILURE_REASONS.timeout }), timeoutMs);
    worker.onmessage = ({ data }: MessageEvent<unknown>) => {
      // Only this protocol's messages count: PDF.js, when it runs inside the worker, posts its own to the page too.
      const reply = data as Partial<IngestReply> | null;
      if (reply?.type === "progress" && reply.progress) onProgress?.(reply.progress);
      else if (reply?.type === "result" && reply.result) finish(reply.result, true);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish({ ok: false, reason: FAILURE_REASONS.crashed });
    };
    worker.onmessageerror = () => finish({ ok: false, reason: FAILURE_REASONS.crashed });
    const copy = bytes.slice(0);
    worker.postMessage({ kind, bytes: copy, pdfjs: PDFJS_URLS }, [copy]);
  });
}
