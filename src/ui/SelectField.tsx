import type { SelectHTMLAttributes } from "react";
import type { SelectOption } from "../lib/selectOptions";

interface SelectFieldProps<T extends string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "value" | "onChange" | "children"> {
  id: string;
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  /** A first, empty choice ("Select a case..."): the value is "" until a person picks one. */
  placeholder?: string;
  /** A line under the field, tied to it for assistive technology. */
  description?: string;
  /** Where the label goes: above the field (forms), beside it (a toolbar), or only for assistive technology. */
  labelPosition?: "above" | "beside" | "hidden";
}

const LABEL_CLASS = { above: "field-label", beside: "shrink-0 text-sm text-muted", hidden: "sr-only" } as const;

/** A labelled select (TextField's conventions: the caller's `id`, its description at `${id}-description`). */
export default function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  placeholder,
  description,
  labelPosition = "above",
  className,
  ...rest
}: SelectFieldProps<T>) {
  const descriptionId = `${id}-description`;
  return (
    <div className={labelPosition === "beside" ? "flex items-center gap-2" : undefined}>
      <label htmlFor={id} className={LABEL_CLASS[labelPosition]}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        aria-describedby={description ? descriptionId : undefined}
        className={`field-input ${className ?? ""}`}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {description && (
        <p id={descriptionId} className="mt-1 text-sm text-muted">
          {description}
        </p>
      )}
    </div>
  );
}
