import type { SearchEntry } from "./entries";

/**
 * Which entries a search may return.
 * - `all`: every document page and every knowledge item.
 * - `firm`: every document page and the firm's own (internal) knowledge items, not external laws and judgments.
 * - `case`: the pages of that case's documents only.
 * - `kb`: knowledge items only.
 * - `documents`, `knowledge`: the chips the user picked, one kind each.
 * - `chips`: several chips at once, of any kind: an entry is in scope when any chip takes it (their union); a missing or
 *   empty list takes nothing, so chips with no ids search nothing.
 */
export type SearchScope =
  | { kind: "all" }
  | { kind: "firm" }
  | { kind: "case"; caseId: string }
  | { kind: "kb" }
  | { kind: "documents"; docIds: readonly string[] }
  | { kind: "knowledge"; itemIds: readonly string[] }
  | { kind: "chips"; docIds?: readonly string[]; caseIds?: readonly string[]; itemIds?: readonly string[] };

/** The scope a search has when none is given. */
export const ALL_SCOPE: SearchScope = { kind: "all" };

/** A test of whether an entry is in the scope, with the scope's id lists made sets once. */
export function scopeFilter(scope: SearchScope): (entry: SearchEntry) => boolean {
  switch (scope.kind) {
    case "all":
      return () => true;
    case "firm":
      return (entry) => entry.kind === "page" || entry.type === "internal";
    case "case":
      return (entry) => entry.kind === "page" && entry.caseId === scope.caseId;
    case "kb":
      return (entry) => entry.kind === "knowledge";
    case "documents":
      return scopeFilter({ kind: "chips", docIds: scope.docIds });
    case "knowledge":
      return scopeFilter({ kind: "chips", itemIds: scope.itemIds });
    case "chips": {
      const docIds = new Set(scope.docIds);
      const caseIds = new Set(scope.caseIds);
      const itemIds = new Set(scope.itemIds);
      return (entry) => (entry.kind === "page" ? docIds.has(entry.docId) || caseIds.has(entry.caseId) : itemIds.has(entry.itemId));
    }
  }
}

/** A test of whether a document's pages can be in the scope, by its id and case (a scope of knowledge items takes none). */
export function documentFilter(scope: SearchScope): (document: { id: string; caseId: string }) => boolean {
  const inScope = scopeFilter(scope);
  return ({ id, caseId }) =>
    inScope({ kind: "page", docId: id, caseId, title: "", caseTitle: "", page: 1, unit: "page", text: "" });
}

/** Whether a scope can take any document's pages (KB, or knowledge chips alone, take none). */
export const searchesDocuments = (scope: SearchScope): boolean =>
  scope.kind === "chips" ? Boolean(scope.docIds?.length || scope.caseIds?.length) : scope.kind !== "kb" && scope.kind !== "knowledge";

/** Whether an entry is in the scope. */
export const inScope = (entry: SearchEntry, scope: SearchScope): boolean => scopeFilter(scope)(entry);

/** Whether a scope can take any knowledge item (a case, or document chips alone, take none). */
export const searchesKnowledge = (scope: SearchScope): boolean =>
  scope.kind === "chips" ? Boolean(scope.itemIds?.length) : scope.kind !== "case" && scope.kind !== "documents";
