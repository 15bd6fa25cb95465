import { useStore } from "@nanostores/react";
import { useState } from "react";
import { reviewDocumentsOf } from "../../../lib/review/grid";
import type { Review } from "../../../lib/review/review";
import { $documents } from "../../../stores/dash/files";
import { addDocuments } from "../../../stores/dash/reviewGrid";
import Dialog from "../../../ui/Dialog";
import FormActions from "../../components/FormActions";
import DocumentPicker from "./DocumentPicker";

/** Adds documents as rows (one added to a case since, say): only their cells are answered. */
export default function AddRowsDialog({ review, open, onClose }: { review: Review; open: boolean; onClose: () => void }) {
  const documents = useStore($documents);
  const [docIds, setDocIds] = useState<string[]>([]);
  const close = () => {
    setDocIds([]);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title="Add documents" className="sm:w-[min(44rem,calc(100vw-2rem))]">
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          addDocuments(review.id, reviewDocumentsOf(docIds, documents));
          close();
        }}
      >
        <DocumentPicker value={docIds} onChange={setDocIds} taken={new Set(review.documents.map((d) => d.id))} />
        <FormActions onCancel={close} submitLabel="Add to review" disabled={docIds.length === 0} />
      </form>
    </Dialog>
  );
}
