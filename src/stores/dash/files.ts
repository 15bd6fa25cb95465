import { atom, computed, type ReadableAtom } from "nanostores";
import type { Clock } from "../../lib/dash/clock";
import { bestHits, filterDocuments, type StatusFilter, type TextHit, type WorkspaceDocument } from "../../lib/dash/files";
import { createFilteredList } from "../../lib/dash/filteredList";
import { isFiled, newestFirst, uploadedDocument, type Upload } from "../../lib/dash/uploads";
import { versionsOf, type DocumentVersion } from "../../lib/dash/versions";
import type { SearchResult } from "../../lib/search/results";
import { clock } from "./clock";
import { $uploads, reindexUpload } from "./uploads";

export interface FilesDeps {
  clock: Clock;
  $uploads: ReadableAtom<Upload[]>;
  /** Reads a failed document again. */
  reindexUpload: (id: string) => void;
  /** Searches the text of these documents' pages. */
  searchText: (query: string, docIds: string[]) => Promise<SearchResult[]>;
}

/** A document with its number among its versions and the version before it, when it has versions. */
const withVersion = (document: WorkspaceDocument, version: DocumentVersion | undefined): WorkspaceDocument =>
  version ? { ...document, version: version.version, ...(version.previous ? { previousVersion: version.previous } : {}) } : document;

/** How many pages a Files search looks through for each query: enough for the best page of every document shown. */
export const FILES_SEARCH_LIMIT = 200;

/**
 * The documents of the workspace, derived from the documents kept and read in this browser (the samples, and each
 * upload once it is Indexed or Failed and through its Re-index), newest first. The search matches title and case
 * at once, and the text inside as soon as the index answers, with the best page of each document.
 */
export function createFilesStore(deps: FilesDeps) {
  const $documents = computed([deps.$uploads, deps.clock.$now], (uploads, now) => {
    const versions = versionsOf(uploads);
    return uploads
      .filter((upload) => isFiled(upload, now))
      .sort(newestFirst)
      .map((upload) => withVersion(uploadedDocument(upload, now), versions.get(upload.id)));
  });
  const list = createFilteredList<WorkspaceDocument, StatusFilter>($documents, "all", filterDocuments);
  const $textHits = atom<ReadonlyMap<string, TextHit>>(new Map());
  let searches = 0;

  // While a query is typed, it asks again when a document arrives, goes or is read anew (here, or on another device).
  const $searched = computed($documents, (documents) => documents.map((d) => `${d.id}:${d.status}`).join(" "));
  let following: (() => void) | null = null;

  // Each query asks the index; an answer to an older query (typing on) is dropped, and a failed search finds no text.
  const searchText = () => {
    const query = list.$query.get();
    const search = (searches += 1);
    if (query.trim() === "") {
      following?.();
      following = null;
      return $textHits.set(new Map());
    }
    following ??= $searched.listen(searchText);
    const ids = $documents.get().map((d) => d.id);
    deps.searchText(query, ids).then(
      (results) => search === searches && $textHits.set(bestHits(results)),
      () => search === searches && $textHits.set(new Map()),
    );
  };
  list.$query.listen(searchText);

  const $matching = computed([$documents, list.$query, list.$filter, $textHits], filterDocuments);
  return { $documents, ...list, $matching, $textHits, reindex: deps.reindexUpload };
}

const files = createFilesStore({
  clock,
  $uploads,
  reindexUpload,
  // Loaded on the first search: the retriever reads $auth, which this module's tests cannot load.
  searchText: (query, docIds) =>
    import("./retriever").then(async ({ retriever }) => (await retriever.search(query, { scope: { kind: "documents", docIds }, limit: FILES_SEARCH_LIMIT, wordsOnly: true })).results),
});

/** Every document of the workspace as it is now (contract 4). */
export const $documents: ReadableAtom<WorkspaceDocument[]> = files.$documents;
export const { $query: $fileQuery, $filter: $fileStatus, $matching: $matchingDocuments, $textHits: $fileTextHits } = files;
export const { reindex, setQuery: setFileQuery, setFilter: setFileStatus } = files;
