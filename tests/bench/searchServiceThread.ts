/**
 * A search service in a worker thread, as the app holds it in a Web Worker: the review benchmark's page side (the
 * store) then runs alone on its thread, and its steps are measured without the search's work or garbage. It also reads
 * files as the reader's worker does (`read`: the reader's own code, ingest), for the import figures of bench:scale.
 */
import { parentPort } from "node:worker_threads";
import type { DocumentKind } from "../../src/lib/documents/kinds";
import { ingest, type IngestLibraries } from "../../src/lib/documents/worker/ingest";
import { createSearchService } from "../../src/lib/search/worker/service";

const service = createSearchService({ load: async () => undefined, save: async () => undefined, pages: async () => [], setTimer: () => setTimeout(() => undefined, 0) });

/** Plain text needs no library; any other kind is refused, as a reader without them would. */
const noLibraries: IngestLibraries = {
  openPdf: () => Promise.reject(new Error("no PDF library here")),
  docxText: () => Promise.reject(new Error("no DOCX library here")),
  recognise: () => Promise.reject(new Error("no OCR here")),
};

type Call = { id: number; method: "add" | "search" | "read"; args: unknown[] };

parentPort?.on("message", (call: Call) => {
  const run =
    call.method === "add"
      ? service.add(...(call.args as Parameters<typeof service.add>))
      : call.method === "search"
        ? service.search(...(call.args as Parameters<typeof service.search>))
        : ingest(call.args[0] as DocumentKind, new Uint8Array(call.args[1] as ArrayBuffer), noLibraries);
  run.then(
    (value) => parentPort?.postMessage({ id: call.id, value }),
    (error: unknown) => parentPort?.postMessage({ id: call.id, error: String(error) }),
  );
});
