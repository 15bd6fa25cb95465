import { useMemo } from "react";
import type { WorkspaceDocument } from "../../../lib/dash/files";
import { UNSUPPORTED_PREVIEW, previewPlan } from "../../../lib/dash/preview";
import { sessionFile } from "../../../stores/dash/uploads";
import Dialog from "../../../ui/Dialog";
import { useFileText } from "./useFileText";
import { useObjectUrl } from "./useObjectUrl";

interface FilePreviewDialogProps {
  document: WorkspaceDocument | null;
  onClose: () => void;
}

const BOX = "flex h-64 items-center justify-center rounded-lg border border-dashed border-line px-6 text-center text-muted";

/**
 * The document in a dialog: a file uploaded in this browser session is shown by its checked extension (a PDF
 * in the browser's viewer, text as text, never the type the upload claimed); else a placeholder.
 */
export default function FilePreviewDialog({ document, onClose }: FilePreviewDialogProps) {
  const file = document ? sessionFile(document.id) : undefined;
  const plan = file ? previewPlan(file.name) : undefined;
  // The PDF's bytes under the type its extension gives: an upload's own type never reaches the browser.
  const pdf = useMemo(() => {
    const checked = file && previewPlan(file.name);
    return file && checked?.kind === "pdf" ? new Blob([file], { type: checked.type }) : undefined;
  }, [file]);
  const url = useObjectUrl(pdf);
  const text = useFileText(plan?.kind === "text" ? file : undefined);
  const label = file ? `Contents of ${file.name}` : "";

  let body = (
    <div className={BOX}>
      <p>Document preview would be displayed here</p>
    </div>
  );
  if (plan?.kind === "unsupported") body = <p className={BOX}>{UNSUPPORTED_PREVIEW}</p>;
  else if (plan?.kind === "pdf" && url) {
    // Sandboxed: no script and an origin of its own, whatever the file holds.
    body = <iframe src={url} title={label} sandbox="" className="h-[70dvh] w-full rounded-lg border border-line bg-white" />;
  } else if (text && "error" in text) body = <p className={BOX}>{text.error}</p>;
  else if (text) {
    body = (
      <div className="flex flex-col gap-2">
        {text.note && <p className="text-sm text-muted">{text.note}</p>}
        {/* Read-only text: whatever markup the file holds is shown as characters, never parsed. */}
        <textarea readOnly aria-label={label} value={text.text} className="h-[70dvh] w-full resize-none rounded-lg border border-line bg-white p-4 font-mono text-sm text-black" />
      </div>
    );
  }

  return (
    <Dialog open={document !== null} onClose={onClose} title={document?.title ?? "Preview"} className="md:w-[min(56rem,calc(100vw-2rem))]">
      {body}
    </Dialog>
  );
}
