/**
 * A search service in a worker thread, as the app holds it in a Web Worker: the review benchmark's page side (the
 * store) then runs alone on its thread, and its steps are measured without the search's work or garbage.
 */
import { parentPort } from "node:worker_threads";
import { createSearchService } from "../../src/lib/search/worker/service";

const service = createSearchService({ load: async () => undefined, save: async () => undefined, pages: async () => [], setTimer: () => setTimeout(() => undefined, 0) });

type Call = { id: number; method: "add" | "search"; args: unknown[] };

parentPort?.on("message", (call: Call) => {
  const run = call.method === "add" ? service.add(...(call.args as Parameters<typeof service.add>)) : service.search(...(call.args as Parameters<typeof service.search>));
  run.then(
    (value) => parentPort?.postMessage({ id: call.id, value }),
    (error: unknown) => parentPort?.postMessage({ id: call.id, error: String(error) }),
  );
});
