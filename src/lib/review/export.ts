import { fileStem } from "../dash/exportMarkdown";
import { cellsByKey } from "./grid";
import { cellKey, CELL_STATUS_LABELS, MARK_LABELS, type Review, type ReviewCell } from "./review";

/** A sheet as rows of text (the first row its header). */
export type SheetRows = string[][];

/** What a cell of the Review sheet says: the quoted clause and its page, or its status. */
export function reviewCellText(cell: ReviewCell | undefined): string {
  if (!cell) return "";
  if (cell.status !== "found" || !cell.quote) return CELL_STATUS_LABELS[cell.status];
  return `${cell.answer ? `${cell.answer}: ` : ""}"${cell.quote.text}" (p. ${String(cell.quote.page)})`;
}

/** The Review sheet: a row per document, a column per question. */
export function reviewSheet(review: Review, cells: readonly ReviewCell[]): SheetRows {
  const byKey = cellsByKey(cells);
  return [
    ["Document", ...review.columns.map((c) => c.label)],
    ...review.documents.map((doc) => [doc.title, ...review.columns.map((c) => reviewCellText(byKey.get(cellKey(doc.id, c.id))))]),
  ];
}

export const SOURCES_HEADER = ["Document", "Page", "Question", "Quote", "Answer", "Status", "Verified by", "Note"] as const;

/** The Sources sheet: a row per cell, with the whole quote, its status and the lawyer's check. */
export function sourcesSheet(review: Review, cells: readonly ReviewCell[]): SheetRows {
  const byKey = cellsByKey(cells);
  const rows: SheetRows = [[...SOURCES_HEADER]];
  for (const doc of review.documents) {
    for (const column of review.columns) {
      const cell = byKey.get(cellKey(doc.id, column.id));
      if (!cell) continue;
      // Verified: who and when; a Flagged cell says so, so the sheet never reads as checked when it was not.
      const mark = !cell.mark ? "" : cell.mark.state === "verified" ? `${cell.mark.by}, ${cell.mark.at}` : `${MARK_LABELS.flagged}: ${cell.mark.by}, ${cell.mark.at}`;
      rows.push([
        doc.title,
        cell.quote ? String(cell.quote.page) : "",
        column.question,
        cell.quote?.text ?? "",
        cell.answer ?? "",
        CELL_STATUS_LABELS[cell.status],
        mark,
        cell.note ?? "",
      ]);
    }
  }
  return rows;
}

/**
 * A text cell that a spreadsheet would read as a formula (=, +, -, @, a tab or a return first) is prefixed with an
 * apostrophe, so a quote from a hostile document cannot run anything when the CSV is opened.
 */
export const inertCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** Rows as CSV (RFC 4180: every field quoted, quotes doubled, CRLF between rows), formulas made inert. */
export const toCsv = (rows: SheetRows): string =>
  rows.map((row) => row.map((field) => `"${inertCell(field).replace(/"/g, '""')}"`).join(",")).join("\r\n") + "\r\n";

/** The exported file's name: the review's title and the day, e.g. `supplier-contracts-2026-11-26.xlsx`. */
export function reviewFileName(title: string, day: string, extension: "xlsx" | "csv"): string {
  return `${fileStem(title) ?? "review"}-${day}.${extension}`;
}
