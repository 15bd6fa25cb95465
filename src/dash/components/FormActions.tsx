interface FormActionsProps {
  onCancel: () => void;
  submitLabel: string;
  /** The submit button stays disabled until the form is complete. */
  disabled: boolean;
}

/** A form's Cancel and submit buttons (dialogs and the upload panel). */
export default function FormActions({ onCancel, submitLabel, disabled }: FormActionsProps) {
  return (
    <div className="mt-2 flex justify-end gap-3">
      <button type="button" onClick={onCancel} className="btn-secondary px-4 py-2 text-sm">
        Cancel
      </button>
      <button type="submit" disabled={disabled} className="btn-primary px-4 py-2 text-sm">
        {submitLabel}
      </button>
    </div>
  );
}
