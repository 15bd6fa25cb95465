/*
 * Words as search compares them: folded, stop words dropped (STOP_WORDS, Postgres's english list) and stemmed with the
 * Snowball English stemmer (porter2), the algorithm of Postgres's `english` configuration, so "governing", "governed"
 * and "governs" are one term on both paths. Worker-side: only the search worker (and the benchmark) imports this file.
 */
import { stem } from "porter2";
import { STOP_WORDS, wordSpans } from "./tokens";

/**
 * Where the porter2 package and Postgres's Snowball differ (Snowball 2.x added these exceptions). The retrieval
 * standard test stems every word of the dev contracts both ways and fails on any other difference.
 */
const SNOWBALL_EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  ["added", "add"],
  ["adding", "add"],
]);

/** Read once: a module's exports may be getters (Vitest's module runner), too slow to call for every word. */
const stopWords = STOP_WORDS;
const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

/** The stem of a folded (lower-case) word. */
export function stemOf(folded: string): string {
  let stemmed = cache.get(folded);
  if (stemmed !== undefined) return stemmed;
  stemmed = SNOWBALL_EXCEPTIONS.get(folded) ?? (/^[a-z']+$/.test(folded) ? stem(folded) : folded);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(folded, stemmed);
  return stemmed;
}

/** The term of a word (folded, as tokens.ts folds it): its stem, or null for a stop word. */
export const termOf = (folded: string): string | null => (folded === "" || stopWords.has(folded) ? null : stemOf(folded));

/** A word of a text that search keeps: where it is, its folded form and its term. */
export interface TextTerm {
  start: number;
  end: number;
  folded: string;
  term: string;
}

/** The kept words of a text, in order (stop words dropped). */
export function textTerms(text: string): TextTerm[] {
  const found: TextTerm[] = [];
  for (const word of wordSpans(text)) {
    const term = termOf(word.folded);
    if (term !== null) found.push({ start: word.start, end: word.end, folded: word.folded, term });
  }
  return found;
}

/** The terms of a text, in order (stop words dropped): what MiniSearch indexes. */
export const termsOf = (text: string): string[] => textTerms(text).map((t) => t.term);
