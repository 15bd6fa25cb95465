import { useId } from "react";

/** A labelled value the user can read and copy but not change. */
export default function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} value={value} readOnly className="field-input bg-surface-2 text-muted" />
    </div>
  );
}
