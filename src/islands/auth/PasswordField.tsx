import { useState, type ComponentProps } from "react";
import TextField from "../../ui/TextField";

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, "type" | "multiline">;

/** A password input with a Show/Hide button; the button keeps the field's label in its name. */
export default function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <TextField {...props} type={visible ? "text" : "password"} className="pr-20" />
      {/* Centred on the input: the label above it is 1.5rem tall, the input 3.125rem. */}
      <button
        type="button"
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
        className="absolute top-[2.0625rem] right-2 rounded-md px-3 py-1.5 text-sm font-medium text-muted hover:text-ink"
      >
        {visible ? "Hide" : "Show"}
        <span className="sr-only"> password</span>
      </button>
    </div>
  );
}
