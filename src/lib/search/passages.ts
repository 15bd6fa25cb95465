import { entryId } from "./entries";
import type { SearchResult } from "./results";

/** How passages are chosen beyond their number. */
export interface PassageOptions {
  /** The most passages from one document (or one knowledge item) while others have some; 2 keeps room for a second source. */
  perDocument?: number;
  /** A passage scoring less than this share of the best one is left out rather than padding the answer. */
  minShare?: number;
}

/** The document (or knowledge item) a result comes from. */
export const sourceOf = (result: SearchResult): string => (result.entry.kind === "page" ? `doc:${result.entry.docId}` : entryId(result.entry));

/** A passage's own id: its entry and where it starts ("page:doc-1:3#120"). */
export const passageId = (result: SearchResult): string => `${entryId(result.entry)}#${result.snippet.field === "description" ? "d" : String(result.snippet.start)}`;

/**
 * The passages an answer is grounded in: up to `max` of the results (all relevant, best first, as the relevance rule
 * in rank.ts ranked them), none scoring under `minShare` of the best, and at most `perDocument` from one document while
 * another source has results too (one document alone gives all it has), one from a knowledge item. Passages holding the clause asked about come
 * before any that do not. Empty when nothing is relevant: never the best of nothing.
 */
export function passagesFor(results: readonly SearchResult[], max = 3, options: PassageOptions = {}): SearchResult[] {
  const { perDocument = 2, minShare = 0.25 } = options;
  const clauses = results.filter((r) => r.clause);
  const ranked = clauses.length ? clauses : [...results];
  const best = ranked[0]?.score ?? 0;
  const sources = new Set(ranked.map(sourceOf));
  const cap = sources.size > 1 ? perDocument : max;
  const seen = new Set<string>();
  const perSource = new Map<string, number>();
  const chosen: SearchResult[] = [];
  for (const result of ranked) {
    if (chosen.length >= max || result.score < best * minShare) break;
    const id = passageId(result);
    const source = sourceOf(result);
    const taken = perSource.get(source) ?? 0;
    // A knowledge item is a short note: one passage of it (its body's best, or its description) says what it holds.
    if (seen.has(id) || taken >= (result.entry.kind === "knowledge" ? 1 : cap)) continue;
    seen.add(id);
    perSource.set(source, taken + 1);
    chosen.push(result);
  }
  return chosen;
}
