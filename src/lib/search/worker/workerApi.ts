import { openDocumentsDb, type DocumentsDb } from "../../documents/db";
import type { PageText } from "../../documents/pages";
import type { KnowledgeInput, SearchDocument } from "../entries";
import type { PageEntry } from "../entries";
import type { SearchTerms } from "../rank";
import type { Findings, SearchOptions } from "../results";
import type { WorkspaceEntry } from "../entries";
import { createSearchService, type SearchService } from "./service";

/**
 * What the search worker offers the page. Every call names the signed-in user: the worker holds one user's index at
 * a time, kept in that user's documents database, and a call for another user saves the first and switches, so one
 * user's pages never answer another's question.
 */
export function createSearchWorkerApi(open: (userId: string) => Promise<DocumentsDb> = openDocumentsDb) {
  let current: { userId: string; service: SearchService; db: Promise<DocumentsDb> } | null = null;

  const closeDb = (db: Promise<DocumentsDb>) => void db.then((d) => d.close(), () => undefined);

  const serviceFor = (userId: string): SearchService => {
    if (current?.userId === userId) return current.service;
    const previous = current;
    if (previous) void previous.service.flush().finally(() => closeDb(previous.db));
    const db = open(userId);
    db.catch(() => undefined);
    const service = createSearchService({
      load: async () => (await db).getSearchIndex(),
      save: async (json) => (await db).putSearchIndex(json),
      pages: async (id) => (await db).getPages(id),
    });
    current = { userId, service, db };
    return service;
  };

  return {
    sync: (userId: string, documents: WorkspaceEntry[], knowledge: KnowledgeInput[], handover = false): Promise<void> =>
      serviceFor(userId).sync(documents, knowledge, handover),
    add: (userId: string, document: SearchDocument, pages: PageText[]): Promise<void> => serviceFor(userId).add(document, pages),
    remove: (userId: string, docId: string): Promise<void> => serviceFor(userId).remove(docId),
    search: (userId: string, query: string, options?: SearchOptions): Promise<Findings> => serviceFor(userId).search(query, options),
    searchWith: (userId: string, query: string, pages: PageEntry[], options?: SearchOptions, unsent: SearchDocument[] = []): Promise<Findings> =>
      serviceFor(userId).searchWith(query, pages, options, unsent),
    terms: (userId: string, query: string, wordsOnly?: boolean): Promise<SearchTerms> => serviceFor(userId).terms(query, wordsOnly),
    flush: async (userId: string): Promise<void> => {
      if (current?.userId === userId) await current.service.flush();
    },
    /** Drops the user's index without saving (the workspace is being cleared and its database deleted). */
    forget: (userId: string): void => {
      if (current?.userId !== userId) return;
      current.service.discard();
      closeDb(current.db);
      current = null;
    },
  };
}

/** The search worker's calls, as the page sees them through comlink. */
export type SearchWorkerApi = ReturnType<typeof createSearchWorkerApi>;
