import { computed, type ReadableAtom } from "nanostores";
import type { Clock } from "../../lib/dash/clock";
import { filterDocuments, type StatusFilter, type WorkspaceDocument } from "../../lib/dash/files";
import { createFilteredList } from "../../lib/dash/filteredList";
import { isFiled, newestFirst, uploadedDocument, type Upload } from "../../lib/dash/uploads";
import { clock } from "./clock";
import { $uploads, reindexUpload } from "./uploads";

export interface FilesDeps {
  clock: Clock;
  $uploads: ReadableAtom<Upload[]>;
  /** Reads a failed document again. */
  reindexUpload: (id: string) => void;
}

/**
 * The documents of the workspace, derived from the documents kept and read in this browser (the samples, and each
 * upload once it is Indexed or Failed and through its Re-index), newest first.
 */
export function createFilesStore(deps: FilesDeps) {
  const $documents = computed([deps.$uploads, deps.clock.$now], (uploads, now) =>
    uploads
      .filter((upload) => isFiled(upload, now))
      .sort(newestFirst)
      .map((upload) => uploadedDocument(upload, now)),
  );
  const list = createFilteredList<WorkspaceDocument, StatusFilter>($documents, "all", filterDocuments);
  return { $documents, ...list, reindex: deps.reindexUpload };
}

const files = createFilesStore({ clock, $uploads, reindexUpload });

/** Every document of the workspace as it is now (contract 4). */
export const $documents: ReadableAtom<WorkspaceDocument[]> = files.$documents;
export const { $query: $fileQuery, $filter: $fileStatus, $matching: $matchingDocuments } = files;
export const { reindex, setQuery: setFileQuery, setFilter: setFileStatus } = files;
