/** A position in the grid: row 0 is the header row, column 0 the documents' column. */
export interface GridPosition {
  row: number;
  col: number;
}

/** How many rows Page Up and Page Down move. */
export const PAGE_ROWS = 5;

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

/**
 * Where a key moves focus in a WAI-ARIA data grid of `rows` x `cols` cells (headers included): arrows one cell
 * (stopping at the edges), Home and End to the row's first and last cell, Ctrl+Home and Ctrl+End to the grid's,
 * Page Up and Page Down by PAGE_ROWS. Null for any other key.
 */
export function nextGridPosition(key: string, ctrl: boolean, at: GridPosition, rows: number, cols: number): GridPosition | null {
  const lastRow = rows - 1;
  const lastCol = cols - 1;
  switch (key) {
    case "ArrowRight":
      return { row: at.row, col: clamp(at.col + 1, lastCol) };
    case "ArrowLeft":
      return { row: at.row, col: clamp(at.col - 1, lastCol) };
    case "ArrowDown":
      return { row: clamp(at.row + 1, lastRow), col: at.col };
    case "ArrowUp":
      return { row: clamp(at.row - 1, lastRow), col: at.col };
    case "Home":
      return ctrl ? { row: 0, col: 0 } : { row: at.row, col: 0 };
    case "End":
      return ctrl ? { row: lastRow, col: lastCol } : { row: at.row, col: lastCol };
    case "PageDown":
      return { row: clamp(at.row + PAGE_ROWS, lastRow), col: at.col };
    case "PageUp":
      return { row: clamp(at.row - PAGE_ROWS, lastRow), col: at.col };
    default:
      return null;
  }
}

/** The rows a scrolled grid draws: those on screen and `overscan` either side (fixed row heights). */
export function visibleRows(scrollTop: number, viewport: number, rowPx: number, count: number, overscan = 6): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowPx) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / rowPx) + overscan);
  return { first, last };
}
