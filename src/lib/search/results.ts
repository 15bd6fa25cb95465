import type { SearchEntry } from "./entries";
import type { SearchScope } from "./scope";
import type { Snippet } from "./snippet";

// What the search engine gives its callers (the chat, Review, Files, the server path) and takes from Postgres. The
// worker's index (worker/searchIndex.ts) returns these; a caller imports them from here, not from the worker's code.

/** Where to search and how many results to return. */
export interface SearchOptions {
  scope?: SearchScope;
  /** The most results returned; DEFAULT_LIMIT (worker/searchIndex.ts) when not given. */
  limit?: number;
  /** Words, not a question: searched for themselves and the vocabulary's phrases, never read by meaning (Files' search box). */
  wordsOnly?: boolean;
  /** One verdict, not a list (a Review cell): wordings read strictly (rank.ts, `strict`). */
  strict?: boolean;
}

/** A quoted passage: where it sits in its entry's text, and which text (a knowledge item's description or body). */
export type ResultSnippet = Snippet & { field: "text" | "description" };

/** One passage a search found. */
export interface SearchResult {
  entry: SearchEntry;
  /** The relevance rule's score (rank.ts): higher is better; comparable within one search only. */
  score: number;
  /** The share of the question's own-word weight the passage matched (1 when it holds the clause asked about). */
  coverage: number;
  /** The passage's own words that matched, folded and sorted: for markTerms. */
  terms: string[];
  /** The passage: the whole clause or paragraph, as quoted and highlighted. */
  snippet: ResultSnippet;
  /** True when the passage uses a wording of the clause the question asks about. */
  clause?: boolean;
}

/** The clause a question asks about, when it names one of the vocabulary that can be absent. */
export interface AskedClause {
  id: string;
  /** As a sentence names it: "governing-law". */
  clause: string;
  /** True when no passage in scope holds it: the answer says there is no such clause. */
  absent: boolean;
  /** True when passages in scope hold it by lone words only (rank.ts): a mention, not the clause. */
  faint?: boolean;
}

/** What a search found: the passages, best first, and the clause asked about. */
export interface Findings {
  results: SearchResult[];
  asked: AskedClause | null;
}

/** Finds the passages of the signed-in user's documents and knowledge items: the one interface answers search through. */
export interface Retriever {
  search(query: string, options?: SearchOptions): Promise<Findings>;
}

/** A page search_pages found: the page, its document, and how well its words matched (ts_rank). */
export interface PageHit {
  document_id: string;
  title: string;
  case_id: string;
  case_title: string;
  page_number: number;
  unit: string;
  source: string;
  rank: number;
  text: string;
}
