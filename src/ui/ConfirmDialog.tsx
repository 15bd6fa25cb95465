import type { ReactNode } from "react";
import Dialog from "./Dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** The button that closes without doing it. */
  dismissLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  /** A choice to make before confirming (what happens to a case's documents, say). */
  children?: ReactNode;
}

/** Asks before something that cannot be undone (deleting a case, clearing the workspace, cancelling a booking). */
export default function ConfirmDialog({ open, title, description, confirmLabel, dismissLabel = "Cancel", onConfirm, onClose, children }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <p className="text-sm text-muted">{description}</p>
      {children}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onClose} className="btn-secondary px-4 py-2 text-sm">
          {dismissLabel}
        </button>
        <button
          type="button"
          onClick={() => {
            onConfirm();
            onClose();
          }}
          className="inline-flex items-center justify-center rounded-full bg-danger px-4 py-2 text-sm font-semibold text-black hover:bg-red-300"
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
