import { useState, type DragEvent } from "react";
import { ACCEPT_ATTRIBUTE, UPLOAD_HINT } from "../../../lib/dash/uploads";
import { chooseFile, chooseFiles } from "../../../stores/dash/uploads";
import DashIcon from "../../components/DashIcon";

/** One file goes to the form (case and title); several, to a bulk import (one case for all). */
function take(files: FileList | null | undefined) {
  if (!files || files.length === 0) return;
  if (files.length === 1) chooseFile(files[0]!);
  else chooseFiles([...files]);
}

/** Where files are dropped, or chosen with the keyboard-reachable 'Choose File' (the file input itself): one or many. */
export default function DropZone() {
  const [dragging, setDragging] = useState(false);
  const over = (event: DragEvent) => {
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
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
          multiple
          className="sr-only"
          onChange={(event) => {
            take(event.target.files);
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
