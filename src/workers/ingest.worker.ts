/// <reference lib="webworker" />
// The ingestion worker: reads one document's text page by page (src/lib/documents/worker/ingest.ts) with the libraries
// loaded on first use, and answers with progress and one result. It reads one document at a time; the page keeps a
// few between documents (reader.ts's pool) and stops one that crashed or timed out.
import { ingest } from "../lib/documents/worker/ingest";
import { type IngestResult } from "../lib/documents/pages";
import { browserLibraries } from "../lib/documents/worker/libraries";
import { importPdfJs } from "../lib/documents/pdfjs";
import type { IngestReply, IngestRequest } from "../lib/documents/protocol";
import { FAILURE_REASONS } from "../lib/documents/reasons";
import { OCR_URLS } from "../lib/documents/vendorAssets";

declare const self: DedicatedWorkerGlobalScope;

const reply = (message: IngestReply) => self.postMessage(message);

self.onmessage = async ({ data }: MessageEvent<IngestRequest>) => {
  // PDF.js from the files the page names: the viewer's own, fetched once.
  const libraries = browserLibraries({ pdfWorker: data.pdfjs.worker, ...OCR_URLS }, () => importPdfJs(data.pdfjs.module));
  let result: IngestResult;
  try {
    result = await ingest(data.kind, new Uint8Array(data.bytes), libraries, (progress) => reply({ type: "progress", progress }));
  } catch {
    result = { ok: false, reason: FAILURE_REASONS.crashed };
  }
  await libraries.close().catch(() => undefined);
  reply({ type: "result", result });
};
