import type { PageText } from "../../documents/pages";
import { pageEntries, type KnowledgeInput, type PageEntry, type SearchDocument, type WorkspaceEntry } from "../entries";
import { planQuery, searchTerms, type SearchTerms } from "../rank";
import type { Findings, SearchOptions } from "../results";
import { UNSENT_PAGES } from "../serverPages";
import { loadLexicon } from "../understand";
import { createSearchIndex, loadSearchIndex, type SearchIndex } from "./searchIndex";

export interface SearchServiceDeps {
  /** The stored index (JSON text), when one was saved. */
  load: () => Promise<string | undefined>;
  save: (json: string) => Promise<void>;
  /** A document's kept pages, to index a document the stored index lacks. */
  pages: (docId: string) => Promise<PageText[]>;
  /** How long after the last change the index is saved: changes come in bursts (an upload's pages, a sync). */
  saveDelayMs?: number;
  setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

/** The default quiet time before the index is saved. */
export const SAVE_DELAY_MS = 1000;

const sameDocument = (a: SearchDocument, b: SearchDocument): boolean =>
  a.title === b.title && a.caseId === b.caseId && a.caseTitle === b.caseTitle && a.unit === b.unit;

/**
 * One user's search index and its upkeep: loaded from storage on first use (a corrupt or missing one starts empty and
 * is rebuilt from the stored pages by the next sync), changed as documents are indexed, re-indexed or deleted, and
 * saved after a quiet moment. Every call runs after the ones before it, so a search never sees half a sync.
 */
export function createSearchService(deps: SearchServiceDeps) {
  const { saveDelayMs = SAVE_DELAY_MS, setTimer = setTimeout, clearTimer = clearTimeout } = deps;
  let index: SearchIndex | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  let dirty = false;
  /** Whether the documents' pages are searched by the server alone (handover.ts): the index then holds none. */
  let handedOver = false;

  /** Runs a task once every task before it has settled. */
  const run = <T>(task: () => Promise<T> | T): Promise<T> => {
    const next = chain.then(task);
    chain = next.catch(() => undefined);
    return next;
  };

  const ready = async (): Promise<SearchIndex> => {
    if (index) return index;
    const json = await deps.load().catch(() => undefined);
    index = (json === undefined ? null : loadSearchIndex(json)) ?? createSearchIndex();
    return index;
  };
  /** The index, with the question reader's table loaded first unless the query is words, not a question (Files' search). */
  const readyFor = async (options: SearchOptions | undefined): Promise<SearchIndex> => {
    if (!options?.wordsOnly) await loadLexicon();
    return ready();
  };

  const save = async (): Promise<void> => {
    if (saveTimer !== null) clearTimer(saveTimer);
    saveTimer = null;
    if (!dirty || !index) return;
    dirty = false;
    // A write refused (no room, storage gone) leaves the index in memory: the next visit rebuilds it from the pages.
    await deps.save(JSON.stringify(index)).catch(() => undefined);
  };

  const changed = () => {
    dirty = true;
    if (saveTimer !== null) clearTimer(saveTimer);
    saveTimer = setTimer(() => void run(save), saveDelayMs);
  };

  /** Indexes a document's pages from storage; a document whose pages cannot be read is left out, not fatal. */
  const addFromStorage = async (target: SearchIndex, document: SearchDocument) => {
    const pages = await deps.pages(document.id).catch(() => null);
    if (pages?.length) target.addDocument(document, pages);
  };

  return {
    /**
     * Makes the index agree with the workspace: documents gone are removed, indexed documents it lacks (or whose
     * title or case changed) are added from their stored pages, and the knowledge items become exactly these. With
     * `handover` (a Supabase workspace past BROWSER_INDEX_MAX_PAGES), it drops every document's pages and adds none
     * until a sync without it: search_pages finds the pages, and the index keeps the knowledge items.
     */
    sync: (documents: readonly WorkspaceEntry[], knowledge: readonly KnowledgeInput[], handover = false) =>
      run(async () => {
        const target = await ready();
        handedOver = handover;
        const known = new Map(handover ? [] : documents.map((entry) => [entry.document.id, entry]));
        let touched = false;
        for (const id of target.documentIds()) {
          if (known.has(id)) continue;
          target.removeDocument(id);
          touched = true;
        }
        for (const { document, indexed } of known.values()) {
          const current = target.documentOf(document.id);
          if (!indexed || (current && sameDocument(current, document))) continue;
          await addFromStorage(target, document);
          touched = true;
        }
        if (target.setKnowledge(knowledge)) touched = true;
        if (touched) changed();
      }),
    /** Indexes a document's pages, replacing any it had (the 'Embedding' step of an upload or a re-index); none once handed over. */
    add: (document: SearchDocument, pages: readonly PageText[]) =>
      run(async () => {
        if (handedOver) return;
        (await ready()).addDocument(document, pages);
        changed();
      }),
    /** Removes a document's pages. */
    remove: (docId: string) =>
      run(async () => {
        if ((await ready()).removeDocument(docId)) changed();
      }),
    /** The relevant passages for a question within the scope, best first, and the clause it asks about. */
    search: (query: string, options?: SearchOptions): Promise<Findings> => run(async () => (await readyFor(options)).search(query, options)),
    /**
     * The same, with these pages (what Postgres found) standing for the index's own pages, and the stored pages of the
     * `unsent` documents (the server has not confirmed them: serverPages.ts) in place of any it found of them.
     */
    searchWith: (query: string, pages: readonly PageEntry[], options?: SearchOptions, unsent: readonly SearchDocument[] = []): Promise<Findings> =>
      run(async () => {
        const target = await readyFor(options);
        const own: PageEntry[] = [];
        const replaced = new Set<string>();
        for (const document of unsent) {
          if (own.length >= UNSENT_PAGES) break;
          const stored = await deps.pages(document.id).catch(() => []);
          if (stored.length === 0) continue;
          own.push(...pageEntries(document, stored).slice(0, UNSENT_PAGES - own.length));
          replaced.add(document.id);
        }
        const candidates = replaced.size === 0 ? pages : [...pages.filter((page) => !replaced.has(page.docId)), ...own];
        return target.search(query, { ...options, pages: candidates });
      }),
    /** The terms a question is searched for (what search_pages is asked). */
    terms: async (query: string, wordsOnly = false): Promise<SearchTerms> => {
      if (!wordsOnly) await loadLexicon();
      return searchTerms(planQuery(query, { meaning: !wordsOnly }));
    },
    /** Saves a pending change now (the page is going away, another user signs in). */
    flush: () => run(save),
    /** Stops the pending save without writing it (the workspace was cleared). */
    discard: () => {
      if (saveTimer !== null) clearTimer(saveTimer);
      saveTimer = null;
      dirty = false;
    },
  };
}

/** A search service: what the search worker holds for the signed-in user. */
export type SearchService = ReturnType<typeof createSearchService>;
