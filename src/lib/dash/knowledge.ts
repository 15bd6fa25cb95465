import { isRecordDate, localDay } from "./dates";
import { allStrings, isRecordId, oneOf, parseList } from "./parse";
import { filled, matchesQuery } from "./search";
import { hasSharedFields, type SharedFields } from "./shared";

export type KnowledgeType = "internal" | "law" | "judgment";
export const KNOWLEDGE_TYPES: readonly KnowledgeType[] = ["internal", "law", "judgment"];
export const KNOWLEDGE_TYPE_LABELS: Record<KnowledgeType, string> = { internal: "Internal", law: "Law", judgment: "Judgment" };

/** A resource of the knowledge base: a law, a judgment or an internal guide. */
export interface KnowledgeItem extends SharedFields {
  id: string;
  title: string;
  type: KnowledgeType;
  description: string;
  /** Calendar day "YYYY-MM-DD". */
  lastUpdated: string;
  source: string;
  /** Its body, when the item carries one (a law's provisions, a judgment's holding): searched and quoted. */
  text?: string;
}

export type KnowledgeFilter = "all" | KnowledgeType;
/** The filter tabs, in order, with their labels. */
export const KNOWLEDGE_FILTERS: readonly { value: KnowledgeFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "internal", label: "Internal" },
  { value: "law", label: "Laws" },
  { value: "judgment", label: "Judgments" },
];

/** The items whose title, description or text matches the query and whose type passes the tab. */
export const filterKnowledge = (items: readonly KnowledgeItem[], query: string, filter: KnowledgeFilter): KnowledgeItem[] =>
  items.filter((item) => (filter === "all" || item.type === filter) && matchesQuery(query, item.title, item.description, item.text ?? ""));

export interface KnowledgeDraft {
  title: string;
  type: KnowledgeType;
  description: string;
}

export const EMPTY_KNOWLEDGE_DRAFT: KnowledgeDraft = { title: "", type: "internal", description: "" };

/** Add Item is allowed once title and description are not blank. */
export const canAddKnowledge = (draft: KnowledgeDraft): boolean => filled(draft.title) && filled(draft.description);

/** Where a new item comes from: Internal for the firm's own items, else External. */
export const sourceFor = (type: KnowledgeType): string => (type === "internal" ? "Internal" : "External");

/** A new item, dated today, with its source from its type. */
export const newKnowledgeItem = (draft: KnowledgeDraft, id: string, now: Date): KnowledgeItem => ({
  id,
  title: draft.title.trim(),
  type: draft.type,
  description: draft.description.trim(),
  lastUpdated: localDay(now),
  source: sourceFor(draft.type),
});

/** Validates stored knowledge items. */
export const parseKnowledge = (data: unknown): KnowledgeItem[] | null =>
  parseList(data, (item) => {
    const k = item as Partial<KnowledgeItem> | null;
    if (!k || !isRecordId(k.id) || !allStrings(k.title, k.description, k.source) || !oneOf(k.type, KNOWLEDGE_TYPES)) return null;
    if (k.text !== undefined && typeof k.text !== "string") return null;
    return isRecordDate(k.lastUpdated) && hasSharedFields(k) ? (k as KnowledgeItem) : null;
  });
