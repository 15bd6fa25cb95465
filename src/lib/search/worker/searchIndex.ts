import MiniSearch, { type Options } from "minisearch";
import type { PageText } from "../../documents/pages";
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
} from "../entries";
import { planQuery, rankPassages, searchTerms, type Candidate, type TextTerm } from "../rank";
import { candidatePages } from "../serverPages";
import type { Findings, SearchOptions, SearchResult } from "../results";
import { ALL_SCOPE, scopeFilter } from "../scope";
import { termsOf, textTerms } from "../terms";

/** Bumped whenever the stored shape or the way words become terms changes: an older stored index then loads as null. */
export const SEARCH_INDEX_VERSION = 2;
/** How many results a search returns when no limit is given. */
export const DEFAULT_LIMIT = 10;
/** How many pages' words are kept read between searches (a page is read once for the questions that follow). */
const ANALYSED_PAGES = 600;
/** How many queries' MiniSearch hits are kept between searches (until the index changes). */
const KEPT_QUERIES = 4;

/** No passage and no clause asked about: a blank question, or nothing to search. */
export const NO_FINDINGS: Findings = { results: [], asked: null };

/** The index as stored: its entries (page texts included), each entry's passages and MiniSearch's own JSON. */
export interface SerializedSearchIndex {
  version: number;
  entries: SearchEntry[];
  /** Each entry's passages of its text as [start, end] pairs, in the order of `entries` (clauses.ts's split). */
  passages: [number, number][][];
  index: unknown;
}

/** A client-side full-text index of document pages and knowledge items, answering with passages. */
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

/**
 * MiniSearch finds the candidate pages and knowledge items by their stemmed words (terms.ts); a query's terms arrive
 * stemmed. The passages of those candidates are then ranked by rank.ts, as the pages search_pages returns are.
 */
const MINISEARCH_OPTIONS: Options<SearchEntry> = {
  fields: ["title", "description", "text"],
  extractField: (entry, field) => {
    if (field === "id") return entryId(entry);
    if (field === "description") return entry.kind === "knowledge" ? entry.description : undefined;
    return field === "title" ? entry.title : entry.text;
  },
  tokenize: (value) => termsOf(value),
  processTerm: (term) => term,
  searchOptions: { tokenize: (value) => value.split(" ").filter(Boolean), processTerm: (term) => term },
};

/** A text's passages, each with its kept words once they have been read (for the questions that follow). */
interface Analysed {
  text: string;
  /** The text in lower case, when it is plain ASCII (so its words' letters can be looked for in it). */
  lower: string | null;
  passages: { start: number; end: number; text?: string; terms?: TextTerm[] }[];
  /** Which passages hold each needle looked for so far (questions share needles: a review asks many of one page). */
  holding?: Map<string, readonly number[]>;
}

const NOT_ASCII = /[^ -~\t\n\r\f\v]/;

/** A text split into its passages, none of them read yet. */
const analyse = (text: string, ranges: readonly PassageRange[]): Analysed => ({
  text,
  lower: NOT_ASCII.test(text) ? null : text.toLowerCase(),
  passages: ranges.map(({ start, end }) => ({ start, end })),
});

/**
 * The passages whose text holds one of the needles (all of them when there are no needles or the text is not plain
 * ASCII): each occurrence found once in the whole text, then placed among the passages.
 */
function passagesWith(analysed: Analysed, needles: readonly string[] | null): Set<number> | null {
  const { lower, passages } = analysed;
  if (!needles || lower === null) return null;
  const found = new Set<number>();
  const holding = (analysed.holding ??= new Map());
  // "skies" is the one word whose stem, "sky", is not in it (Snowball's list of such words has no other).
  for (const needle of [...needles, ...(needles.includes("sky") ? ["skies"] : [])]) {
    let list = holding.get(needle);
    if (!list) {
      const at: number[] = [];
      let p = 0;
      for (let i = lower.indexOf(needle); i >= 0; i = lower.indexOf(needle, i + 1)) {
        while (p < passages.length && (passages[p] as { end: number }).end <= i) p += 1;
        if (p >= passages.length) break;
        if ((passages[p] as { start: number }).start <= i && at.at(-1) !== p) at.push(p);
      }
      holding.set(needle, (list = at));
    }
    for (const p of list) found.add(p);
  }
  return found;
}

/**
 * What a passage's lower-case text must contain to hold a term: the stem without a last i or e (Snowball writes
 * "country" as "countri", "dying" as "die"), or the prefix. Null when a term is not plain ASCII (its folded form need
 * not be in the text): then every passage is read.
 */
function needlesOf(terms: readonly string[], prefixes: readonly string[]): string[] | null {
  const all = [...terms.map((t) => (t.length > 2 ? t.replace(/[ie]$/, "") : t)), ...prefixes];
  return all.every((n) => /^[a-z0-9]+$/.test(n)) ? all : null;
}

