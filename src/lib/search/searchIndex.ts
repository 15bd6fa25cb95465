import MiniSearch, { type Options, type SearchOptions as MiniSearchOptions } from "minisearch";
import type { PageText } from "../documents/ingest";
import { passageRanges, type PassageRange } from "./clauses";
import {
  entryId,
  knowledgeEntry,
  knowledgeEntryId,
  pageEntries,
  parseEntry,
  sameKnowledge,
  type KnowledgeEntry,
  type KnowledgeInput,
  type PageEntry,
  type SearchDocument,
  type SearchEntry,
} from "./entries";
import { planQuery, rankPassages, searchTerms, type Candidate, type QueryPlan } from "./rank";
import { ALL_SCOPE, scopeFilter, type SearchScope } from "./scope";
import type { Snippet } from "./snippet";
import { termsOf, textTerms } from "./terms";

/** Bumped whenever the stored shape or the way words become terms changes: an older stored index then loads as null. */
export const SEARCH_INDEX_VERSION = 2;
/** How many results a search returns when no limit is given. */
export const DEFAULT_LIMIT = 10;
/**
 * The most candidate passages ranked for one question: MiniSearch's best (BM25 over the question's and the
 * vocabulary's terms) when more match. Every passage of a scope of a few contracts is ranked; only very large scopes
 * are cut, where the browser and Postgres may then rank slightly different candidates.
 */
export const MAX_CANDIDATES = 1000;

/** Where to search and how many results to return. */
export interface SearchOptions {
  scope?: SearchScope;
  /** The most results returned; DEFAULT_LIMIT when not given. */
  limit?: number;
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
}

/** What a search found: the passages, best first, and the clause asked about. */
export interface Findings {
  results: SearchResult[];
  asked: AskedClause | null;
}

/** No passage and no clause asked about: a blank question, or nothing to search. */
export const NO_FINDINGS: Findings = { results: [], asked: null };

/** The index as stored: its entries (page texts included), each entry's passages and MiniSearch's own JSON. */
export interface SerializedSearchIndex {
  version: number;
  entries: SearchEntry[];
  /** Each entry's passages as [start, end] pairs, in the order of `entries`; a knowledge item's cover its body. */
  passages: [number, number][][];
  index: unknown;
}

/** A client-side full-text index of document pages and knowledge items, searched passage by passage. */
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
  /**
   * The relevant passages for a question within the scope, best first, and the clause it asks about. With `pages`,
   * those pages (what Postgres found for the question) stand for the index's own pages.
   */
  search(query: string, options?: SearchOptions & { pages?: readonly PageEntry[] }): Findings;
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

/** One passage as MiniSearch holds it: its entry, where it is in the entry's text and which text. */
interface PassageDoc {
  id: string;
  entry: string;
  start: number;
  end: number;
  field: "text" | "description";
  /** Its place in its document (page * 1000 + n) or item: what the opening of a contract is told by. */
  position: number;
}

/** A passage's text. */
const passageText = (entry: SearchEntry, doc: Pick<PassageDoc, "start" | "end" | "field">): string =>
  (doc.field === "description" && entry.kind === "knowledge" ? entry.description : (entry.text ?? "")).slice(doc.start, doc.end);

/** The place of a page's n-th passage in its document: pages apart by 1000, so page 1's passages open it. */
const pagePosition = (page: number, n: number): number => (page - 1) * 1000 + n;

/** The passages of an entry: a page's or a knowledge item's body split into clauses, and an item's description. */
function passagesOfEntry(entry: SearchEntry, ranges?: readonly (readonly [number, number])[]): PassageDoc[] {
  const id = entryId(entry);
  const text = entry.text ?? "";
  const split = ranges?.map(([start, end]) => ({ start, end })) ?? passageRanges(text);
  const docs: PassageDoc[] = split.map((range: PassageRange, n) => ({
    id: `${id}#${String(range.start)}`,
    entry: id,
    start: range.start,
    end: range.end,
    field: "text",
    position: entry.kind === "page" ? pagePosition(entry.page, n) : n + 1,
  }));
  if (entry.kind === "knowledge") docs.unshift({ id: `${id}#d`, entry: id, start: 0, end: entry.description.length, field: "description", position: 0 });
  return docs;
}

