import { useId, useState } from "react";
import { DOCKET_PLACEHOLDER, EMPTY_CASE_DRAFT, canCreateCase } from "../../../lib/dash/cases";
import { createCase } from "../../../stores/dash/cases";
import Dialog from "../../../ui/Dialog";
import TextField from "../../../ui/TextField";
import FormActions from "../../components/FormActions";

/** 'New Case': Case Title, Docket Number and an optional Jurisdiction; Create Case waits for title and docket. */
export default function NewCaseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(EMPTY_CASE_DRAFT);
  const close = () => {
    setDraft(EMPTY_CASE_DRAFT);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title="New Case">
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (createCase(draft)) close();
        }}
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
        <FormActions onCancel={close} submitLabel="Create Case" disabled={!canCreateCase(draft)} />
      </form>
    </Dialog>
  );
}
