import type { ReactNode } from "react";
import Dialog from "../../ui/Dialog";
import FormActions from "./FormActions";

interface FormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  /** The submit button stays disabled until this is true. */
  canSubmit: boolean;
  /** Saves the form; returns whether it did (the dialog then closes). */
  onSubmit: () => boolean;
  onClose: () => void;
  children: ReactNode;
}

/** A modal form (Add KB Item, New Case): its fields, then Cancel and a submit that waits for a complete form. */
export default function FormDialog({ open, title, submitLabel, canSubmit, onSubmit, onClose, children }: FormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (onSubmit()) onClose();
        }}
      >
        {children}
        <FormActions onCancel={onClose} submitLabel={submitLabel} disabled={!canSubmit} />
      </form>
    </Dialog>
  );
}
