import { CELL_STATUS_LABELS, LOST_MARK_REASONS, MARK_LABELS, type ReviewCell } from "../../../lib/review/review";
import Badge, { type BadgeTone } from "../../components/Badge";
import DashIcon from "../../components/DashIcon";

const STATUS_TONES: Record<ReviewCell["status"], BadgeTone> = { found: "success", "not-found": "neutral", "not-read": "warning" };

interface GridCellProps {
  cell: ReviewCell | undefined;
  colIndex: number;
  pos: string;
  tabIndex: number;
  onFocus: () => void;
  onOpen: () => void;
  onQuote: () => void;
}

/** One answer: its status, the quoted clause (shortened; the whole of it in the detail) and its page, the lawyer's mark. */
export default function GridCell({ cell, colIndex, pos, tabIndex, onFocus, onOpen, onQuote }: GridCellProps) {
  return (
    <td role="gridcell" aria-colindex={colIndex} data-pos={pos} tabIndex={tabIndex} onFocus={onFocus} className="h-28 border-b border-l border-line p-2 align-top focus:outline-2 focus:-outline-offset-2 focus:outline-accent">
      {!cell ? (
        <span className="text-muted">Waiting…</span>
      ) : (
        <div className="flex h-full flex-col gap-1">
          {/* Opens the detail (the keyboard's Enter); out of the tab order, as the grid keeps one tab stop. */}
          <button type="button" tabIndex={-1} onClick={onOpen} className="flex items-center gap-1.5 rounded text-left hover:underline">
            <Badge tone={STATUS_TONES[cell.status]}>{CELL_STATUS_LABELS[cell.status]}</Badge>
            {cell.quote && <span className="text-xs text-muted">p. {cell.quote.page}</span>}
            {cell.mark && (
              <span className={`inline-flex items-center gap-1 text-xs ${cell.mark.state === "verified" ? "text-success" : "text-amber-300"}`}>
                <DashIcon name={cell.mark.state === "verified" ? "check" : "flag"} className="size-3.5" />
                {MARK_LABELS[cell.mark.state]}
              </span>
            )}
            {cell.lost && (
              <span className="text-amber-300" title={LOST_MARK_REASONS[cell.lost]}>
                <DashIcon name="alert" className="size-3.5" />
                <span className="sr-only">{LOST_MARK_REASONS[cell.lost]}</span>
              </span>
            )}
          </button>
          {cell.answer && <p className="line-clamp-1 font-medium">{cell.answer}</p>}
          {cell.quote && (
            <button type="button" tabIndex={-1} onClick={onQuote} className="line-clamp-3 text-left text-muted hover:text-ink hover:underline">
              “{cell.quote.text}”
            </button>
          )}
        </div>
      )}
    </td>
  );
}
