import writeXlsxFile from "write-excel-file/browser";
import type { SheetRows } from "./export";

/** Column widths in characters: the first (documents, pages) narrow, quotes wide. */
const widths = (rows: SheetRows, wide: ReadonlySet<number>): { width: number }[] =>
  (rows[0] ?? []).map((_, i) => ({ width: wide.has(i) ? 60 : i === 0 ? 32 : 16 }));

/**
 * The review as an .xlsx file: a Review sheet (a row per document, a column per question) and a Sources sheet (a
 * row per cell). Loaded only when Export is clicked: write-excel-file (and its zip library) never loads before.
 */
export async function reviewWorkbook(review: SheetRows, sources: SheetRows): Promise<Blob> {
  const questions = new Set((review[0] ?? []).map((_, i) => i).filter((i) => i > 0));
  return writeXlsxFile([
    { sheet: "Review", data: review, stickyRowsCount: 1, stickyColumnsCount: 1, columns: widths(review, questions) },
    { sheet: "Sources", data: sources, stickyRowsCount: 1, columns: widths(sources, new Set([3])) },
  ]).toBlob();
}