/** Passages are indexed by their stemmed words (terms.ts); a query's terms arrive already stemmed. */
function miniSearchOptions(text: (doc: PassageDoc) => string): Options<PassageDoc> {
  return {
    fields: ["text"],
    storeFields: [],
    extractField: (doc, field) => (field === "id" ? doc.id : text(doc)),
    tokenize: (value) => termsOf(value),
    processTerm: (term) => term,
    searchOptions: { tokenize: (value) => value.split(" ").filter(Boolean), processTerm: (term) => term },
  };
}

/** Whether a passage has a term of the search: a stem, or a stem or word starting with a prefix. */
function hasSearchTerm(text: string, terms: ReadonlySet<string>, prefixes: readonly string[]): boolean {
  return textTerms(text).some((t) => terms.has(t.term) || prefixes.some((p) => t.term.startsWith(p) || t.folded.startsWith(p)));
}

/** A candidate passage for the relevance rule. */
type PassageCandidate = Candidate & { entry: SearchEntry; doc: Pick<PassageDoc, "start" | "end" | "field"> };

/** The passages of pages Postgres found that have a term of the search, as candidates. */
function pageCandidates(pages: readonly PageEntry[], plan: QueryPlan): PassageCandidate[] {
  const { terms, prefixes } = searchTerms(plan);
  const wanted = new Set(terms);
  return pages.flatMap((entry) =>
    passagesOfEntry(entry)
      .map((doc) => ({ text: passageText(entry, doc), position: doc.position, entry, doc }))
      .filter((c) => hasSearchTerm(c.text, wanted, prefixes)),
  );
}

/** A ranked candidate as a search result. */
function toResult(ranked: ReturnType<typeof rankPassages<PassageCandidate>>["results"][number]): SearchResult {
  const { entry, doc, text } = ranked.candidate;
  return {
    entry,
    score: ranked.score,
    coverage: ranked.coverage,
    terms: ranked.words,
    snippet: { text, start: doc.start, end: doc.end, field: doc.field },
    clause: ranked.clause,
  };
}

/**
 * The index over its entries. MiniSearch reads a passage's text from the entries when it indexes it, so `create`
 * (a new MiniSearch, or one loaded from JSON) gets options that look there.
 */
