import { useState } from "react";
import { formatDay } from "../../../lib/dash/dates";
import type { Review } from "../../../lib/review/review";
import { deleteReview } from "../../../stores/dash/reviewGrid";
import ConfirmDialog from "../../../ui/ConfirmDialog";
import EmptyState from "../../components/EmptyState";
import RenameReviewDialog from "./RenameReviewDialog";

const plural = (n: number, one: string) => `${String(n)} ${one}${n === 1 ? "" : "s"}`;

/** The saved reviews, newest first: title, documents, questions and when it changed, with Open, Rename and Delete. */
export default function ReviewList({ reviews, onOpen }: { reviews: readonly Review[]; onOpen: (id: string) => void }) {
  const [renaming, setRenaming] = useState<Review | null>(null);
  const [deleting, setDeleting] = useState<Review | null>(null);
  if (reviews.length === 0) return <EmptyState icon="table" title="No reviews yet" hint="Start one with New Review: pick documents and the questions to ask each of them." />;
  return (
    <>
      <ul aria-label="Saved reviews" className="flex flex-col gap-3">
        {reviews.map((review) => (
          <li key={review.id} className="dash-card flex-row flex-wrap items-center justify-between">
            <div className="min-w-0">
              <h2 className="truncate font-semibold">{review.title}</h2>
              <p className="text-sm text-muted">
                {plural(review.documents.length, "document")} · {plural(review.columns.length, "question")} · Updated {formatDay(review.updatedAt)}
              </p>
            </div>
            <div className="flex gap-2">
              <button type="button" className="btn-small" aria-label={`Open ${review.title}`} onClick={() => onOpen(review.id)}>
                Open
              </button>
              <button type="button" className="btn-small" aria-label={`Rename ${review.title}`} onClick={() => setRenaming(review)}>
                Rename
              </button>
              <button type="button" className="btn-small" aria-label={`Delete ${review.title}`} onClick={() => setDeleting(review)}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      <RenameReviewDialog review={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this review?"
        description={`"${deleting?.title ?? ""}" and its answers, marks and notes will be deleted. Its documents stay in Files.`}
        confirmLabel="Delete Review"
        onConfirm={() => deleting && deleteReview(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
