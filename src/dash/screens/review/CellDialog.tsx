import { useId, useState } from "react";
import { formatDay } from "../../../lib/dash/dates";
import { CELL_STATUS_LABELS, LOST_MARK_REASONS, MARK_LABELS, MAX_NOTE_CHARS, type Review, type ReviewCell, type ReviewColumn, type ReviewDocument } from "../../../lib/review/review";
import { markCell, noteCell } from "../../../stores/dash/reviewGrid";
import Dialog from "../../../ui/Dialog";
import DashIcon from "../../components/DashIcon";

/** The cell a dialog shows: its review, row, column and answer. */
export interface OpenCell {
  review: Review;
  doc: ReviewDocument | null;
  column: ReviewColumn | null;
  cell: ReviewCell | null;
}

/** A cell's detail: the question, the whole clause with its page (opening the viewer there), and the lawyer's mark and note. */
export default function CellDialog({ open, onClose, onQuote }: { open: OpenCell | null; onClose: () => void; onQuote: (docId: string, columnId: string) => void }) {
  const id = useId();
  const [note, setNote] = useState("");
  const [shown, setShown] = useState<ReviewCell | null>(null);
  const cell = open?.cell ?? null;
  if (shown?.docId !== cell?.docId || shown?.columnId !== cell?.columnId) {
    setShown(cell);
    setNote(cell?.note ?? "");
  }
  const { review, doc, column } = open ?? {};
  const mark = (state: "verified" | "flagged" | null) => review && cell && markCell(review.id, cell.docId, cell.columnId, state);

  return (
    <Dialog open={open !== null && doc !== null && column !== null} onClose={onClose} title={column && doc ? `${column.label}: ${doc.title}` : "Cell"}>
      {column && doc && (
        <div className="flex flex-col gap-4 text-sm">
          <p className="text-muted">{column.question}</p>
          {!cell ? (
            <p>Not answered yet.</p>
          ) : (
            <>
              <p>
                <span className="font-semibold">{CELL_STATUS_LABELS[cell.status]}</span>
                {cell.status === "not-read" && ": the document failed or is still being read."}
                {cell.status === "not-found" && ": no such clause was found in this document."}
              </p>
              {cell.answer && <p className="font-medium">{cell.answer}</p>}
              {cell.quote && (
                <figure className="flex flex-col gap-2">
                  <blockquote className="max-h-64 overflow-y-auto rounded-lg border border-line bg-surface-2 p-3 whitespace-pre-wrap">{cell.quote.text}</blockquote>
                  <button type="button" className="btn-small self-start" onClick={() => onQuote(cell.docId, cell.columnId)}>
                    <DashIcon name="eye" className="size-4" />
                    Open page {cell.quote.page}
                  </button>
                </figure>
              )}
              {cell.lost && <p className="text-amber-300">{LOST_MARK_REASONS[cell.lost]}</p>}
              <fieldset className="flex flex-col gap-2">
                <legend className="field-label">Your check</legend>
                <div className="flex flex-wrap gap-2">
                  {(["verified", "flagged"] as const).map((state) => (
                    <button key={state} type="button" aria-pressed={cell.mark?.state === state} className="btn-small aria-pressed:border-accent aria-pressed:text-accent" onClick={() => mark(cell.mark?.state === state ? null : state)}>
                      <DashIcon name={state === "verified" ? "check" : "flag"} className="size-4" />
                      {MARK_LABELS[state]}
                    </button>
                  ))}
                </div>
                {cell.mark && (
                  <p className="text-muted">
                    {MARK_LABELS[cell.mark.state]} by {cell.mark.by} on {formatDay(cell.mark.at)}
                  </p>
                )}
                <label htmlFor={`${id}-note`} className="field-label mt-2">
                  Note
                </label>
                <textarea
                  id={`${id}-note`}
                  className="field-input"
                  rows={3}
                  maxLength={MAX_NOTE_CHARS}
                  value={note}
                  onChange={(event) => {
                    setNote(event.target.value);
                    if (review) noteCell(review.id, cell.docId, cell.columnId, event.target.value);
                  }}
                />
              </fieldset>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
