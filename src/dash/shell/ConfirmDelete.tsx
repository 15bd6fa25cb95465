import Dialog from "../../ui/Dialog";

interface ConfirmDeleteProps {
  open: boolean;
  title: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a conversation and its messages are deleted for good. */
export default function ConfirmDelete({ open, title, onCancel, onConfirm }: ConfirmDeleteProps) {
  return (
    <Dialog open={open} onClose={onCancel} title="Delete conversation?">
      <p className="text-sm text-pretty">
        “{title}” and all its messages will be deleted from this workspace. This cannot be undone.
      </p>
      <div className="mt-5 flex justify-end gap-3">
        <button type="button" onClick={onCancel} className="btn-secondary px-4 py-2 text-sm">
          Cancel
        </button>
        <button type="button" onClick={onConfirm} className="inline-flex items-center rounded-full bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-500">
          Delete
        </button>
      </div>
    </Dialog>
  );
}
