/**
 * The measures of the quality benchmark (issue 29): whether a quote holds an expert-marked span, and the figures over
 * a set of answers. Pure functions, shared by `npm run bench:quality` and its Vitest gate.
 */

/** Lower case, white space collapsed: how quotes and spans are compared. */
export const normalise = (text: string): string => text.toLowerCase().replace(/\s+/g, " ").trim();

/** A span longer than this counts when any run of this many characters of it is in the quote. */
export const RUN = 40;

/** Whether a quote holds a span: the whole span, or (for a span over RUN characters) any RUN-character run of it. */
export function holds(quote: string, span: string): boolean {
  const q = normalise(quote);
  const s = normalise(span);
  if (!s) return false;
  if (s.length <= RUN) return q.includes(s);
  for (let i = 0; i + RUN <= s.length; i += 1) if (q.includes(s.slice(i, i + RUN))) return true;
  return false;
}

/** How a question was answered: the quotes, best first, and what the answer said. */
export interface Answered {
  quotes: string[];
  /** found: it quoted an answer; nothing: "I found nothing"; absent: "No such clause was found". */
  verdict: "found" | "nothing" | "absent";
  ms: number;
}

/** One labelled question as the benchmark asks it. */
export interface Asked {
  category: string;
  spans: string[];
  impossible: boolean;
  answered: Answered;
}

export interface Figures {
  hitAt1: number;
  hitAt3: number;
  falseNothing: number;
  absentSaid: number;
  p95ms: number;
  questions: number;
}

const pct = (n: number, of: number) => (of ? Math.round((1000 * n) / of) / 10 : 0);

/** The figures of one path and one form: percentages 0-100 with one decimal, and the 95th percentile of the time. */
export function figures(asked: readonly Asked[]): Figures {
  const positives = asked.filter((a) => a.spans.length > 0);
  const impossible = asked.filter((a) => a.impossible);
  const hit = (a: Asked, k: number) => a.answered.verdict === "found" && a.answered.quotes.slice(0, k).some((q) => a.spans.some((s) => holds(q, s)));
  const times = asked.map((a) => a.answered.ms).sort((x, y) => x - y);
  return {
    hitAt1: pct(positives.filter((a) => hit(a, 1)).length, positives.length),
    hitAt3: pct(positives.filter((a) => hit(a, 3)).length, positives.length),
    falseNothing: pct(positives.filter((a) => a.answered.verdict !== "found").length, positives.length),
    absentSaid: pct(impossible.filter((a) => a.answered.verdict === "absent").length, impossible.length),
    p95ms: Math.round(10 * (times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0)) / 10,
    questions: asked.length,
  };
}

/** The share of questions both paths answer with the same first quote (or both with none). */
export function agreement(a: readonly Answered[], b: readonly Answered[]): number {
  let same = 0;
  a.forEach((x, i) => {
    const y = b[i];
    if (y && x.verdict === y.verdict && normalise(x.quotes[0] ?? "") === normalise(y.quotes[0] ?? "")) same += 1;
  });
  return pct(same, a.length);
}
