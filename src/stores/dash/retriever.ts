import { searchDocument } from "../../lib/dash/uploads";
import type { Retriever } from "../../lib/search/results";
import { createServerRetriever, type PageRanker } from "../../lib/search/serverPages";
import { $remote } from "./remote";
import { inTime, searchWorker, signedInUserId } from "./searchWorker";
import { $handedOver } from "./searchIndexSync";
import { $uploads } from "./uploads";

/** The signed-in user's id; throws when no one is signed in. */
const userId = (): string => {
  const id = signedInUserId();
  if (!id) throw new Error("No one is signed in");
  return id;
};

/** The signed-in user's index in the search worker (never held up by a dead worker). */
const browserRetriever: Retriever & PageRanker = {
  search: async (query, options) => inTime(searchWorker().search(userId(), query, options)),
  terms: async (query, wordsOnly) => inTime(searchWorker().terms(userId(), query, wordsOnly)),
  searchWith: async (query, pages, options, unsent = []) => inTime(searchWorker().searchWith(userId(), query, [...pages], options, [...unsent])),
};

/**
 * The one retriever of answers and Files' search: the browser's index, and with Supabase, search_pages for the
 * documents' candidate pages (every device's), ranked in the worker by the same rule as the index's. Past the
 * browser index's budget (searchIndexSync.ts) only the server can search them. A document read here whose pages the
 * server has not confirmed yet is searched in this browser's copy (serverPages.ts), newest first.
 */
export const retriever: Retriever = {
  search(query, options) {
    const remote = $remote.get();
    if (!remote) return browserRetriever.search(query, options);
    const server = createServerRetriever(
      browserRetriever,
      (terms, { documentIds, caseIds }, limit) => remote.api.searchPages(terms, documentIds, caseIds, limit),
      () => $handedOver.get(),
      async () => {
        const unsent = await remote.session.unsentPages();
        return unsent.size === 0 ? [] : $uploads.get().filter((u) => unsent.has(u.id) && u.processing.state === "done").map(searchDocument);
      },
    );
    return server.search(query, options);
  },
};
