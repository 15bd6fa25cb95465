import type { CompareReply } from "./protocol";
import type { ComparePage } from "./sections";

/** Compares two versions' pages in a worker of its own (never on the page's thread); `terminate` ends it early. */
export function compareInWorker(a: readonly ComparePage[], b: readonly ComparePage[]): { reply: Promise<CompareReply>; terminate: () => void } {
  const worker = new Worker(new URL("../../workers/compare.worker.ts", import.meta.url), { type: "module", name: "compare" });
  const reply = new Promise<CompareReply>((resolve) => {
    worker.onmessage = ({ data }: MessageEvent<CompareReply>) => resolve(data);
    worker.onerror = () => resolve({ ok: false });
  }).finally(() => worker.terminate());
  const strip = (pages: readonly ComparePage[]) => pages.map(({ number, text }) => ({ number, text }));
  worker.postMessage({ a: strip(a), b: strip(b) });
  return { reply, terminate: () => worker.terminate() };
}
