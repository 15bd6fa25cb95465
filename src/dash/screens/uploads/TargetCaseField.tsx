import { useStore } from "@nanostores/react";
import { $cases } from "../../../stores/dash/cases";
import { $uploadForm, setUploadCase } from "../../../stores/dash/uploads";
import SelectField from "../../../ui/SelectField";

/** The case an upload (or a bulk import, all its files) is filed under: required. */
export default function TargetCaseField({ id }: { id: string }) {
  const { caseId } = useStore($uploadForm);
  const cases = useStore($cases);
  return (
    <SelectField
      id={id}
      label="Target Case"
      value={caseId}
      placeholder="Select a case..."
      options={cases.map((c) => ({ value: c.id, label: c.title }))}
      onChange={setUploadCase}
      required
    />
  );
}
