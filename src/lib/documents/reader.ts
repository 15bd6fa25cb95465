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
  setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

/** The ingestion worker: a thin entry over src/lib/documents/worker/ingest.ts, with PDF.js, mammoth and tesseract.js inside. */
const ingestWorker = (): WorkerLike => new Worker(new URL("../../workers/ingest.worker.ts", import.meta.url), { type: "module", name: "ingest" });

/**
 * Reads one document in a worker of its own, so the page never parses a file and one document's crash or time-out
 * touches no other. Always resolves: a worker that crashes, or takes longer than the time-out, is stopped and the
 * document fails with the reason in words. The caller's bytes are copied, never taken.
 */
export function readInWorker(kind: DocumentKind, bytes: ArrayBuffer, options: ReaderOptions = {}): Promise<IngestResult> {
  const { onProgress, timeoutMs = DOCUMENT_TIMEOUT_MS, createWorker = ingestWorker, setTimer = setTimeout, clearTimer = clearTimeout } = options;
  return new Promise((resolve) => {
    let worker: WorkerLike;
    try {
      worker = createWorker();
    } catch {
      resolve({ ok: false, reason: FAILURE_REASONS.crashed });
      return;
    }
    const finish = (result: IngestResult) => {
      clearTimer(timer);
      worker.onmessage = worker.onerror = worker.onmessageerror = null;
      worker.terminate();
      resolve(result);
    };
    const timer = setTimer(() => finish({ ok: false, reason: FAILURE_REASONS.timeout }), timeoutMs);
    worker.onmessage = ({ data }: MessageEvent<unknown>) => {
      // Only this protocol's messages count: PDF.js, when it runs inside the worker, posts its own to the page too.
      const reply = data as Partial<IngestReply> | null;
      if (reply?.type === "progress" && reply.progress) onProgress?.(reply.progress);
      else if (reply?.type === "result" && reply.result) finish(reply.result);
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
