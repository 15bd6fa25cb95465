/// <reference lib="webworker" />
// The ingestion worker: reads one document's text page by page (src/lib/documents/ingest.ts) with the libraries
// loaded on first use, and answers with progress and one result. The page starts one per document.
import pdfWorker from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { ingest, type IngestResult } from "../lib/documents/ingest";
import { browserLibraries } from "../lib/documents/libraries";
import type { IngestReply, IngestRequest } from "../lib/documents/protocol";
import { FAILURE_REASONS } from "../lib/documents/reasons";
import { OCR_URLS } from "../lib/documents/vendorAssets";

declare const self: DedicatedWorkerGlobalScope;

const reply = (message: IngestReply) => self.postMessage(message);

self.onmessage = async ({ data }: MessageEvent<IngestRequest>) => {
  const libraries = browserLibraries({ pdfWorker, ...OCR_URLS });
  let result: IngestResult;
  try {
    result = await ingest(data.kind, new Uint8Array(data.bytes), libraries, (progress) => reply({ type: "progress", progress }));
  } catch {
    result = { ok: false, reason: FAILURE_REASONS.crashed };
  }
  await libraries.close().catch(() => undefined);
  reply({ type: "result", result });
};
