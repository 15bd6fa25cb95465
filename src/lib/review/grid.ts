import type { AssistantPassage } from "../../../supabase/functions/assistant/prompt";
import { passagesFor } from "../search/passages";
import type { Findings, SearchOptions } from "../search/results";
import {
  cellKey,
  MAX_LABEL_CHARS,
  MAX_NOTE_CHARS,
  MAX_QUESTION_CHARS,
  MAX_REVIEW_DOCUMENTS,
  MAX_REVIEW_QUESTIONS,
  type CellMark,
  type CellQuote,
  type CellStatus,
  type MarkState,
  type Review,
  type ReviewCell,
  type ReviewColumn,
  type ReviewDocument,
} from "./review";

/** Where a document of the workspace stands, for the review: only an Indexed one is answered. */
export interface DocumentState {
  status: "indexed" | "processing" | "failed";
  /** Which reading of it this is (the start of its last upload or re-index). */
  version: string;
}

/** A cell to answer: a document and a column's question. */
export interface CellTask {
  docId: string;
  columnId: string;
  question: string;
  docVersion: string;
}

/** What the search found for a cell. */
export interface CellAnswer {
  status: Extract<CellStatus, "found" | "not-found">;
  quote?: CellQuote;
  /** A model's one-line answer from the quote alone (src/lib/assistant/oneLine.ts), beside it, never instead of it. */
  answer?: string;
}

/** How many passages a cell's search ranks before the best is chosen (the chat's rule picks among them). */
const CELL_SEARCH_LIMIT = 10;

/** The search a cell's answer reads: its one document, wordings read strictly (one verdict, rank.ts). */
export const cellSearch = (docId: string): SearchOptions => ({ scope: { kind: "documents", docIds: [docId] }, limit: CELL_SEARCH_LIMIT, strict: true });

/**
 * A cell's answer from what the search found in its one document: the passage the chat would quote first (the
 * same rule, passages.ts), or Not found when the question names a clause the document lacks or nothing is relevant.
 */
export function cellAnswer(findings: Findings): CellAnswer {
  // A clause only mentioned in lone words ("a direct competitor" in an assignment clause) is not there: Not found.
  if (findings.asked?.absent || findings.asked?.faint) return { status: "not-found" };
  const [best] = passagesFor(findings.results, 1);
  if (!best || best.entry.kind !== "page") return { status: "not-found" };
  const { text, start, end } = best.snippet;
  return { status: "found", quote: { text, page: best.entry.page, start, end } };
}

/**
 * A Found cell's quote as the model is sent it for a one-line answer: named by its document and page, so the assistant
 * Edge Function finds it on a page the user reads (it refuses a passage it cannot find there).
 */
export const cellPassage = (docId: string, quote: CellQuote): AssistantPassage => ({ n: 1, title: "Passage", source: "the document", page: quote.page, document: docId, text: quote.text });

/** The cells of a review by their key. */
export const cellsByKey = (cells: readonly ReviewCell[]): Map<string, ReviewCell> => new Map(cells.map((cell) => [cellKey(cell.docId, cell.columnId), cell]));

/** Whether a cell still answers its column's question for the document as it is now read. */
const current = (cell: ReviewCell | undefined, column: ReviewColumn, doc: DocumentState | undefined): boolean =>
  Boolean(cell && doc && cell.question === column.question && cell.docVersion === doc.version && (cell.status !== "not-read" || doc.status !== "indexed"));

/**
 * The cells a run must answer: those of Indexed documents that are missing or out of date (only what changed),
 * question by question, so each question's search of the index serves every document in turn.
 */
export function cellsToAnswer(review: Review, cells: readonly ReviewCell[], documents: ReadonlyMap<string, DocumentState>): CellTask[] {
  const byKey = cellsByKey(cells);
  const tasks: CellTask[] = [];
  for (const column of review.columns) {
    for (const { id: docId } of review.documents) {
      const doc = documents.get(docId);
      if (doc?.status !== "indexed" || current(byKey.get(cellKey(docId, column.id)), column, doc)) continue;
      tasks.push({ docId, columnId: column.id, question: column.question, docVersion: doc.version });
    }
  }
  return tasks;
}

/** How many of a review's cells are answered for the documents as they are now, of how many. */
export function progressOf(review: Review, cells: readonly ReviewCell[], documents: ReadonlyMap<string, DocumentState>): { done: number; total: number } {
  const byKey = cellsByKey(cells);
  let done = 0;
  for (const { id: docId } of review.documents) {
    const doc = documents.get(docId);
    for (const column of review.columns) if (!doc || current(byKey.get(cellKey(docId, column.id)), column, doc)) done += 1;
  }
  return { done, total: review.documents.length * review.columns.length };
}

/** A cell's new answer: a Verified mark on an older answer is taken off and says why; the note stays. */
export function answeredCell(previous: ReviewCell | undefined, task: CellTask, answer: CellAnswer | { status: "not-read" }, at: string): ReviewCell {
  const sameQuestion = previous?.question === task.question;
  const reread = sameQuestion && previous.docVersion !== task.docVersion;
  const keepMark = sameQuestion && !reread && previous.mark;
  const cell: ReviewCell = { docId: task.docId, columnId: task.columnId, question: task.question, docVersion: task.docVersion, status: answer.status, answeredAt: at };
  if ("quote" in answer && answer.quote) cell.quote = answer.quote;
  if ("answer" in answer && answer.answer) cell.answer = answer.answer;
  if (keepMark) cell.mark = keepMark;
  if (previous?.note && sameQuestion) cell.note = previous.note;
  if (reread && previous.mark?.state === "verified") cell.lost = "reindexed";
  else if (sameQuestion && previous.lost) cell.lost = previous.lost;
  return cell;
}

