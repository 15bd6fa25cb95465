import MiniSearch, { type Options, type SearchOptions as MiniSearchOptions } from "minisearch";
import type { PageText } from "../documents/ingest";
import {
  entryId,
  knowledgeEntry,
  knowledgeEntryId,
  pageEntries,
  parseEntry,
  sameKnowledge,
  type KnowledgeEntry,
  type KnowledgeInput,
  type SearchDocument,
  type SearchEntry,
} from "./entries";
import { coverage, MIN_COVERAGE, termWeight } from "./passages";
import { ALL_SCOPE, scopeFilter, type SearchScope } from "./scope";
import { snippetFor, type Snippet } from "./snippet";
import { indexTerm, queryTerm, queryTerms, tokenize, wordSpans } from "./tokens";

/** Bumped whenever the stored shape or the way words become terms changes: an older stored index then loads as null. */
export const SEARCH_INDEX_VERSION = 1;
/** How many results a search returns when no limit is given. */
export const DEFAULT_LIMIT = 10;

/** Titles count three times and a knowledge item's description one and a half times as much as body text. */
const BOOST = { title: 3, description: 1.5, text: 1 };

/** Where to search and how many results to return. */
export interface SearchOptions {
  scope?: SearchScope;
  /** The most results returned; DEFAULT_LIMIT when not given. */
  limit?: number;
}

/** A snippet, and which of the entry's texts it comes from (a knowledge item's description or its body). */
export type ResultSnippet = Snippet & { field: "text" | "description" };

/** One entry a search found. */
export interface SearchResult {
  entry: SearchEntry;
  /** BM25+ from MiniSearch times coverage: higher is better; comparable within one search only. */
  score: number;
  /** The share of the query's weight this entry matched (see MIN_COVERAGE in passages.ts). */
  coverage: number;
  /** The entry's own words that matched, folded and sorted (a prefix or fuzzy match names the word it found): for markTerms. */
  terms: string[];
  snippet: ResultSnippet;
}

/** The index as stored: its entries (page texts included, for snippets) and MiniSearch's own JSON. */
export interface SerializedSearchIndex {
  version: number;
  entries: SearchEntry[];
  index: unknown;
}

/** A client-side full-text index of document pages and knowledge items. */
export interface SearchIndex {
  /** Indexes a document's pages, replacing the pages it had. */
  addDocument(document: SearchDocument, pages: readonly PageText[]): void;
  /** Removes a document's pages; false when it had none. */
  removeDocument(docId: string): boolean;
  /**
   * Makes the knowledge entries exactly these items: unchanged ones stay, changed ones are replaced, others removed.
   * True when anything changed.
   */
  setKnowledge(items: readonly KnowledgeInput[]): boolean;
  /** The relevant entries for a query, best first, within the scope; [] for a blank query or one nothing matches. */
  search(query: string, options?: SearchOptions): SearchResult[];
  /** Whether a document has pages in the index. */
  hasDocument(docId: string): boolean;
  /** The ids of the documents indexed, in the order they were added. */
  documentIds(): string[];
  /** A document as it was indexed (title, case, unit), when it has pages in the index. */
  documentOf(docId: string): SearchDocument | undefined;
  /** How many entries (pages and knowledge items) the index holds. */
  readonly size: number;
  /** The index as a plain object: `JSON.stringify(index)` stores it, `loadSearchIndex` reads it back. */
  toJSON(): SerializedSearchIndex;
}

const MINISEARCH_OPTIONS: Options<SearchEntry> = {
  fields: ["title", "description", "text"],
  extractField: (entry, field) => {
    if (field === "id") return entryId(entry);
    if (field === "description") return entry.kind === "knowledge" ? entry.description : undefined;
    return field === "title" ? entry.title : entry.text;
  },
  tokenize,
  processTerm: (term) => indexTerm(term),
};

/**
 * How a query is matched: fuzzy (one edit in five letters, two at most) for words of 5+ letters without digits, prefix
 * for the last word of 3+. Words combine with OR, not AND: in 5 of 23 questions tried on the test corpus the right page
 * lacked a word of the question ("late" in "liquidated damages for late completion"), so AND found nothing. MiniSearch
 * multiplies an OR score by the number of query words matched, the score is then multiplied by coverage, and the
 * coverage rule drops pages matching too little, so pages with every word come first.
 */
const QUERY_OPTIONS: MiniSearchOptions = {
  boost: BOOST,
  combineWith: "OR",
  maxFuzzy: 2,
  processTerm: (term) => queryTerm(term),
  fuzzy: (term) => (term.length >= 5 && !/\d/.test(term) ? 0.2 : false),
  prefix: (term, index, terms) => index === terms.length - 1 && term.length >= 3,
};

/** The snippet of a result: a page's text, or a knowledge item's body when a matched word is in it, else its description. */
function resultSnippet(entry: SearchEntry, terms: readonly string[]): ResultSnippet {
  if (entry.kind === "page") return { ...snippetFor(entry.text, terms), field: "text" };
  const wanted = new Set(terms);
  if (entry.text !== undefined && wordSpans(entry.text).some((word) => wanted.has(word.folded))) {
    return { ...snippetFor(entry.text, terms), field: "text" };
  }
  return { ...snippetFor(entry.description, terms), field: "description" };
}

