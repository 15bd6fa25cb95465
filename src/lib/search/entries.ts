import { PAGE_UNITS, type PageText, type PageUnit } from "../documents/pages";
import { readableChars } from "../documents/text";

/** A document as the index needs it: an upload's id, title, case and whether it has pages or a DOCX's sections. */
export interface SearchDocument {
  id: string;
  title: string;
  caseId: string;
  caseTitle: string;
  unit: PageUnit;
}

/**
 * The kinds of knowledge item the index tells apart: the firm's own (internal) ones, which the Firm scope takes, and
 * external laws and judgments. The workspace's knowledge types must be these (its items are passed in as they are).
 */
export const KNOWLEDGE_KINDS = ["internal", "law", "judgment"] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];

/** A knowledge item as the index takes it, with its body when it has one. */
export interface KnowledgeInput {
  id: string;
  title: string;
  type: KnowledgeKind;
  source: string;
  description: string;
  text?: string;
}

/** One page (or section) of a document: the unit a search finds and a passage cites. */
export interface PageEntry {
  kind: "page";
  docId: string;
  title: string;
  caseId: string;
  caseTitle: string;
  /** 1-based. */
  page: number;
  unit: PageUnit;
  text: string;
}

/** One knowledge item: a law, a judgment or an internal guide. */
export interface KnowledgeEntry {
  kind: "knowledge";
  itemId: string;
  title: string;
  type: KnowledgeKind;
  source: string;
  description: string;
  text?: string;
}

/** What the index holds and a search returns. */
export type SearchEntry = PageEntry | KnowledgeEntry;

/** The index's id of page `page` of a document. */
export const pageEntryId = (docId: string, page: number): string => `page:${docId}:${String(page)}`;
/** The index's id of a knowledge item. */
export const knowledgeEntryId = (itemId: string): string => `kb:${itemId}`;
/** The index's id of an entry: `page:<docId>:<n>` or `kb:<itemId>`. */
export const entryId = (entry: SearchEntry): string =>
  entry.kind === "page" ? pageEntryId(entry.docId, entry.page) : knowledgeEntryId(entry.itemId);

/**
 * The entries of a document's pages; a page with no letter or digit (a blank page) is left out, as nothing can cite it,
 * and a page number met twice keeps its first page.
 */
export function pageEntries(document: SearchDocument, pages: readonly PageText[]): PageEntry[] {
  const seen = new Set<number>();
  const entries: PageEntry[] = [];
  for (const { number, text } of pages) {
    if (seen.has(number) || readableChars(text) === 0) continue;
    seen.add(number);
    const { id: docId, title, caseId, caseTitle, unit } = document;
    entries.push({ kind: "page", docId, title, caseId, caseTitle, page: number, unit, text });
  }
  return entries;
}

/** A knowledge item's entry; a blank body is no body. */
export function knowledgeEntry(item: KnowledgeInput): KnowledgeEntry {
  const entry: KnowledgeEntry = {
    kind: "knowledge",
    itemId: item.id,
    title: item.title,
    type: item.type,
    source: item.source,
    description: item.description,
  };
  if (item.text !== undefined && item.text.trim() !== "") entry.text = item.text;
  return entry;
}

/** Whether two knowledge entries would be indexed the same: then replacing one by the other is skipped. */
export const sameKnowledge = (a: KnowledgeEntry, b: KnowledgeEntry): boolean =>
  a.title === b.title && a.type === b.type && a.source === b.source && a.description === b.description && a.text === b.text;

const isString = (value: unknown): value is string => typeof value === "string";

/** Validates one stored entry and copies its known fields; null when it is not one. */
export function parseEntry(value: unknown): SearchEntry | null {
  if (typeof value !== "object" || value === null) return null;
  const e = value as Record<string, unknown>;
  if (e.kind === "page") {
    const { docId, title, caseId, caseTitle, page, text } = e;
    const unit = PAGE_UNITS.find((known) => known === e.unit) ?? null;
    const ok =
      isString(docId) && isString(title) && isString(caseId) && isString(caseTitle) && isString(text) &&
      typeof page === "number" && Number.isInteger(page) && page >= 1 && unit !== null;
    return ok ? { kind: "page", docId, title, caseId, caseTitle, page, unit, text } : null;
  }
  if (e.kind === "knowledge") {
    const { itemId, title, type, source, description, text } = e;
    const ok =
      isString(itemId) && isString(title) && isString(source) && isString(description) &&
      KNOWLEDGE_KINDS.includes(type as KnowledgeKind) && (text === undefined || isString(text));
    if (!ok) return null;
    return knowledgeEntry({ id: itemId, title, type: type as KnowledgeKind, source, description, ...(text === undefined ? {} : { text }) });
  }
  return null;
}

/** A document of the workspace as the index's upkeep sees it: its metadata, and whether its pages are read and kept. */
export interface WorkspaceEntry {
  document: SearchDocument;
  indexed: boolean;
}
