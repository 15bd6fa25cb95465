import { buildSync } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { DocumentKind } from "../../src/lib/documents/kinds";
import type { IngestResult } from "../../src/lib/documents/pages";
import type { Findings, SearchOptions } from "../../src/lib/search/results";

/**
 * The search service in a worker thread (tests/bench/searchServiceThread.ts, bundled here), called as the page calls
 * its workers: the review benchmark (src/stores/dash/reviewGrid.bench.ts) and bench:scale (tests/scale/).
 */
export function searchThread() {
  const bundle = buildSync({ entryPoints: [new URL("./searchServiceThread.ts", import.meta.url).pathname], bundle: true, platform: "node", format: "esm", write: false });
  const dir = mkdtempSync(join(tmpdir(), "search-thread-"));
  const file = join(dir, "search.mjs");
  writeFileSync(file, bundle.outputFiles[0]?.text ?? "");
  const worker = new Worker(file);
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.on("message", ({ id, value, error }: { id: number; value: unknown; error?: string }) => {
    const call = waiting.get(id);
    waiting.delete(id);
    if (error === undefined) call?.resolve(value);
    else call?.reject(new Error(error));
  });
  const call = <T>(method: "add" | "search" | "read", args: unknown[], transfer: ArrayBuffer[] = []) =>
    new Promise<T>((resolve, reject) => {
      waiting.set((next += 1), { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id: next, method, args }, transfer);
    });
  return {
    add: (document: { id: string; title: string; caseId?: string; caseTitle?: string }, pages: string[]) =>
      call<void>("add", [{ id: document.id, title: document.title, caseId: document.caseId ?? "c", caseTitle: document.caseTitle ?? "Bench", unit: "page" }, pages.map((text, i) => ({ number: i + 1, text, source: "text" }))]),
    search: (query: string, options: SearchOptions) => call<Findings>("search", [query, options]),
    /** Reads a file as the reader's worker does (its bytes are moved to the thread, as postMessage transfers them). */
    read: (kind: DocumentKind, bytes: ArrayBuffer) => call<IngestResult>("read", [kind, bytes], [bytes]),
    close: async () => {
      await worker.terminate();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
