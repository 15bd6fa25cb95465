import type { Retriever } from "../../lib/search/reply";
import { createServerRetriever } from "../../lib/search/serverPages";
import { $remote } from "./remote";
import { inTime, searchWorker, signedInUserId } from "./searchWorker";

/** Searches the signed-in user's index; rejects when no one is signed in or the worker does not answer in time. */
const browserRetriever: Retriever = {
  async search(query, options) {
    const id = signedInUserId();
    if (!id) throw new Error("No one is signed in");
    return inTime(searchWorker().search(id, query, options));
  },
};

/**
 * The one retriever of answers and Files' search: the browser's index, and with Supabase, search_pages for the
 * documents' pages (every device's), the index keeping the knowledge items (and the pages when the server is down).
 */
export const retriever: Retriever = {
  search(query, options) {
    const remote = $remote.get();
    if (!remote) return browserRetriever.search(query, options);
    const server = createServerRetriever(browserRetriever, (q, { documentIds, caseIds }, limit) => remote.api.searchPages(q, documentIds, caseIds, limit));
    return server.search(query, options);
  },
};
