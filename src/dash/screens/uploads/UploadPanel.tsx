import { useStore } from "@nanostores/react";
import { useId } from "react";
import { formatSizeMb } from "../../../lib/dash/uploads";
import { $canUpload, $uploadForm, cancelUpload, setUploadTitle, submitUpload } from "../../../stores/dash/uploads";
import TextField from "../../../ui/TextField";
import DashIcon from "../../components/DashIcon";
import FormActions from "../../components/FormActions";
import TargetCaseField from "./TargetCaseField";

/** The chosen file: its case and title, then Upload Document (once a case is chosen). */
export default function UploadPanel({ file }: { file: File }) {
  const id = useId();
  const { title } = useStore($uploadForm);
  const ready = useStore($canUpload);

  return (
    <form
      aria-label="Document details"
      className="dash-card"
      onSubmit={(event) => {
        event.preventDefault();
        void submitUpload();
      }}
    >
      <p className="flex items-center gap-2 font-medium">
        <DashIcon name="file" className="size-5 text-muted" />
        <span className="break-all">{file.name}</span>
        <span className="shrink-0 text-sm text-muted">{formatSizeMb(file.size)}</span>
      </p>
      <TargetCaseField id={`${id}-case`} />
      <TextField id={`${id}-title`} label="Document Title" value={title} onChange={(e) => setUploadTitle(e.target.value)} />
      <FormActions onCancel={cancelUpload} submitLabel="Upload Document" disabled={!ready} />
    </form>
  );
}
