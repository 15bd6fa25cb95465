import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import type { WorkspaceDocument } from "../../../lib/dash/files";
import { $documents } from "../../../stores/dash/files";
import SelectField from "../../../ui/SelectField";
import FormDialog from "../../components/FormDialog";

/** The comparison's address: version A then version B, shareable inside the workspace. */
export const compareHref = (a: string, b: string): string => `/dash/compare?${new URLSearchParams({ a, b }).toString()}`;

/** Compare with…: picks another read document as version B of the comparison whose version A is `document`. */
export default function CompareWithDialog({ document, onClose }: { document: Pick<WorkspaceDocument, "id" | "title"> | null; onClose: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const documents = useStore($documents);
  const [other, setOther] = useState("");
  const [editing, setEditing] = useState<Pick<WorkspaceDocument, "id" | "title"> | null>(null);
  if (editing !== document) {
    setEditing(document);
    setOther("");
  }
  const options = documents.filter((d) => d.id !== document?.id && d.status === "indexed").map((d) => ({ value: d.id, label: `${d.title} (${d.caseTitle})` }));
  return (
    <FormDialog
      open={document !== null}
      title={`Compare ${document?.title ?? "document"} with…`}
      submitLabel="Compare"
      canSubmit={other !== ""}
      onSubmit={() => {
        if (document) void navigate(compareHref(document.id, other));
        return true;
      }}
      onClose={onClose}
    >
      <p className="text-sm text-muted">The document you pick is read as the newer version (B).</p>
      <SelectField id={`${id}-other`} label="Newer version" value={other} options={options} placeholder="Select a document..." onChange={setOther} required />
    </FormDialog>
  );
}
