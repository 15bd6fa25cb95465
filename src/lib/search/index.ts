/*
 * Client-side full-text search over document pages and knowledge items, for "Grounded answers": MiniSearch, chosen
 * over @orama/orama for its size in the browser (a quarter of the bytes), BM25+ with per-term prefix and fuzzy rules,
 * lazy removal and JSON load. The measured comparison and the benchmark's figures are in CHOICE.md.
 */
export * from "./entries";
export * from "./passages";
export * from "./scope";
export * from "./searchIndex";
export * from "./snippet";
export { foldWord, queryTerms, tokenize } from "./tokens";
