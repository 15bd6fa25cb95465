import type { SearchResult } from "../search/results";
import { placeOf } from "./answer/answer";
import { snippetFor } from "../search/snippet";
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
  /** On the firm's Supabase: the colleague who changed it last, when it was not the user. */
  updatedBy?: string;
  /** Its number among the versions of one document (v1, v2, …), when it has versions. */
  version?: number;
  /** From v2 on: the version before it, which Compare puts beside it. */
  previousVersion?: string;
}

export type StatusFilter = "all" | DocumentStatus;
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = { all: "All Status", ...DOCUMENT_STATUS_LABELS };

/** Where a document's text matches a search: its best page, and the excerpt with the words that matched. */
export interface TextHit {
  page: number;
  /** "p. 12", or "section 3" for a DOCX's sections. */
  place: string;
  snippet: string;
  terms: string[];
}

/** The best passage of each document among search results (they come best first), by document id. */
export function bestHits(results: readonly SearchResult[]): Map<string, TextHit> {
  const hits = new Map<string, TextHit>();
  for (const result of results) {
    const { entry, snippet, terms } = result;
    if (entry.kind !== "page" || hits.has(entry.docId)) continue;
    // A card shows about a line or two of the passage, around the words that matched.
    hits.set(entry.docId, { page: entry.page, place: placeOf(result), snippet: snippetFor(snippet.text, terms).text, terms });
  }
  return hits;
}

/**
 * The documents whose title or case matches the query, or whose text the search found (`hits`), and whose status
 * passes the filter.
 */
export const filterDocuments = (
  documents: readonly WorkspaceDocument[],
  query: string,
  status: StatusFilter,
  hits: ReadonlyMap<string, TextHit> = new Map(),
): WorkspaceDocument[] =>
  documents.filter((d) => (status === "all" || d.status === status) && (matchesQuery(query, d.title, d.caseTitle) || hits.has(d.id)));
