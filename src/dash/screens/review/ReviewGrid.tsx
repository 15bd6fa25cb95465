import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { verifiedByColumn } from "../../../lib/review/grid";
import { nextGridPosition, visibleRows, type GridPosition } from "../../../lib/review/gridKeys";
import { cellKey, type Review, type ReviewCell, type ReviewColumn } from "../../../lib/review/review";
import GridCell from "./GridCell";

interface ReviewGridProps {
  review: Review;
  cells: ReadonlyMap<string, ReviewCell>;
  onOpenCell: (docId: string, columnId: string) => void;
  onQuote: (docId: string, columnId: string) => void;
  onColumn: (column: ReviewColumn) => void;
}

/** Every row is this tall, so a long review draws only the rows on screen. */
const ROW_PX = 112;
const posAttr = (p: GridPosition) => `${String(p.row)}:${String(p.col)}`;

/**
 * The review as a WAI-ARIA data grid: one tab stop, arrows, Home/End (with Ctrl for the whole grid), Page Up/Down;
 * Enter opens a cell's detail (Escape closes it, back on the cell) or a column header's question. Sticky headers
 * and document column; at 390 px it scrolls sideways with the documents fixed. Only the rows on screen are drawn.
 */
export default function ReviewGrid({ review, cells, onOpenCell, onQuote, onColumn }: ReviewGridProps) {
  const { documents, columns } = review;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<GridPosition>({ row: 0, col: 0 });
  const [moved, setMoved] = useState(false);
  const [range, setRange] = useState({ first: 0, last: Math.min(documents.length, 24) });
  const verified = useMemo(() => verifiedByColumn(cells.values()), [cells]);
  const rows = documents.length + 1;
  const cols = columns.length + 1;
  const at = { row: Math.min(focus.row, rows - 1), col: Math.min(focus.col, cols - 1) };
  const atPos = posAttr(at);
  const atRow = at.row;

  const measure = useCallback(() => {
    const box = scrollRef.current;
    if (box) setRange(visibleRows(box.scrollTop, box.clientHeight, ROW_PX, documents.length));
  }, [documents.length]);
  useEffect(measure, [measure]);

  // Focus follows the keyboard; a row not drawn yet is scrolled to first, then focused once drawn.
  useEffect(() => {
    if (!moved) return;
    const box = scrollRef.current;
    const element = box?.querySelector<HTMLElement>(`[data-pos="${atPos}"]`);
    if (element) {
      element.focus();
      element.scrollIntoView({ block: "nearest", inline: "nearest" });
      setMoved(false);
    } else if (box) {
      box.scrollTop = Math.max(0, (atRow - 1) * ROW_PX);
      measure();
    }
  }, [moved, atPos, atRow, range, measure]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = nextGridPosition(event.key, event.ctrlKey || event.metaKey, at, rows, cols);
    if (next) {
      event.preventDefault();
      setFocus(next);
      setMoved(true);
      return;
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    const column = columns[at.col - 1];
    const doc = documents[at.row - 1];
    if (!column) return;
    event.preventDefault();
    if (at.row === 0) onColumn(column);
    else if (doc) onOpenCell(doc.id, column.id);
  };
  const tab = (p: GridPosition) => (p.row === at.row && p.col === at.col ? 0 : -1);
  const track = (p: GridPosition) => () => setFocus(p);
  const drawn = documents.slice(range.first, range.last);

  return (
    <div ref={scrollRef} onScroll={measure} className="relative max-h-[70dvh] overflow-auto rounded-xl border border-line">
      {/* The grid takes the arrow keys, Home/End, Page Up/Down and Enter while focus is in it (WAI-ARIA grid). */}
      <table role="grid" aria-label={`${review.title}: documents by questions`} aria-rowcount={rows} aria-colcount={cols} onKeyDown={onKeyDown} className="border-separate border-spacing-0 text-sm">
        <thead>
          <tr aria-rowindex={1}>
            <th role="columnheader" data-pos="0:0" tabIndex={tab({ row: 0, col: 0 })} onFocus={track({ row: 0, col: 0 })} className="sticky top-0 left-0 z-30 w-40 min-w-40 border-b border-line bg-surface-2 p-3 text-left sm:w-56 sm:min-w-56">
              Document
            </th>
            {columns.map((column, j) => {
              const p = { row: 0, col: j + 1 };
              return (
                <th
                  key={column.id}
                  role="columnheader"
                  aria-colindex={j + 2}
                  data-pos={posAttr(p)}
                  tabIndex={tab(p)}
                  onFocus={track(p)}
                  className="sticky top-0 z-20 w-64 min-w-64 border-b border-l border-line bg-surface-2 p-3 text-left align-top"
                >
                  <button type="button" tabIndex={-1} title={column.question} onClick={() => onColumn(column)} className="block w-full text-left font-semibold hover:underline">
                    {column.label}
                  </button>
                  <span className="block text-xs font-normal text-muted">
                    {verified.get(column.id) ?? 0} of {documents.length} verified
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {range.first > 0 && (
            <tr aria-hidden="true">
              <td colSpan={cols} style={{ height: range.first * ROW_PX }} />
            </tr>
          )}
          {drawn.map((doc, i) => {
            const row = range.first + i + 1;
            const head = { row, col: 0 };
            return (
              <tr key={doc.id} aria-rowindex={row + 1}>
                <th role="rowheader" scope="row" data-pos={posAttr(head)} tabIndex={tab(head)} onFocus={track(head)} className="sticky left-0 z-10 h-28 border-b border-line bg-surface p-3 text-left align-top font-medium">
                  <span className="line-clamp-4 break-words">{doc.title}</span>
                </th>
                {columns.map((column, j) => {
                  const p = { row, col: j + 1 };
                  return (
                    <GridCell
                      key={column.id}
                      cell={cells.get(cellKey(doc.id, column.id))}
                      colIndex={j + 2}
                      pos={posAttr(p)}
                      tabIndex={tab(p)}
                      onFocus={track(p)}
                      onOpen={() => onOpenCell(doc.id, column.id)}
                      onQuote={() => onQuote(doc.id, column.id)}
                    />
                  );
                })}
              </tr>
            );
          })}
          {range.last < documents.length && (
            <tr aria-hidden="true">
              <td colSpan={cols} style={{ height: (documents.length - range.last) * ROW_PX }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
