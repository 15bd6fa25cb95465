/**
 * What a record the firm shares carries on Supabase (supabase/migrations/20251129000000_firms.sql): whose it is,
 * when it is a colleague's, and who changed it last. Absent on the user's own records and in the browser default.
 */
export interface SharedFields {
  /** The colleague who made the record (its owner_id); absent when it is the user's own. */
  owner?: string;
  /** Who changed it last (updated_by), as the server says. */
  updatedBy?: string;
}

/** How a case is shared: with everyone in the firm, or only with its members (an ethical wall). */
export type CaseSharing = "firm" | "members";
export const CASE_SHARINGS: readonly CaseSharing[] = ["firm", "members"];
export const CASE_SHARING_LABELS: Record<CaseSharing, string> = { firm: "Everyone in the firm", members: "Only its members" };

const optionalString = (value: unknown) => value === undefined || typeof value === "string";

/** Whether a stored record's shared fields are well formed (absent, or strings). */
export const hasSharedFields = (record: { owner?: unknown; updatedBy?: unknown }): boolean =>
  optionalString(record.owner) && optionalString(record.updatedBy);
