import { useStore } from "@nanostores/react";
import { addChip } from "../../../stores/dash/chat";
import { $documents } from "../../../stores/dash/files";
import { readSamples } from "../../../stores/dash/uploads";
import { useEffect } from "react";
import Dialog from "../../../ui/Dialog";
import DashIcon from "../../components/DashIcon";

interface AttachPickerProps {
  open: boolean;
  onClose: () => void;
}

/** Picks one of the workspace's documents to ask about; it becomes a document chip above the input. */
export default function AttachPicker({ open, onClose }: AttachPickerProps) {
  const documents = useStore($documents);
  useEffect(() => {
    if (open) readSamples();
  }, [open]);
  return (
    <Dialog open={open} onClose={onClose} title="Attach a document">
      {documents.length === 0 ? (
        <p className="text-sm text-muted">No documents yet. Upload one from Uploads first.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {documents.map((document) => (
            <li key={document.id}>
              <button
                type="button"
                onClick={() => {
                  addChip({ type: "document", id: document.id, label: document.title });
                  onClose();
                }}
                className="flex w-full items-start gap-3 rounded-xl border border-line bg-surface-2 p-3 text-left hover:border-accent"
              >
                <DashIcon name="file" className="mt-0.5 size-5 shrink-0 text-muted" />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-ink">{document.title}</span>
                  <span className="block text-xs text-muted">
                    {document.caseTitle} · {document.pages} pages
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
