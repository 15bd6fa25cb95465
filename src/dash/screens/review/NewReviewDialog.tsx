import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { reviewDocumentsOf } from "../../../lib/review/grid";
import type { ReviewColumn } from "../../../lib/review/review";
import { $documents } from "../../../stores/dash/files";
import { createReview } from "../../../stores/dash/reviewGrid";
import TextField from "../../../ui/TextField";
import Dialog from "../../../ui/Dialog";
import FormActions from "../../components/FormActions";
import DocumentPicker from "./DocumentPicker";
import QuestionPicker from "./QuestionPicker";

interface NewReviewDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new review's id: the screen opens it. */
  onCreated: (id: string) => void;
}

/** New Review: a title, the documents (rows) and the questions (columns); Start Review waits for one of each. */
export default function NewReviewDialog({ open, onClose, onCreated }: NewReviewDialogProps) {
  const id = useId();
  const documents = useStore($documents);
  const [title, setTitle] = useState("");
  const [docIds, setDocIds] = useState<string[]>([]);
  const [columns, setColumns] = useState<ReviewColumn[]>([]);
  const close = () => {
    setTitle("");
    setDocIds([]);
    setColumns([]);
    onClose();
  };
  const ready = docIds.length > 0 && columns.length > 0;

  return (
    <Dialog open={open} onClose={close} title="New Review" className="sm:w-[min(52rem,calc(100vw-2rem))]">
      <form
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          const created = createReview(title, reviewDocumentsOf(docIds, documents), columns);
          close();
          onCreated(created);
        }}
      >
        <TextField id={`${id}-title`} label="Review title" placeholder="Supplier contracts, change of control" value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} />
        <DocumentPicker value={docIds} onChange={setDocIds} />
        <QuestionPicker value={columns} onChange={setColumns} />
        <FormActions onCancel={close} submitLabel="Start Review" disabled={!ready} />
      </form>
    </Dialog>
  );
}
