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
  status: DocumentStatus;
  uploaded: string /* ISO */;
  type: "pdf" | "doc";
  /** Why it failed, in words, when it did (an upload the reader could not read). */
  reason?: string;
}

export type StatusFilter = "all" | DocumentStatus;
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = { all: "All Status", ...DOCUMENT_STATUS_LABELS };

/** The documents whose title or case matches the query and whose status passes the filter. */
export const filterDocuments = (documents: readonly WorkspaceDocument[], query: string, status: StatusFilter): WorkspaceDocument[] =>
  documents.filter((d) => (status === "all" || d.status === status) && matchesQuery(query, d.title, d.caseTitle));