/**
 * The cells after the documents changed, without searching: an unread document's cells say Not read, and a
 * deleted document's Verified marks come off and say why. Returns the same array when nothing changed.
 */
export function settleCells(review: Review, cells: readonly ReviewCell[], documents: ReadonlyMap<string, DocumentState>, at: string): readonly ReviewCell[] {
  const byKey = cellsByKey(cells);
  let changed = false;
  for (const { id: docId } of review.documents) {
    const doc = documents.get(docId);
    for (const column of review.columns) {
      const key = cellKey(docId, column.id);
      const cell = byKey.get(key);
      if (!doc) {
        if (cell?.mark?.state !== "verified") continue;
        const { mark: _dropped, ...rest } = cell;
        byKey.set(key, { ...rest, lost: "deleted" });
        changed = true;
      } else if (doc.status !== "indexed" && !current(cell, column, doc)) {
        byKey.set(key, answeredCell(cell, { docId, columnId: column.id, question: column.question, docVersion: doc.version }, { status: "not-read" }, at));
        changed = true;
      }
    }
  }
  return changed ? [...byKey.values()] : cells;
}

/** The cells of the review's rows and columns only (a removed row or column takes its cells with it). */
export function keptCells(review: Pick<Review, "documents" | "columns">, cells: readonly ReviewCell[]): readonly ReviewCell[] {
  const docs = new Set(review.documents.map((d) => d.id));
  const columns = new Set(review.columns.map((c) => c.id));
  const kept = cells.filter((cell) => docs.has(cell.docId) && columns.has(cell.columnId));
  return kept.length === cells.length ? cells : kept;
}

/** Sets or clears a cell's mark (who and when), keeping its note; a new mark clears a lost-mark notice. */
export function markedCell(cell: ReviewCell, state: MarkState | null, by: string, at: string): ReviewCell {
  const { mark: _old, lost: _lost, ...rest } = cell;
  const mark: CellMark | null = state ? { state, by, at } : null;
  return mark ? { ...rest, mark } : rest;
}

/** Sets a cell's note (trimmed, at most MAX_NOTE_CHARS; empty removes it). */
export function notedCell(cell: ReviewCell, note: string): ReviewCell {
  const { note: _old, ...rest } = cell;
  const text = note.trim().slice(0, MAX_NOTE_CHARS);
  return text ? { ...rest, note: text } : rest;
}

/** How many cells of each column are Verified. */
export function verifiedByColumn(cells: Iterable<ReviewCell>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const cell of cells) if (cell.mark?.state === "verified") counts.set(cell.columnId, (counts.get(cell.columnId) ?? 0) + 1);
  return counts;
}

/** A column as the lawyer typed or picked it: trimmed, within the limits; null when the question is blank. */
export function newColumn(id: string, question: string, label?: string): ReviewColumn | null {
  const q = question.trim().replace(/\s+/g, " ").slice(0, MAX_QUESTION_CHARS);
  if (!q) return null;
  return { id, question: q, label: (label?.trim() || shortLabel(q)).slice(0, MAX_LABEL_CHARS) };
}

/** A typed question's header: its first words, cut at a word near MAX_LABEL_CHARS / 2. */
export function shortLabel(question: string): string {
  const words = question.replace(/[?.!]+$/, "").split(" ");
  let label = "";
  for (const word of words) {
    if (label && (label + " " + word).length > MAX_LABEL_CHARS / 2) return `${label}…`;
    label = label ? `${label} ${word}` : word;
  }
  return label;
}

/** The review's columns with these added at the end, as many as fit under MAX_REVIEW_QUESTIONS, none asked twice. */
export function withColumns(columns: readonly ReviewColumn[], added: readonly ReviewColumn[]): ReviewColumn[] {
  const asked = new Set(columns.map((c) => c.question.toLowerCase()));
  const next = [...columns];
  for (const column of added) {
    if (next.length >= MAX_REVIEW_QUESTIONS || asked.has(column.question.toLowerCase())) continue;
    asked.add(column.question.toLowerCase());
    next.push(column);
  }
  return next;
}

/** The review's documents with these added at the end, as many as fit under MAX_REVIEW_DOCUMENTS, none twice. */
export function withDocuments(documents: readonly ReviewDocument[], added: readonly ReviewDocument[]): ReviewDocument[] {
  const have = new Set(documents.map((d) => d.id));
  const next = [...documents];
  for (const doc of added) {
    if (next.length >= MAX_REVIEW_DOCUMENTS || have.has(doc.id)) continue;
    have.add(doc.id);
    next.push(doc);
  }
  return next;
}

/** The rows for these document ids, in the order picked, from the workspace's documents (ids no longer there are left out). */
export const reviewDocumentsOf = (ids: readonly string[], documents: readonly { id: string; title: string }[]): ReviewDocument[] =>
  ids.flatMap((docId) => documents.filter((d) => d.id === docId).map((d) => ({ id: d.id, title: d.title })));
