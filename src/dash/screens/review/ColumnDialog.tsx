import { useId, useState } from "react";
import { newColumn } from "../../../lib/review/grid";
import { MAX_LABEL_CHARS, MAX_QUESTION_CHARS, type Review, type ReviewColumn } from "../../../lib/review/review";
import { addColumns, changeColumn, removeColumn } from "../../../stores/dash/reviewGrid";
import Dialog from "../../../ui/Dialog";
import TextField from "../../../ui/TextField";
import FormActions from "../../components/FormActions";
import QuestionPicker from "./QuestionPicker";

interface ColumnDialogProps {
  review: Review;
  /** The column to rename or remove, or "new" to add questions. */
  column: ReviewColumn | "new" | null;
  onClose: () => void;
}

/** Adds questions (presets or typed), or renames, rewords or removes one; only the cells that changed are answered again. */
export default function ColumnDialog({ review, column, onClose }: ColumnDialogProps) {
  const id = useId();
  const [added, setAdded] = useState<ReviewColumn[]>([]);
  const [label, setLabel] = useState("");
  const [question, setQuestion] = useState("");
  const [editing, setEditing] = useState<ReviewColumn | "new" | null>(null);
  if (editing !== column) {
    setEditing(column);
    setAdded([]);
    setLabel(column && column !== "new" ? column.label : "");
    setQuestion(column && column !== "new" ? column.question : "");
  }
  const existing = column && column !== "new" ? column : null;

  return (
    <Dialog open={column !== null} onClose={onClose} title={existing ? `Question: ${existing.label}` : "Add questions"} className={existing ? "" : "sm:w-[min(48rem,calc(100vw-2rem))]"}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (existing) {
            const next = newColumn(existing.id, question, label);
            if (next) changeColumn(review.id, next);
          } else if (added.length) addColumns(review.id, added);
          onClose();
        }}
      >
        {existing ? (
          <>
            <TextField id={`${id}-label`} label="Column header" value={label} maxLength={MAX_LABEL_CHARS} onChange={(event) => setLabel(event.target.value)} required />
            <TextField id={`${id}-question`} label="Question asked of each document" multiline rows={3} value={question} maxLength={MAX_QUESTION_CHARS} onChange={(event) => setQuestion(event.target.value)} required />
            <p className="text-sm text-muted">Renaming the header keeps every answer; changing the question answers this column again.</p>
            <button
              type="button"
              className="btn-small self-start text-danger"
              onClick={() => {
                removeColumn(review.id, existing.id);
                onClose();
              }}
            >
              Remove this question
            </button>
          </>
        ) : (
          <QuestionPicker value={added} onChange={setAdded} taken={review.columns} />
        )}
        <FormActions onCancel={onClose} submitLabel={existing ? "Save" : "Add to review"} disabled={existing ? question.trim() === "" || label.trim() === "" : added.length === 0} />
      </form>
    </Dialog>
  );
}