/** A candidate passage for the relevance rule, and where it comes from. */
type PassageCandidate = Candidate & { entry: SearchEntry; start: number; end: number; field: "text" | "description" };

/** Whether a passage's words hold a term of the search (a stem, or a stem starting with a prefix), as MiniSearch and Postgres match. */
const hasSearchTerm = (terms: readonly TextTerm[], wanted: ReadonlySet<string>, prefixes: readonly string[]): boolean =>
  terms.some((t) => wanted.has(t.term) || prefixes.some((p) => t.term.startsWith(p)));

/** A ranked candidate as a search result. */
function toResult(ranked: ReturnType<typeof rankPassages<PassageCandidate>>["results"][number]): SearchResult {
  const { entry, start, end, field, text } = ranked.candidate;
  return { entry, score: ranked.score, coverage: ranked.coverage, terms: ranked.words, snippet: { text, start, end, field }, clause: ranked.clause };
}

/** A page's position in its document for the relevance rule: pages apart by 1000, so page 1's passages open it. */
const positionOf = (entry: SearchEntry, n: number): number => (entry.kind === "page" ? (entry.page - 1) * 1000 + n : n + 1);

/**
 * The candidates in the order the rule is given them: by entry, then place, so it never depends on where they came
 * from (the browser's index or Postgres).
 */
function inReadingOrder(candidates: PassageCandidate[]): PassageCandidate[] {
  const keyed = candidates.map((c) => ({ c, id: entryId(c.entry), at: c.field === "description" ? -1 : c.start }));
  keyed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.at - b.at));
  return keyed.map((k) => k.c);
}