function makeIndex(
  create: (options: Options<PassageDoc>) => MiniSearch<PassageDoc>,
  initial: readonly SearchEntry[],
  passages: Map<string, PassageDoc[]>,
): SearchIndex {
  const entries = new Map<string, SearchEntry>();
  const pagesOf = new Map<string, string[]>();
  const docs = new Map<string, PassageDoc>();
  const remember = (entry: SearchEntry, split: PassageDoc[]) => {
    const id = entryId(entry);
    entries.set(id, entry);
    passages.set(id, split);
    for (const doc of split) docs.set(doc.id, doc);
    if (entry.kind !== "page") return;
    const pages = pagesOf.get(entry.docId);
    if (pages) pages.push(id);
    else pagesOf.set(entry.docId, [id]);
  };
  for (const entry of initial) remember(entry, passages.get(entryId(entry)) ?? []);
  const miniSearch = create(
    miniSearchOptions((doc) => {
      const entry = entries.get(doc.entry);
      return entry ? passageText(entry, doc) : "";
    }),
  );

  const forget = (id: string) => {
    for (const doc of passages.get(id) ?? []) {
      miniSearch.discard(doc.id);
      docs.delete(doc.id);
    }
    passages.delete(id);
    entries.delete(id);
  };

  const removeDocument = (docId: string): boolean => {
    const ids = pagesOf.get(docId);
    if (!ids) return false;
    ids.forEach(forget);
    pagesOf.delete(docId);
    return true;
  };

  const add = (entry: SearchEntry) => {
    const split = passagesOfEntry(entry);
    remember(entry, split);
    miniSearch.addAll(split);
  };

  return {
    addDocument(document, pages) {
      removeDocument(document.id);
      pageEntries(document, pages).forEach(add);
    },
    removeDocument,
    setKnowledge(items) {
      const next = new Map(items.map((item) => [knowledgeEntryId(item.id), knowledgeEntry(item)]));
      let changed = false;
      for (const [id, entry] of [...entries]) {
        if (entry.kind === "knowledge" && !next.has(id)) {
          forget(id);
          changed = true;
        }
      }
      for (const [id, entry] of next) {
        const current = entries.get(id) as KnowledgeEntry | undefined;
        if (current && sameKnowledge(current, entry)) continue;
        if (current) forget(id);
        add(entry);
        changed = true;
      }
      return changed;
    },
    search(query, { scope = ALL_SCOPE, limit = DEFAULT_LIMIT, pages } = {}) {
      if (limit <= 0) return NO_FINDINGS;
      const plan = planQuery(query);
      const { terms, prefixes } = searchTerms(plan);
      if (terms.length === 0 && prefixes.length === 0) return NO_FINDINGS;
      const inScope = scopeFilter(scope);
      const prefixSet = new Set(prefixes);
      const options: MiniSearchOptions = { combineWith: "OR", prefix: (term) => prefixSet.has(term) };
      const candidates: PassageCandidate[] = [];
      for (const hit of miniSearch.search([...terms, ...prefixes].join(" "), options)) {
        const doc = docs.get(hit.id as string);
        const entry = doc && entries.get(doc.entry);
        if (!doc || !entry || !inScope(entry) || (pages && entry.kind === "page")) continue;
        candidates.push({ text: passageText(entry, doc), position: doc.position, entry, doc });
        if (candidates.length >= MAX_CANDIDATES) break;
      }
      if (pages) candidates.push(...pageCandidates(pages.filter(inScope), plan));
      // Reading order first, so ties and the candidates' order never depend on where they came from.
      candidates.sort((a, b) => (entryId(a.entry) < entryId(b.entry) ? -1 : entryId(a.entry) > entryId(b.entry) ? 1 : a.doc.start - b.doc.start));
      const ranking = rankPassages(plan, candidates);
      return {
        results: ranking.results.slice(0, limit).map(toResult),
        asked: ranking.asked ? { id: ranking.asked.id, clause: ranking.asked.clause, absent: ranking.absent } : null,
      };
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
    toJSON: () => {
      const list = [...entries.values()];
      return {
        version: SEARCH_INDEX_VERSION,
        entries: list,
        passages: list.map((entry) => (passages.get(entryId(entry)) ?? []).filter((d) => d.field === "text").map((d): [number, number] => [d.start, d.end])),
        index: miniSearch.toJSON(),
      };
    },
  };
}

/** An empty index. */
export const createSearchIndex = (): SearchIndex => makeIndex((options) => new MiniSearch(options), [], new Map());

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

const isRange = (value: unknown): value is [number, number] =>
  Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n) && (n as number) >= 0) && (value[0] as number) <= (value[1] as number);

/**
 * Reads back an index stored with `JSON.stringify(index)`. Returns null, never throws, when the text is not JSON, was
 * written by another SEARCH_INDEX_VERSION, or its entries, passages and MiniSearch's index do not agree: the caller
 * then rebuilds.
 */
export function loadSearchIndex(json: string): SearchIndex | null {
  try {
    const data = JSON.parse(json) as Partial<SerializedSearchIndex> | null;
    if (data?.version !== SEARCH_INDEX_VERSION || !Array.isArray(data.entries) || !Array.isArray(data.passages)) return null;
    if (data.passages.length !== data.entries.length) return null;
    const entries = data.entries.map(parseEntry);
    if (entries.some((entry) => entry === null)) return null;
    const valid = entries as SearchEntry[];
    const passages = new Map<string, PassageDoc[]>();
    for (const [i, entry] of valid.entries()) {
      const ranges = data.passages[i];
      if (!Array.isArray(ranges) || !ranges.every(isRange)) return null;
      passages.set(entryId(entry), passagesOfEntry(entry, ranges));
    }
    const ids = new Set([...passages.values()].flat().map((d) => d.id));
    if (passages.size !== valid.length) return null;
    return makeIndex(
      (options) => {
        const miniSearch = MiniSearch.loadJS(data.index as Parameters<typeof MiniSearch.loadJS>[0], options);
        if (miniSearch.documentCount !== ids.size || ![...ids].every((id) => miniSearch.has(id))) throw new Error("index and passages disagree");
        return miniSearch;
      },
      valid,
      passages,
    );
  } catch {
    return null;
  }
}
