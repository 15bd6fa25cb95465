import { useId, useState } from "react";
import { EMPTY_KNOWLEDGE_DRAFT, KNOWLEDGE_TYPES, KNOWLEDGE_TYPE_LABELS, canAddKnowledge } from "../../../lib/dash/knowledge";
import { labelledOptions } from "../../../lib/selectOptions";
import { addKnowledgeItem } from "../../../stores/dash/knowledge";
import SelectField from "../../../ui/SelectField";
import TextField from "../../../ui/TextField";
import FormDialog from "../../components/FormDialog";

/** 'Add KB Item': Title, Type and Description; Add Item stays disabled until title and description are filled. */
export default function AddKnowledgeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(EMPTY_KNOWLEDGE_DRAFT);
  const close = () => {
    setDraft(EMPTY_KNOWLEDGE_DRAFT);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      title="Add Knowledge Base Item"
      submitLabel="Add Item"
      canSubmit={canAddKnowledge(draft)}
      onSubmit={() => addKnowledgeItem(draft) !== null}
      onClose={close}
    >
      <TextField id={`${id}-title`} label="Title" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} required />
      <SelectField
        id={`${id}-type`}
        label="Type"
        value={draft.type}
        options={labelledOptions(KNOWLEDGE_TYPE_LABELS, KNOWLEDGE_TYPES)}
        onChange={(type) => setDraft({ ...draft, type })}
      />
      <TextField
        id={`${id}-description`}
        label="Description"
        multiline
        value={draft.description}
        onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        required
      />
    </FormDialog>
  );
}
