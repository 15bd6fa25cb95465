import type { InputHTMLAttributes, Ref } from "react";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string;
  label: string;
  error?: string | undefined;
  multiline?: boolean;
  rows?: number;
  ref?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

/** A labelled input (or textarea) whose error is tied to it for assistive technology. */
export default function TextField({ id, label, error, multiline = false, rows = 4, className, ...rest }: TextFieldProps) {
  const errorId = `${id}-error`;
  const shared = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: `field-input ${className ?? ""}`,
  } as const;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} rows={rows} {...(rest as InputHTMLAttributes<HTMLTextAreaElement>)} />
      ) : (
        <input type="text" {...shared} {...rest} />
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
