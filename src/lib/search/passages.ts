import { entryId } from "./entries";
import type { SearchResult } from "./searchIndex";

/**
 * The relevance rule. Each query term weighs its inverse document frequency (BM25's idf over the whole index); a term
 * no entry contains weighs the most a term can. A result is relevant when the terms it matched (exactly, by prefix or
 * fuzzily) carry at least this share of the query's weight. So "Miranda rights" on a corpus that never says "Miranda"
 * finds nothing even where "rights" appears, while a question with one rare word missing still finds its page.
 */
export const MIN_COVERAGE = 0.5;

/** A term's weight: BM25's idf for a term found in `df` of `count` entries (the highest when df is 0). */
export const termWeight = (df: number, count: number): number => Math.log(1 + (count - df + 0.5) / (df + 0.5));

/** The share of the query's weight that a result's matched terms carry, 0 to 1. */
export function coverage(matched: readonly string[], weights: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const weight of weights.values()) total += weight;
  let found = 0;
  for (const term of new Set(matched)) found += weights.get(term) ?? 0;
  return total > 0 ? found / total : 0;
}

/** Whether a result passes the relevance rule (see MIN_COVERAGE). */
export const isRelevant = (result: Pick<SearchResult, "coverage">): boolean => result.coverage >= MIN_COVERAGE;

/** How passages are chosen beyond their number. */
export interface PassageOptions {
  /** The most passages from one document (or one knowledge item); 2 keeps room for a second source. */
  perDocument?: number;
  /** A passage scoring less than this share of the best one is left out rather than padding the answer. */
  minShare?: number;
}

/**
 * The passages an answer is grounded in: up to `max` relevant results, best first, one per page, at most `perDocument`
 * per document, none scoring under `minShare` of the best. Empty when nothing is relevant: never the best of nothing.
 */
export function passagesFor(results: readonly SearchResult[], max = 3, options: PassageOptions = {}): SearchResult[] {
  const { perDocument = 2, minShare = 0.25 } = options;
  const ranked = results.filter(isRelevant).sort((a, b) => b.score - a.score);
  const best = ranked[0]?.score ?? 0;
  const pages = new Set<string>();
  const perSource = new Map<string, number>();
  const chosen: SearchResult[] = [];
  for (const result of ranked) {
    if (chosen.length >= max || result.score < best * minShare) break;
    const page = entryId(result.entry);
    const source = result.entry.kind === "page" ? `doc:${result.entry.docId}` : page;
    const taken = perSource.get(source) ?? 0;
    if (pages.has(page) || taken >= perDocument) continue;
    pages.add(page);
    perSource.set(source, taken + 1);
    chosen.push(result);
  }
  return chosen;
}
