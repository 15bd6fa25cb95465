import { isRecordDate } from "../dash/dates";
import { allStrings, isRecordId, oneOf, parseList } from "../dash/parse";

/** The most documents (rows) one review takes. */
export const MAX_REVIEW_DOCUMENTS = 1000;
/** The most questions (columns) one review takes. */
export const MAX_REVIEW_QUESTIONS = 30;
/** The longest question or column label kept. */
export const MAX_QUESTION_CHARS = 300;
export const MAX_LABEL_CHARS = 60;
export const MAX_NOTE_CHARS = 2000;

/** A question of the review: a column, with its short header and the question asked of every document. */
export interface ReviewColumn {
  id: string;
  label: string;
  question: string;
}

/** A row of the review: a document, with its title kept so a deleted one still names itself. */
export interface ReviewDocument {
  id: string;
  title: string;
}

/** A review: documents by questions. Its cells are kept apart, one record per review (see ReviewCell). */
export interface Review {
  id: string;
  title: string;
  documents: ReviewDocument[];
  columns: ReviewColumn[];
  /** ISO instants. */
  createdAt: string;
  updatedAt: string;
}

export const CELL_STATUSES = ["found", "not-found", "not-read"] as const;
export type CellStatus = (typeof CELL_STATUSES)[number];
export const CELL_STATUS_LABELS: Record<CellStatus, string> = { found: "Found", "not-found": "Not found", "not-read": "Not read" };

export const MARK_STATES = ["verified", "flagged"] as const;
export type MarkState = (typeof MARK_STATES)[number];
export const MARK_LABELS: Record<MarkState, string> = { verified: "Verified", flagged: "Flagged" };

/** The lawyer's check of a cell: who marked it, when, and their note. */
export interface CellMark {
  state: MarkState;
  by: string;
  /** ISO instant. */
  at: string;
}

/** The clause a cell quotes: its text and where it sits in the page's text. */
export interface CellQuote {
  text: string;
  page: number;
  start: number;
  end: number;
}

/** Why a Verified mark was taken off. */
export const LOST_MARK_REASONS = {
  reindexed: "Verified mark removed: the document was re-indexed since.",
  deleted: "Verified mark removed: the document was deleted since.",
} as const;
export type LostMark = keyof typeof LOST_MARK_REASONS;

/** One answer of the grid: a document's answer to a question. */
export interface ReviewCell {
  docId: string;
  columnId: string;
  /** The question it answers (a column whose question changed is answered again). */
  question: string;
  /** Which reading of the document it was answered from (its processing's start): a re-index answers it again. */
  docVersion: string;
  status: CellStatus;
  quote?: CellQuote;
  /** A model's one-line answer, written from the quote alone (only with a model configured). */
  answer?: string;
  mark?: CellMark;
  note?: string;
  /** Set when a Verified mark was taken off because the document changed. */
  lost?: LostMark;
  /** ISO instant it was answered. */
  answeredAt: string;
}

/** A cell's key in its review: one per document and question. */
export const cellKey = (docId: string, columnId: string): string => `${docId}\u0000${columnId}`;

const isText = (value: unknown, max: number): value is string => typeof value === "string" && value.length <= max;

function parseColumn(item: unknown): ReviewColumn | null {
  const c = item as Partial<ReviewColumn> | null;
  return c && isRecordId(c.id) && isText(c.label, MAX_LABEL_CHARS) && isText(c.question, MAX_QUESTION_CHARS) ? { id: c.id, label: c.label, question: c.question } : null;
}

function parseDocument(item: unknown): ReviewDocument | null {
  const d = item as Partial<ReviewDocument> | null;
  return d && isRecordId(d.id) && typeof d.title === "string" ? { id: d.id, title: d.title } : null;
}

/** Validates stored reviews. */
export const parseReviews = (data: unknown): Review[] | null =>
  parseList(data, (item) => {
    const r = item as Partial<Review> | null;
    if (!r || !isRecordId(r.id) || typeof r.title !== "string" || !isRecordDate(r.createdAt) || !isRecordDate(r.updatedAt)) return null;
    const documents = parseList(r.documents, parseDocument);
    const columns = parseList(r.columns, parseColumn);
    if (!documents || !columns || documents.length > MAX_REVIEW_DOCUMENTS || columns.length > MAX_REVIEW_QUESTIONS) return null;
    return { id: r.id, title: r.title, documents, columns, createdAt: r.createdAt, updatedAt: r.updatedAt };
  });

function parseQuote(value: unknown): CellQuote | undefined | null {
  if (value === undefined) return undefined;
  const q = value as Partial<CellQuote> | null;
  const numbers = [q?.page, q?.start, q?.end].every((n) => Number.isInteger(n) && (n as number) >= 0);
  return q && typeof q.text === "string" && numbers ? { text: q.text, page: q.page as number, start: q.start as number, end: q.end as number } : null;
}

function parseMark(value: unknown): CellMark | undefined | null {
  if (value === undefined) return undefined;
  const m = value as Partial<CellMark> | null;
  const state = oneOf(m?.state, MARK_STATES);
  return m && state && typeof m.by === "string" && isRecordDate(m.at) ? { state, by: m.by, at: m.at } : null;
}

/** Validates one stored cell. */
export function parseCell(item: unknown): ReviewCell | null {
  const c = item as Partial<ReviewCell> | null;
  if (!c || !isRecordId(c.docId) || !isRecordId(c.columnId) || !allStrings(c.question, c.docVersion) || !isRecordDate(c.answeredAt)) return null;
  const status = oneOf(c.status, CELL_STATUSES);
  const quote = parseQuote(c.quote);
  const mark = parseMark(c.mark);
  if (!status || quote === null || mark === null) return null;
  if ((c.answer !== undefined && typeof c.answer !== "string") || (c.note !== undefined && !isText(c.note, MAX_NOTE_CHARS))) return null;
  const lost = c.lost === undefined ? undefined : oneOf(c.lost, Object.keys(LOST_MARK_REASONS) as LostMark[]);
  if (lost === null) return null;
  return {
    docId: c.docId,
    columnId: c.columnId,
    question: c.question as string,
    docVersion: c.docVersion as string,
    status,
    answeredAt: c.answeredAt,
    ...(quote ? { quote } : {}),
    ...(typeof c.answer === "string" ? { answer: c.answer } : {}),
    ...(mark ? { mark } : {}),
    ...(c.note ? { note: c.note } : {}),
    ...(lost ? { lost } : {}),
  };
}

/** Validates a review's stored cells. */
export const parseCells = (data: unknown): ReviewCell[] | null => parseList(data, parseCell);
