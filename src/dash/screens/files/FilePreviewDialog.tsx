import type { WorkspaceDocument } from "../../../lib/dash/files";
import { sessionFile } from "../../../stores/dash/uploads";
import Dialog from "../../../ui/Dialog";
import { useObjectUrl } from "./useObjectUrl";

interface FilePreviewDialogProps {
  document: WorkspaceDocument | null;
  onClose: () => void;
}

/** The document in a dialog: the file itself when it was uploaded in this browser session, else a placeholder. */
export default function FilePreviewDialog({ document, onClose }: FilePreviewDialogProps) {
  const file = document ? sessionFile(document.id) : undefined;
  const url = useObjectUrl(file);
  return (
    <Dialog open={document !== null} onClose={onClose} title={document?.title ?? "Preview"} className="md:w-[min(56rem,calc(100vw-2rem))]">
      {file && url ? (
        <iframe src={url} title={`Contents of ${file.name}`} className="h-[70dvh] w-full rounded-lg border border-line bg-white" />
      ) : (
        <div className="flex h-64 items-center justify-center rounded-lg border border-dashed border-line text-muted">
          <p>Document preview would be displayed here</p>
        </div>
      )}
    </Dialog>
  );
}
