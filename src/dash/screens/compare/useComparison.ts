import { useEffect, useState } from "react";
import type { CompareReply } from "../../../lib/compare/protocol";
import { compareInWorker } from "../../../lib/compare/worker";
import type { PageText } from "../../../lib/documents/pages";

/** The comparison of two versions' pages: being made in its worker, made, or failed. */
export type ComparisonState = { status: "working" } | Extract<CompareReply, { ok: true }> & { status: "ready" } | { status: "failed" };

/** Compares two versions in a worker of its own (never on the page's thread); a new pair starts a new worker. */
export function useComparison(a: PageText[] | null, b: PageText[] | null): ComparisonState {
  const [state, setState] = useState<{ for: unknown; value: ComparisonState }>({ for: null, value: { status: "working" } });
  useEffect(() => {
    if (!a || !b) return;
    const { reply, terminate } = compareInWorker(a, b);
    void reply.then((data) => setState({ for: a, value: data.ok ? { ...data, status: "ready" } : { status: "failed" } }));
    return terminate;
  }, [a, b]);
  return state.for === a && a ? state.value : { status: "working" };
}
