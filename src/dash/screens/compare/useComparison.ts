import { useEffect, useState } from "react";
import type { CompareReply } from "../../../lib/compare/protocol";
import type { PageText } from "../../../lib/documents/pages";

/** The comparison of two versions' pages: being made in its worker, made, or failed. */
export type ComparisonState = { status: "working" } | Extract<CompareReply, { ok: true }> & { status: "ready" } | { status: "failed" };

/** Compares two versions in a worker of its own (never on the page's thread); a new pair starts a new worker. */
export function useComparison(a: PageText[] | null, b: PageText[] | null): ComparisonState {
  const [state, setState] = useState<{ for: unknown; value: ComparisonState }>({ for: null, value: { status: "working" } });
  useEffect(() => {
    if (!a || !b) return;
    const worker = new Worker(new URL("../../../workers/compare.worker.ts", import.meta.url), { type: "module", name: "compare" });
    worker.onmessage = ({ data }: MessageEvent<CompareReply>) => {
      setState({ for: a, value: data.ok ? { ...data, status: "ready" } : { status: "failed" } });
      worker.terminate();
    };
    worker.onerror = () => {
      setState({ for: a, value: { status: "failed" } });
      worker.terminate();
    };
    const strip = (pages: PageText[]) => pages.map(({ number, text }) => ({ number, text }));
    worker.postMessage({ a: strip(a), b: strip(b) });
    return () => worker.terminate();
  }, [a, b]);
  return state.for === a && a ? state.value : { status: "working" };
}
