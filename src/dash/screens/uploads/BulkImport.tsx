import { useStore } from "@nanostores/react";
import { useId } from "react";
import { bulkLine } from "../../../lib/documents/bulk";
import {
  $bulkChoice,
  $bulkProgress,
  $uploadForm,
  cancelBulk,
  cancelChoice,
  dismissBulk,
  importFiles,
  pauseBulk,
  resumeBulk,
} from "../../../stores/dash/uploads";
import DashIcon from "../../components/DashIcon";
import FormActions from "../../components/FormActions";
import TargetCaseField from "./TargetCaseField";

/** Many files chosen at once: one case for all of them, then Import queues every one. */
export function BulkChoice() {
  const id = useId();
  const files = useStore($bulkChoice);
  const { caseId } = useStore($uploadForm);
  if (!files) return null;
  const count = files.length.toLocaleString("en");
  return (
    <form
      aria-label="Bulk import"
      className="dash-card"
      onSubmit={(event) => {
        event.preventDefault();
        void importFiles();
      }}
    >
      <p className="flex items-center gap-2 font-medium">
        <DashIcon name="file" className="size-5 text-muted" />
        {count} files chosen
      </p>
      <p className="text-sm text-muted">Each is filed under the case you choose, titled by its file name, and read a few at a time.</p>
      <TargetCaseField id={`${id}-case`} />
      <FormActions onCancel={cancelChoice} submitLabel={`Import ${count} documents`} disabled={!caseId} />
    </form>
  );
}

/** The bulk import's one progress line (done / failed / remaining, time left), with Pause or Resume, and Cancel. */
export function BulkProgressLine() {
  const progress = useStore($bulkProgress);
  if (!progress) return null;
  const { bulk } = progress;
  const finished = progress.remaining === 0;
  return (
    <section aria-label="Bulk import" className="dash-card gap-2">
      <progress
        className="h-2 w-full accent-accent"
        max={Math.max(1, bulk.ids.length + bulk.refused.length)}
        value={progress.done + progress.failed}
        aria-label="Files imported"
      />
      <p role="status" className="text-sm tabular-nums">
        {bulkLine(progress, bulk.paused)}
        {bulk.cancelled > 0 && ` · ${bulk.cancelled.toLocaleString("en")} cancelled`}
      </p>
      {bulk.refused.length > 0 && (
        <ul aria-label="Files not imported" className="text-sm text-danger">
          {bulk.refused.map((r, i) => (
            <li key={`${String(i)}-${r.name}`}>{r.reason}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {finished ? (
          <button type="button" className="btn-small" onClick={dismissBulk}>
            Dismiss
          </button>
        ) : (
          <>
            <button type="button" className="btn-small" onClick={bulk.paused ? resumeBulk : pauseBulk}>
              {bulk.paused ? "Resume" : "Pause"}
            </button>
            <button type="button" className="btn-small" onClick={() => void cancelBulk()}>
              Cancel the rest
            </button>
          </>
        )}
      </div>
    </section>
  );
}
