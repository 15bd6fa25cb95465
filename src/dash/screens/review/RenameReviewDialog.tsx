import { useId, useState } from "react";
import type { Review } from "../../../lib/review/review";
import { renameReview } from "../../../stores/dash/reviewGrid";
import TextField from "../../../ui/TextField";
import FormDialog from "../../components/FormDialog";

/** Renames a review. */
export default function RenameReviewDialog({ review, onClose }: { review: Review | null; onClose: () => void }) {
  const id = useId();
  const [title, setTitle] = useState("");
  const [editing, setEditing] = useState<Review | null>(null);
  if (editing !== review) {
    setEditing(review);
    setTitle(review?.title ?? "");
  }
  return (
    <FormDialog
      open={review !== null}
      title="Rename review"
      submitLabel="Save"
      canSubmit={title.trim() !== ""}
      onSubmit={() => {
        if (review) renameReview(review.id, title);
        return true;
      }}
      onClose={onClose}
    >
      <TextField id={`${id}-title`} label="Title" value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} required />
    </FormDialog>
  );
}
