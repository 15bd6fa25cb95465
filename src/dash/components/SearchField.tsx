import { useId } from "react";
import DashIcon from "./DashIcon";

interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Runs when the box gets focus (the chat search readies its index then). */
  onFocus?: () => void;
}

/** A screen's search box: labelled for assistive technology, with its placeholder as the visible hint. */
export default function SearchField({ label, placeholder, value, onChange, onFocus }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <DashIcon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onFocus={onFocus}
        autoComplete="off"
        className="field-input py-2 pl-9"
      />
    </div>
  );
}
