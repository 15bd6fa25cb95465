import { useId, useState } from "react";
import { DOCKET_PLACEHOLDER, EMPTY_CASE_DRAFT, canCreateCase } from "../../../lib/dash/cases";
import { isDemoMode } from "../../../lib/auth/config";
import type { CaseSharing } from "../../../lib/dash/shared";
import { createCase } from "../../../stores/dash/cases";
import TextField from "../../../ui/TextField";
import FormDialog from "../../components/FormDialog";

/** 'New Case': Case Title, Docket Number and an optional Jurisdiction; Create Case waits for title and docket. */
export default function NewCaseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(EMPTY_CASE_DRAFT);
  const [sharing, setSharing] = useState<CaseSharing>("firm");
  const close = () => {
    setDraft(EMPTY_CASE_DRAFT);
    setSharing("firm");
    onClose();
  };

  return (
    <FormDialog
      open={open}
      title="New Case"
      submitLabel="Create Case"
      canSubmit={canCreateCase(draft)}
      onSubmit={() => createCase(draft, isDemoMode ? undefined : sharing) !== null}
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
      {!isDemoMode && (
        // On the firm's Supabase: who reads the new case. Its members are chosen from its card's Access.
        <fieldset className="flex flex-col gap-2">
          <legend className="field-label">Who can see it</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-sharing`} checked={sharing === "firm"} onChange={() => setSharing("firm")} />
            Everyone in the firm
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-sharing`} checked={sharing === "members"} onChange={() => setSharing("members")} />
            Only me, and the members I add
          </label>
        </fieldset>
      )}
    </FormDialog>
  );
}
