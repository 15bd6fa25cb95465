import { isRecordDate, localDay } from "./dates";
import { allStrings, isRecordId, oneOf, parseList } from "./parse";
import { filled, matchesQuery } from "./search";
import { CASE_SHARINGS, hasSharedFields, type CaseSharing, type SharedFields } from "./shared";

export type CaseStatus = "active" | "pending" | "closed";
export const CASE_STATUSES: readonly CaseStatus[] = ["active", "pending", "closed"];
export const CASE_STATUS_LABELS: Record<CaseStatus, string> = { active: "Active", pending: "Pending", closed: "Closed" };

/** A matter of the firm. Its document count is not stored: it is counted from the documents. */
export interface Case extends SharedFields {
  id: string;
  title: string;
  docketNo: string;
  jurisdiction: string;
  status: CaseStatus;
  /** Calendar day "YYYY-MM-DD". */
  updated: string;
  members: number;
  /** On Supabase: who may read it. The server's default, when absent, walls it to its creator. */
  sharing?: CaseSharing;
}

export type CaseFilter = "all" | CaseStatus;
export const CASE_FILTERS: readonly { value: CaseFilter; label: string }[] = [
  { value: "all", label: "All" },
  ...CASE_STATUSES.map((status) => ({ value: status, label: CASE_STATUS_LABELS[status] })),
];

/** The cases whose title or docket number matches the query and whose status passes the filter. */
export const filterCases = <C extends Case>(cases: readonly C[], query: string, filter: CaseFilter): C[] =>
  cases.filter((c) => (filter === "all" || c.status === filter) && matchesQuery(query, c.title, c.docketNo));

export interface CaseDraft {
  title: string;
  docketNo: string;
  jurisdiction: string;
}

export const EMPTY_CASE_DRAFT: CaseDraft = { title: "", docketNo: "", jurisdiction: "" };
export const DOCKET_PLACEHOLDER = "CV-2024-000000";
export const NO_JURISDICTION = "Not specified";

/** Create Case is allowed once title and docket number are filled. */
export const canCreateCase = (draft: CaseDraft): boolean => filled(draft.title) && filled(draft.docketNo);

/** A new case: active, one member (its creator), updated today, 'Not specified' when no jurisdiction is given. */
export const newCase = (draft: CaseDraft, id: string, now: Date): Case => ({
  id,
  title: draft.title.trim(),
  docketNo: draft.docketNo.trim(),
  jurisdiction: draft.jurisdiction.trim() || NO_JURISDICTION,
  status: "active",
  updated: localDay(now),
  members: 1,
});

/** How many of the documents belong to each case. */
export function documentCounts(documents: readonly { caseId: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { caseId } of documents) counts.set(caseId, (counts.get(caseId) ?? 0) + 1);
  return counts;
}

/** Where 'Upload Doc' of a case leads: the uploads screen with that case chosen. */
export const uploadHrefFor = (caseId: string): string => `/dash/uploads?case=${encodeURIComponent(caseId)}`;

/** The case an uploads URL asks to preselect, when it exists. */
export function preselectedCaseId(search: string, cases: readonly Pick<Case, "id">[]): string | null {
  const id = new URLSearchParams(search).get("case");
  return id && cases.some((c) => c.id === id) ? id : null;
}

/** Validates stored cases. */
export const parseCases = (data: unknown): Case[] | null =>
  parseList(data, (item) => {
    const c = item as Partial<Case> | null;
    if (!c || !isRecordId(c.id) || !allStrings(c.title, c.docketNo, c.jurisdiction) || !oneOf(c.status, CASE_STATUSES)) return null;
    if (c.sharing !== undefined && !CASE_SHARINGS.includes(c.sharing)) return null;
    return typeof c.members === "number" && isRecordDate(c.updated) && hasSharedFields(c) ? (c as Case) : null;
  });
