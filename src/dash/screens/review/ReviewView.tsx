import { useStore } from "@nanostores/react";
import { useEffect, useMemo, useState } from "react";
import { cellsByKey } from "../../../lib/review/grid";
import { cellKey, type Review, type ReviewColumn } from "../../../lib/review/review";
import { $documents } from "../../../stores/dash/files";
import { $reviewProgress, $reviewRun, runReview, stopReview } from "../../../stores/dash/reviewGrid";
import { $reviewCells } from "../../../stores/dash/reviews";
import DocumentViewer, { type ViewerTarget } from "../../viewer/DocumentViewer";
import DashIcon from "../../components/DashIcon";
import AddRowsDialog from "./AddRowsDialog";
import CellDialog, { type OpenCell } from "./CellDialog";
import ColumnDialog from "./ColumnDialog";
import ExportMenu from "./ExportMenu";
import ReviewGrid from "./ReviewGrid";
import ReviewProgress from "./ReviewProgress";

/** One review: its progress with Stop, its grid, and the dialogs a cell, a column or new rows open. */
export default function ReviewView({ review, onBack }: { review: Review; onBack: () => void }) {
  const allCells = useStore($reviewCells);
  const cells = useMemo(() => allCells.get(review.id) ?? [], [allCells, review.id]);
  const byKey = useMemo(() => cellsByKey(cells), [cells]);
  const run = useStore($reviewRun);
  const progress = useStore($reviewProgress).get(review.id) ?? { done: 0, total: 0 };
  const documents = useStore($documents);
  const [opened, setOpened] = useState<{ docId: string; columnId: string } | null>(null);
  const [column, setColumn] = useState<ReviewColumn | "new" | null>(null);
  const [addingRows, setAddingRows] = useState(false);
  const [viewing, setViewing] = useState<ViewerTarget | null>(null);
  const running = run?.reviewId === review.id && run.running;

  // Opening a review answers what it lacks (new rows or columns, documents re-indexed since), unless it was stopped here.
  useEffect(() => {
    void runReview(review.id);
    return () => stopReview();
  }, [review.id]);

  const showQuote = (docId: string, columnId: string) => {
    const quote = byKey.get(cellKey(docId, columnId))?.quote;
    const document = documents.find((d) => d.id === docId);
    if (quote && document) setViewing({ document, page: quote.page, highlight: quote.text });
  };
  const cell: OpenCell | null = opened
    ? { review, doc: review.documents.find((d) => d.id === opened.docId) ?? null, column: review.columns.find((c) => c.id === opened.columnId) ?? null, cell: byKey.get(cellKey(opened.docId, opened.columnId)) ?? null }
    : null;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <button type="button" onClick={onBack} className="text-sm text-muted underline-offset-4 hover:text-ink hover:underline">
            ← All reviews
          </button>
          <h1 className="truncate text-2xl font-bold tracking-tight">{review.title}</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-small" onClick={() => setAddingRows(true)}>
            <DashIcon name="plus" className="size-4" />
            Add documents
          </button>
          <button type="button" className="btn-small" onClick={() => setColumn("new")}>
            <DashIcon name="plus" className="size-4" />
            Add question
          </button>
          <ExportMenu review={review} cells={cells} />
        </div>
      </div>
      <ReviewProgress done={progress.done} total={progress.total} running={running} onStop={stopReview} onRun={() => void runReview(review.id)} />
      <ReviewGrid review={review} cells={byKey} onOpenCell={(docId, columnId) => setOpened({ docId, columnId })} onQuote={showQuote} onColumn={setColumn} />
      <CellDialog open={cell} onClose={() => setOpened(null)} onQuote={showQuote} />
      <ColumnDialog review={review} column={column} onClose={() => setColumn(null)} />
      <AddRowsDialog review={review} open={addingRows} onClose={() => setAddingRows(false)} />
      <DocumentViewer target={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
