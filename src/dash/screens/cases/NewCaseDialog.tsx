import { useId, useState } from "react";
import { DOCKET_PLACEHOLDER, EMPTY_CASE_DRAFT, canCreateCase } from "../../../lib/dash/cases";
import { createCase } from "../../../stores/dash/cases";
import TextField from "../../../ui/TextField";
import FormDialog from "../../components/FormDialog";

/** 'New Case': Case Title, Docket Number and an optional Jurisdiction; Create Case waits for title and docket. */
export default function NewCaseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(EMPTY_CASE_DRAFT);
  const close = () => {
    setDraft(EMPTY_CASE_DRAFT);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      title="New Case"
      submitLabel="Create Case"
      canSubmit={canCreateCase(draft)}
      onSubmit={() => createCase(draft) !== null}
      onClose={close}
    >
      <TextField id={`${id}-title`} label="Case Title" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} required />
      <TextField
        id={`${id}-docket`}
        label="Docket Number"
        placeholder={DOCKET_PLACEHOLDER}
        value={draft.docketNo}
        onChange={(e) => setDraft({ ...draft, docketNo: e.target.value })}
        required
      />
      <TextField
        id={`${id}-jurisdiction`}
        label="Jurisdiction"
        placeholder="e.g. District Court of Paphos"
        value={draft.jurisdiction}
        onChange={(e) => setDraft({ ...draft, jurisdiction: e.target.value })}
      />
    </FormDialog>
  );
}
