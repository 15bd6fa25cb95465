/**
 * The measures of the quality benchmark (issues 29 and 42): whether a quote holds an expert-marked span (by place in
 * the contract, and the old rule by its words), and the figures over a set of answers. Pure functions, shared by
 * `npm run bench:quality` and its Vitest gate.
 */
import { holdsByPlace, type Place, type Span } from "./place";

/** Lower case, white space collapsed: how quotes and spans are compared. */
export const normalise = (text: string): string => text.toLowerCase().replace(/\s+/g, " ").trim();

/** A span longer than this counts when any run of this many characters of it is in the quote. */
export const RUN = 40;

/**
 * The old rule (issue 29), kept beside the rule by place for one release: whether a quote holds a span's words, the
 * whole span or (for a span over RUN characters) any RUN-character run of it, wherever in the contract the quote is.
 */
export const holds = (quote: string, span: string): boolean => holdsNormalised(normalise(quote), normalise(span));

/** holds, for a quote and a span already normalised. */
function holdsNormalised(q: string, s: string): boolean {
  if (!s) return false;
  if (s.length <= RUN) return q.includes(s);
  for (let i = 0; i + RUN <= s.length; i += 1) if (q.includes(s.slice(i, i + RUN))) return true;
  return false;
}

/** How a question was answered: the quotes, best first, and what the answer said. */
export interface Answered {
  quotes: string[];
  /** Where each quote is in the contract (place.ts); null when its cited page does not hold it. */
  places: (Place | null)[];
  /** found: it quoted an answer; nothing: "I found nothing"; absent: "No <clause> clause was found". */
  verdict: "found" | "nothing" | "absent";
  /** With an absent verdict: the clause the reply names ("No governing-law clause was found" names "governing-law"). */
  absentClause?: string;
  ms: number;
}

/** One labelled question as the benchmark asks it. */
export interface Asked {
  category: string;
  /** The clause word of the category's concept (concepts.ts): the absence the question is about. */
  clause: string | undefined;
  spans: Span[];
  impossible: boolean;
  answered: Answered;
}

/** The figures of a set of answers: percentages 0-100 with one decimal, the time in ms, and counts. */
export interface Figures {
  /** Questions with a span answered "found" whose first quote overlaps a span's place in the contract. */
  hitAt1: number;
  /** The same for any of the first three quotes. */
  hitAt3: number;
  /** hitAt1 by the old rule (a quote holds the span's words, wherever it is): shown beside for one release. */
  hitAt1Text: number;
  hitAt3Text: number;
  /** Questions with a span answered "I found nothing" or "No … clause was found" (any clause). */
  falseNothing: number;
  /** Questions with a span answered "found" whose first three quotes hold none of it (by place). */
  wrongQuotes: number;
  /** Questions with a span answered "No X clause was found", X the clause of the question's category. */
  wrongAbsent: number;
  /** Questions without a span (is_impossible) answered "No X clause was found", X the clause of the question's category. */
  absentSaid: number;
  /** Questions (all of them) answered "No Y clause was found" for a Y the question is not about. */
  otherAbsent: number;
  p95ms: number;
  questions: number;
  /** Quotes not found on the page they cite (counted, not a percentage; 0 when the benchmark reads replies right). */
  unplaced: number;
}

const pct = (n: number, of: number) => (of ? Math.round((1000 * n) / of) / 10 : 0);

/** Where a question's first hit is among its quotes, by place and by the old rule (Infinity: none), judged once per question. */
const firstHits = new WeakMap<Asked, { place: number; text: number }>();

function firstHitOf(a: Asked): { place: number; text: number } {
  let hits = firstHits.get(a);
  if (!hits) {
    const spans = a.spans.map((s) => normalise(s.text));
    const place = a.answered.places.findIndex((p) => holdsByPlace(p, a.spans));
    const text = a.answered.quotes.findIndex((q) => {
      const quote = normalise(q);
      return spans.some((s) => holdsNormalised(quote, s));
    });
    hits = { place: place < 0 ? Infinity : place, text: text < 0 ? Infinity : text };
    firstHits.set(a, hits);
  }
  return hits;
}

/** The figures of one path and one form: percentages 0-100 with one decimal, and the 95th percentile of the time. */
export function figures(asked: readonly Asked[]): Figures {
  const positives = asked.filter((a) => a.spans.length > 0);
  const impossible = asked.filter((a) => a.impossible);
  const found = (a: Asked) => a.answered.verdict === "found";
  const hit = (a: Asked, k: number) => found(a) && firstHitOf(a).place < k;
  const hitText = (a: Asked, k: number) => found(a) && firstHitOf(a).text < k;
  const absentOf = (a: Asked) => a.answered.verdict === "absent" && a.clause !== undefined && a.answered.absentClause === a.clause;
  const times = asked.map((a) => a.answered.ms).sort((x, y) => x - y);
  const share = (of: readonly Asked[], test: (a: Asked) => boolean) => pct(of.filter(test).length, of.length);
  return {
    hitAt1: share(positives, (a) => hit(a, 1)),
    hitAt3: share(positives, (a) => hit(a, 3)),
    hitAt1Text: share(positives, (a) => hitText(a, 1)),
    hitAt3Text: share(positives, (a) => hitText(a, 3)),
    falseNothing: share(positives, (a) => !found(a)),
    wrongQuotes: share(positives, (a) => found(a) && !hit(a, 3)),
    wrongAbsent: share(positives, absentOf),
    absentSaid: share(impossible, absentOf),
    otherAbsent: share(asked, (a) => a.answered.verdict === "absent" && !absentOf(a)),
    p95ms: Math.round(10 * (times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0)) / 10,
    questions: asked.length,
    unplaced: asked.reduce((n, a) => n + a.answered.places.filter((place, i) => place === null && a.answered.quotes[i]).length, 0),
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
