import { similarity, wordSet } from "../wordOverlap";
import type { Clause } from "./compare";

/** A clause of A matched with a clause of B. */
export interface ClausePair {
  a: number;
  b: number;
}

/** The lowest word overlap (Dice) at which two clauses of the same number are the same clause. */
export const SAME_NUMBER_SIMILARITY = 0.3;
/** The lowest word overlap at which two clauses with nothing else in common are the same clause. */
export const SIMILARITY_FLOOR = 0.5;

/** A clause's words without its number, white space, punctuation or capitals: what a substantive change changes. */
export function substance(clause: Pick<Clause, "text" | "number">): string {
  const text = clause.number ? clause.text.replace(/^(?:(?:section|article)\s+)?\S+\s+/i, "") : clause.text;
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const collapse = (text: string) => text.replace(/\s+/g, " ");
const headingKey = (clause: Clause) => clause.heading.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/**
 * Matches A's clauses with B's: the same text first (in order, so repeated boilerplate pairs with its own copy), then
 * the same text but for white space, punctuation, capitals and numbering, then the same heading, then the same number
 * with enough words in common, then the most similar remaining pairs above SIMILARITY_FLOOR.
 */
export function alignClauses(a: readonly Clause[], b: readonly Clause[]): ClausePair[] {
  const pairs: ClausePair[] = [];
  const freeA = new Set(a.map((c) => c.index));
  const freeB = new Set(b.map((c) => c.index));
  const pair = (i: number, j: number) => {
    pairs.push({ a: i, b: j });
    freeA.delete(i);
    freeB.delete(j);
  };
  const byKey = (key: (clause: Clause) => string) => {
    const waiting = new Map<string, number[]>();
    for (const clause of a) {
      if (!freeA.has(clause.index)) continue;
      const k = key(clause);
      const list = waiting.get(k);
      if (list) list.push(clause.index);
      else waiting.set(k, [clause.index]);
    }
    for (const clause of b) {
      if (!freeB.has(clause.index)) continue;
      const next = waiting.get(key(clause))?.shift();
      if (next !== undefined) pair(next, clause.index);
    }
  };
  byKey((c) => collapse(c.text));
  byKey((c) => `${c.number ? "#" : ""}${substance(c)}`);

  // Word sets only of the clauses still unmatched, made when first asked for.
  const words = (list: readonly Clause[], cache: Map<number, Set<string>>, i: number) => {
    let found = cache.get(i);
    if (!found) {
      found = wordSet(substance(list[i] ?? { text: "", number: "" }));
      cache.set(i, found);
    }
    return found;
  };
  const cacheA = new Map<number, Set<string>>();
  const cacheB = new Map<number, Set<string>>();
  const sim = (i: number, j: number) => similarity(words(a, cacheA, i), words(b, cacheB, j));
  const uniqueBy = (key: (clause: Clause) => string, floor: number) => {
    const counts = (list: readonly Clause[], free: Set<number>) => {
      const found = new Map<string, number[]>();
      for (const c of list) {
        const k = free.has(c.index) ? key(c) : "";
        if (k) found.set(k, [...(found.get(k) ?? []), c.index]);
      }
      return found;
    };
    const inA = counts(a, freeA);
    for (const [k, js] of counts(b, freeB)) {
      const is = inA.get(k);
      if (is?.length === 1 && js.length === 1 && is[0] !== undefined && js[0] !== undefined && sim(is[0], js[0]) >= floor) pair(is[0], js[0]);
    }
  };
  uniqueBy(headingKey, 0);
  uniqueBy((c) => c.number, SAME_NUMBER_SIMILARITY);

  const candidates: { i: number; j: number; score: number }[] = [];
  for (const i of freeA) {
    for (const j of freeB) {
      const score = sim(i, j);
      if (score >= SIMILARITY_FLOOR) candidates.push({ i, j, score });
    }
  }
  candidates.sort((x, y) => y.score - x.score || x.i - y.i || x.j - y.j);
  for (const { i, j } of candidates) if (freeA.has(i) && freeB.has(j)) pair(i, j);
  return pairs.sort((x, y) => x.a - y.a);
}

/**
 * The pairs that keep their order (the longest run increasing in both versions); the rest have moved. Patience
 * sorting: O(n log n).
 */
export function inOrder(pairs: readonly ClausePair[]): Set<ClausePair> {
  const sorted = pairs.toSorted((x, y) => x.a - y.a);
  const tails: number[] = [];
  const back: number[] = [];
  sorted.forEach((p, k) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[tails[mid] ?? 0]?.b ?? 0) < p.b) lo = mid + 1;
      else hi = mid;
    }
    back[k] = lo > 0 ? (tails[lo - 1] ?? -1) : -1;
    tails[lo] = k;
  });
  const kept = new Set<ClausePair>();
  for (let k = tails.at(-1) ?? -1; k >= 0; k = back[k] ?? -1) {
    const p = sorted[k];
    if (p) kept.add(p);
  }
  return kept;
}
