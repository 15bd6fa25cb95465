import { atom, computed, type ReadableAtom } from "nanostores";
import type { Clock } from "../../lib/dash/clock";
import {
  documentAt,
  filterDocuments,
  parseDocuments,
  reindexDue,
  startReindex,
  type DocumentRecord,
  type StatusFilter,
  type WorkspaceDocument,
} from "../../lib/dash/files";
import { createFilteredList } from "../../lib/dash/filteredList";
import { persisted } from "../../lib/dash/persisted";
import type { FeatureDefinition } from "../../lib/dash/repository";
import { isFiled, uploadedDocument, type Upload } from "../../lib/dash/uploads";
import { sampleDocuments } from "../../lib/dash/samples/documents";
import { clock } from "./clock";
import { $uploads, reindexUpload } from "./uploads";

export const documentsFeature: FeatureDefinition<DocumentRecord[]> = {
  name: "documents",
  version: 1,
  samples: () => structuredClone(sampleDocuments),
  parse: parseDocuments,
};

export interface FilesDeps {
  clock: Clock;
  $uploads: ReadableAtom<Upload[]>;
  /** Reads a failed upload again. */
  reindexUpload: (id: string) => void;
}

/**
 * The documents of the workspace: the filed ones (with any re-index under way) and every upload once it is
 * Indexed or Failed (and through its Re-index), derived rather than copied, newest first.
 */
export function createFilesStore(deps: FilesDeps) {
  const $records = atom<DocumentRecord[]>(documentsFeature.samples());
  const $documents = computed([$records, deps.$uploads, deps.clock.$now], (records, uploads, now) =>
    [
      ...uploads.filter((upload) => isFiled(upload, now)).map((upload) => uploadedDocument(upload, now)),
      ...records.map((record) => documentAt(record, now)),
    ].sort((a, b) => new Date(b.uploaded).getTime() - new Date(a.uploaded).getTime()),
  );
  const list = createFilteredList<WorkspaceDocument, StatusFilter>($documents, "all", filterDocuments);

  // A re-index under way (just started, or loaded after a reload) wakes the clock when it finishes.
  $records.subscribe((records) => deps.clock.wakeAt(records.flatMap(reindexDue)));

  /** Re-indexes a failed document: an upload is read again; a filed one is processing now, indexed 3000 ms later. */
  const reindex = (id: string) => {
    if (deps.$uploads.get().some((upload) => upload.id === id)) deps.reindexUpload(id);
    else $records.set(startReindex($records.get(), id, new Date(deps.clock.now())));
  };


  /** Removes the filed documents of a case (its uploads are removed by the uploads store). */
  const removeCaseDocuments = (caseId: string) => $records.set($records.get().filter((record) => record.caseId !== caseId));

  return { $records, $documents, ...list, reindex, removeCaseDocuments };
}

const files = createFilesStore({ clock, $uploads, reindexUpload });

/** Every document of the workspace as it is now (contract 4). */
export const $documents: ReadableAtom<WorkspaceDocument[]> = files.$documents;
export const { $query: $fileQuery, $filter: $fileStatus, $matching: $matchingDocuments } = files;
export const { reindex, removeCaseDocuments, setQuery: setFileQuery, setFilter: setFileStatus } = files;

export const documentsRecords = persisted(files.$records, documentsFeature);
