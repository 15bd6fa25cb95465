import { useId } from "react";

interface SwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting: a button with role switch, named by its label and described by its hint. */
export default function Switch({ label, description, checked, onChange }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        {description && (
          <p id={`${id}-description`} className="text-sm text-muted">
            {description}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        onClick={() => onChange(!checked)}
        className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-surface-2 transition aria-checked:border-accent-strong aria-checked:bg-accent-strong"
      >
        <span className="inline-block size-4 translate-x-1 rounded-full bg-muted transition group-aria-checked:translate-x-6 group-aria-checked:bg-white" />
      </button>
    </div>
  );
}