function makeIndex(miniSearch: MiniSearch<SearchEntry>, initial: readonly SearchEntry[], initialRanges: ReadonlyMap<string, PassageRange[]>): SearchIndex {
  const entries = new Map<string, SearchEntry>();
  const ranges = new Map<string, PassageRange[]>();
  const pagesOf = new Map<string, string[]>();
  /** Texts read for earlier searches, least recently used first. */
  const analysed = new Map<string, Analysed>();

  const remember = (entry: SearchEntry, split: PassageRange[]) => {
    const id = entryId(entry);
    entries.set(id, entry);
    ranges.set(id, split);
    if (entry.kind !== "page") return;
    const pages = pagesOf.get(entry.docId);
    if (pages) pages.push(id);
    else pagesOf.set(entry.docId, [id]);
  };
  for (const entry of initial) remember(entry, initialRanges.get(entryId(entry)) ?? passageRanges(entry.text ?? ""));

  /** A text read once and kept for the next searches (ANALYSED_PAGES at most); a changed text is read again. */
  const read = (key: string, text: string, split: () => readonly PassageRange[]): Analysed => {
    const kept = analysed.get(key);
    analysed.delete(key);
    const fresh = kept?.text === text ? kept : analyse(text, split());
    analysed.set(key, fresh);
    if (analysed.size > ANALYSED_PAGES) analysed.delete(analysed.keys().next().value as string);
    return fresh;
  };

  /** The passages of an entry that hold a term of the search, as candidates. */
  const candidatesOf = (entry: SearchEntry, own: boolean, wanted: ReadonlySet<string>, prefixes: readonly string[], needles: readonly string[] | null): PassageCandidate[] => {
    const id = entryId(entry);
    const found: PassageCandidate[] = [];
    const take = (field: "text" | "description", text: string, split: () => readonly PassageRange[]) => {
      const analysed = read(`${id}#${field}`, text, split);
      // A passage without the letters of any term cannot hold one: it is not read.
      const worth = passagesWith(analysed, needles);
      analysed.passages.forEach((passage, n) => {
        if (worth && !worth.has(n)) return;
        passage.text ??= text.slice(passage.start, passage.end);
        passage.terms ??= textTerms(passage.text);
        if (!hasSearchTerm(passage.terms, wanted, prefixes)) return;
        found.push({ text: passage.text, position: positionOf(entry, n), terms: passage.terms, title: entry.title, entry, start: passage.start, end: passage.end, field });
      });
    };
    if (entry.kind === "knowledge") take("description", entry.description, () => [{ start: 0, end: entry.description.length }]);
    const text = entry.text ?? "";
    take("text", text, () => (own ? (ranges.get(id) ?? passageRanges(text)) : passageRanges(text)));
    return found;
  };

  /**
   * MiniSearch's hits for a query's terms, the last few kept until the index changes: a review asks one question of
   * each of its documents in turn, and each asks the same terms of the whole index before its scope is applied.
   */
  const hitsOf = new Map<string, ReturnType<typeof miniSearch.search>>();
  const hits = (terms: readonly string[], prefixes: readonly string[]) => {
    const key = `${terms.join(" ")}|${prefixes.join(" ")}`;
    const kept = hitsOf.get(key);
    if (kept) return kept;
    const prefixSet = new Set(prefixes);
    const found = miniSearch.search([...terms, ...prefixes].join(" "), { combineWith: "OR", prefix: (term) => prefixSet.has(term) });
    hitsOf.set(key, found);
    if (hitsOf.size > KEPT_QUERIES) hitsOf.delete(hitsOf.keys().next().value as string);
    return found;
  };

  const removeDocument = (docId: string): boolean => {
    hitsOf.clear();
    const ids = pagesOf.get(docId);
    if (!ids) return false;
    miniSearch.discardAll(ids);
    for (const id of ids) {
      entries.delete(id);
      ranges.delete(id);
    }
    pagesOf.delete(docId);
    return true;
  };

  return {
    addDocument(document, pages) {
      removeDocument(document.id);
      hitsOf.clear();
      const added = pageEntries(document, pages);
      miniSearch.addAll(added);
      for (const entry of added) remember(entry, passageRanges(entry.text));
    },
    removeDocument,
    setKnowledge(items) {
      hitsOf.clear();
      const next = new Map(items.map((item) => [knowledgeEntryId(item.id), knowledgeEntry(item)]));
      let changed = false;
      for (const [id, entry] of [...entries]) {
        if (entry.kind === "knowledge" && !next.has(id)) {
          miniSearch.discard(id);
          entries.delete(id);
          ranges.delete(id);
          changed = true;
        }
      }
      for (const [id, entry] of next) {
        const current = entries.get(id) as KnowledgeEntry | undefined;
        if (current && sameKnowledge(current, entry)) continue;
        if (current) miniSearch.replace(entry);
        else miniSearch.add(entry);
        remember(entry, passageRanges(entry.text ?? ""));
        changed = true;
      }
      return changed;
    },
    search(query, { scope = ALL_SCOPE, limit = DEFAULT_LIMIT, pages, wordsOnly = false, strict = false } = {}) {
      if (limit <= 0) return NO_FINDINGS;
      const plan = planQuery(query, { meaning: !wordsOnly });
      const { terms, prefixes } = searchTerms(plan);
      if (terms.length === 0 && prefixes.length === 0) return NO_FINDINGS;
      const inScope = scopeFilter(scope);
      // The candidates: the best pages in scope (candidatePages; or Postgres's pages) and every knowledge item in scope.
      const maxPages = candidatePages(scope);
      const chosen: { entry: SearchEntry; own: boolean }[] = [];
      let pageCount = 0;
      for (const hit of hits(terms, prefixes)) {
        const entry = entries.get(hit.id as string);
        if (!entry || !inScope(entry)) continue;
        if (entry.kind === "page" && (pages || pageCount >= maxPages)) continue;
        if (entry.kind === "page") pageCount += 1;
        chosen.push({ entry, own: true });
      }
      for (const entry of pages ?? []) if (inScope(entry)) chosen.push({ entry, own: false });
      const wanted = new Set(terms);
      const needles = needlesOf(terms, prefixes);
      const candidates = inReadingOrder(chosen.flatMap(({ entry, own }) => candidatesOf(entry, own, wanted, prefixes, needles)));
      const ranking = rankPassages(plan, candidates, strict);
      return {
        results: ranking.results.slice(0, limit).map(toResult),
        asked: ranking.asked ? { id: ranking.asked.id, clause: ranking.asked.clause, absent: ranking.absent, ...(ranking.faint ? { faint: true } : {}) } : null,
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
        passages: list.map((entry) => (ranges.get(entryId(entry)) ?? []).map(({ start, end }): [number, number] => [start, end])),
        index: miniSearch.toJSON(),
      };
    },
  };
}

/** An empty index. */
export const createSearchIndex = (): SearchIndex => makeIndex(new MiniSearch(MINISEARCH_OPTIONS), [], new Map());

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
    const ranges = new Map<string, PassageRange[]>();
    for (const [i, entry] of valid.entries()) {
      const stored = data.passages[i];
      const length = (entry.text ?? "").length;
      if (!Array.isArray(stored) || !stored.every((r) => isRange(r) && r[1] <= length)) return null;
      ranges.set(entryId(entry), stored.map(([start, end]) => ({ start, end })));
    }
    const ids = new Set(valid.map(entryId));
    const miniSearch = MiniSearch.loadJS(data.index as Parameters<typeof MiniSearch.loadJS>[0], MINISEARCH_OPTIONS);
    if (ids.size !== valid.length || miniSearch.documentCount !== ids.size || ![...ids].every((id) => miniSearch.has(id))) return null;
    return makeIndex(miniSearch, valid, ranges);
  } catch {
    return null;
  }
}
