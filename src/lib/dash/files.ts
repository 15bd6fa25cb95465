import { REINDEX_MS } from "../documents/timeline";
import { isRecordDate } from "./dates";
import { allStrings, isRecordId, oneOf, parseList } from "./parse";
import { matchesQuery } from "./search";

export type DocumentStatus = "indexed" | "processing" | "failed";
export const DOCUMENT_STATUSES: readonly DocumentStatus[] = ["indexed", "processing", "failed"];
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  indexed: "Indexed",
  processing: "Processing",
  failed: "Failed",
};

/** A document of the workspace, as the Files screen and the chat's Attach picker show it (contract 4). */
export interface WorkspaceDocument {
  id: string;
  title: string;
  caseId: string;
  caseTitle: string;
  pages: number;
  status: "indexed" | "processing" | "failed";
  uploaded: string /* ISO */;
  type: "pdf" | "doc";
  /** Why it failed, in words, when it did (an upload the reader could not read). */
  reason?: string;
}

/** A stored document: its status as filed, and when a re-index was asked for. */
export interface DocumentRecord extends WorkspaceDocument {
  /** ISO instant of the last Re-index of a failed document. */
  reindexStarted?: string;
}


/** The document as it is at `now`: a re-indexed failed file is processing for 3000 ms, then indexed. */
export function documentAt({ reindexStarted, ...document }: DocumentRecord, now: number): WorkspaceDocument {
  if (document.status !== "failed" || !reindexStarted) return document;
  const elapsed = now - new Date(reindexStarted).getTime();
  return { ...document, status: elapsed >= REINDEX_MS ? "indexed" : "processing" };
}

/** The instant a re-index finishes, if one is under way. */
export const reindexDue = (record: DocumentRecord): number[] =>
  record.status === "failed" && record.reindexStarted ? [new Date(record.reindexStarted).getTime() + REINDEX_MS] : [];

/** Starts the re-index of a failed document (others are left as they are). */
export const startReindex = (records: readonly DocumentRecord[], id: string, now: Date): DocumentRecord[] =>
  records.map((record) =>
    record.id === id && record.status === "failed" && !record.reindexStarted ? { ...record, reindexStarted: now.toISOString() } : record,
  );

export type StatusFilter = "all" | DocumentStatus;
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = { all: "All Status", ...DOCUMENT_STATUS_LABELS };

/** The documents whose title or case matches the query and whose status passes the filter. */
export const filterDocuments = (documents: readonly WorkspaceDocument[], query: string, status: StatusFilter): WorkspaceDocument[] =>
  documents.filter((d) => (status === "all" || d.status === status) && matchesQuery(query, d.title, d.caseTitle));

/** Validates stored documents. */
export const parseDocuments = (data: unknown): DocumentRecord[] | null =>
  parseList(data, (item) => {
    const d = item as Partial<DocumentRecord> | null;
    if (!d || !isRecordId(d.id) || !allStrings(d.title, d.caseId, d.caseTitle) || typeof d.pages !== "number") return null;
    if (!oneOf(d.status, DOCUMENT_STATUSES) || !oneOf(d.type, ["pdf", "doc"] as const) || !isRecordDate(d.uploaded)) return null;
    if (d.reindexStarted !== undefined && !isRecordDate(d.reindexStarted)) return null;
    return d as DocumentRecord;
  });