function makeIndex(miniSearch: MiniSearch<SearchEntry>, initial: readonly SearchEntry[]): SearchIndex {
  const entries = new Map<string, SearchEntry>();
  const pagesOf = new Map<string, string[]>();
  const remember = (entry: SearchEntry) => {
    const id = entryId(entry);
    entries.set(id, entry);
    if (entry.kind !== "page") return;
    const pages = pagesOf.get(entry.docId);
    if (pages) pages.push(id);
    else pagesOf.set(entry.docId, [id]);
  };
  initial.forEach(remember);

  const removeDocument = (docId: string): boolean => {
    const ids = pagesOf.get(docId);
    if (!ids) return false;
    miniSearch.discardAll(ids);
    for (const id of ids) entries.delete(id);
    pagesOf.delete(docId);
    return true;
  };

  return {
    addDocument(document, pages) {
      removeDocument(document.id);
      const added = pageEntries(document, pages);
      miniSearch.addAll(added);
      added.forEach(remember);
    },
    removeDocument,
    setKnowledge(items) {
      const next = new Map(items.map((item) => [knowledgeEntryId(item.id), knowledgeEntry(item)]));
      let changed = false;
      for (const [id, entry] of entries) {
        if (entry.kind === "knowledge" && !next.has(id)) {
          miniSearch.discard(id);
          entries.delete(id);
          changed = true;
        }
      }
      for (const [id, entry] of next) {
        const current = entries.get(id) as KnowledgeEntry | undefined;
        if (current && sameKnowledge(current, entry)) continue;
        if (current) miniSearch.replace(entry);
        else miniSearch.add(entry);
        entries.set(id, entry);
        changed = true;
      }
      return changed;
    },
    search(query, { scope = ALL_SCOPE, limit = DEFAULT_LIMIT } = {}) {
      const terms = queryTerms(query);
      if (terms.length === 0 || limit <= 0) return [];
      const raw = miniSearch.search(terms.join(" "), QUERY_OPTIONS);
      const df = new Map<string, number>();
      for (const result of raw) for (const term of result.queryTerms) df.set(term, (df.get(term) ?? 0) + 1);
      const weights = new Map(terms.map((term) => [term, termWeight(df.get(term) ?? 0, entries.size)]));
      const inScope = scopeFilter(scope);
      const found: Omit<SearchResult, "snippet">[] = [];
      for (const result of raw) {
        const entry = entries.get(result.id as string);
        if (!entry || !inScope(entry)) continue;
        const share = coverage(result.queryTerms, weights);
        if (share < MIN_COVERAGE) continue;
        found.push({ entry, score: result.score * share, coverage: share, terms: result.terms });
      }
      found.sort((a, b) => b.score - a.score || (entryId(a.entry) < entryId(b.entry) ? -1 : 1));
      return found.slice(0, limit).map((result) => {
        const terms = result.terms.toSorted();
        return { ...result, terms, snippet: resultSnippet(result.entry, terms) };
      });
    },
    hasDocument: (docId) => pagesOf.has(docId),
    documentOf(docId) {
      const first = entries.get(pagesOf.get(docId)?.[0] ?? "");
      if (first?.kind !== "page") return undefined;
      return { id: docId, title: first.title, caseId: first.caseId, caseTitle: first.caseTitle, unit: first.unit };
    },
    documentIds: () => [...pagesOf.keys()],
    get size() {
      return entries.size;
    },
    toJSON: () => ({ version: SEARCH_INDEX_VERSION, entries: [...entries.values()], index: miniSearch.toJSON() }),
  };
}

/** An empty index. */
export const createSearchIndex = (): SearchIndex => makeIndex(new MiniSearch(MINISEARCH_OPTIONS), []);

/** A new index of these documents' pages and these knowledge items: what a caller builds when loading fails. */
export function rebuild(
  documents: readonly { document: SearchDocument; pages: readonly PageText[] }[],
  knowledge: readonly KnowledgeInput[],
): SearchIndex {
  const index = createSearchIndex();
  for (const { document, pages } of documents) index.addDocument(document, pages);
  index.setKnowledge(knowledge);
  return index;
}

/**
 * Reads back an index stored with `JSON.stringify(index)`. Returns null, never throws, when the text is not JSON, was
 * written by another SEARCH_INDEX_VERSION, or its entries and MiniSearch's index do not agree: the caller then rebuilds.
 */
export function loadSearchIndex(json: string): SearchIndex | null {
  try {
    const data = JSON.parse(json) as Partial<SerializedSearchIndex> | null;
    if (data?.version !== SEARCH_INDEX_VERSION || !Array.isArray(data.entries)) return null;
    const entries = data.entries.map(parseEntry);
    if (entries.some((entry) => entry === null)) return null;
    const valid = entries as SearchEntry[];
    const ids = new Set(valid.map(entryId));
    const miniSearch = MiniSearch.loadJS(data.index as Parameters<typeof MiniSearch.loadJS>[0], MINISEARCH_OPTIONS);
    if (ids.size !== valid.length || miniSearch.documentCount !== ids.size || ![...ids].every((id) => miniSearch.has(id))) return null;
    return makeIndex(miniSearch, valid);
  } catch {
    return null;
  }
}
