import { useState, type DragEvent } from "react";
import { ACCEPT_ATTRIBUTE, UPLOAD_HINT } from "../../../lib/dash/uploads";
import { chooseFile } from "../../../stores/dash/uploads";
import DashIcon from "../../components/DashIcon";

/** Where a file is dropped, or chosen with the keyboard-reachable 'Choose File' (the file input itself). */
export default function DropZone() {
  const [dragging, setDragging] = useState(false);
  const over = (event: DragEvent) => {
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) chooseFile(file);
  };

  return (
    <section
      aria-label="Upload a document"
      data-dragging={dragging || undefined}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-line px-6 py-12 text-center transition data-dragging:border-accent data-dragging:bg-accent/5"
    >
      <DashIcon name="upload" className="size-10 text-muted" />
      <p className="font-semibold">Drag and drop your document here</p>
      <p className="text-sm text-muted">or</p>
      <label className="btn-secondary cursor-pointer px-4 py-2 text-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent">
        <input
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) chooseFile(file);
            // Lets the same file be chosen again after a Cancel.
            event.target.value = "";
          }}
        />
        Choose File
      </label>
      <p className="text-xs text-muted">{UPLOAD_HINT}</p>
    </section>
  );
}
