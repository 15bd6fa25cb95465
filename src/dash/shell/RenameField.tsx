import { useId, useRef, useState } from "react";
import { renameConversation } from "../../stores/dash/conversations";

interface RenameFieldProps {
  id: string;
  title: string;
  /** Editing ended; `refocus` when by keyboard (focus goes back to the conversation). */
  onDone: (refocus: boolean) => void;
}

/** Inline rename: Enter saves, Escape cancels, a blank title is refused with a message; leaving the field saves. */
export default function RenameField({ id, title, onDone }: RenameFieldProps) {
  const [value, setValue] = useState(title);
  const [blank, setBlank] = useState(false);
  const errorId = useId();
  // Enter and Escape end the edit; the blur that follows the field's removal must not save again.
  const ended = useRef(false);
  const end = (refocus: boolean) => {
    ended.current = true;
    onDone(refocus);
  };
  return (
    <div className="min-w-0 flex-1 py-1 pl-1">
      <input
        // The user asked to rename: the field is where their next keystroke goes.
        // eslint-disable-next-line jsx-a11y-x/no-autofocus
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        aria-label="Conversation title"
        aria-invalid={blank || undefined}
        aria-describedby={blank ? errorId : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setBlank(false);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            if (renameConversation(id, value)) end(true);
            else setBlank(true);
          } else if (event.key === "Escape") {
            // Cancels the rename only, not the drawer around it.
            event.preventDefault();
            event.stopPropagation();
            end(true);
          }
        }}
        onBlur={() => {
          if (ended.current) return;
          renameConversation(id, value);
          end(false);
        }}
        className="field-input px-2 py-1 text-sm"
      />
      {blank && (
        <p id={errorId} role="alert" className="field-error text-xs">
          Enter a title, or press Escape to keep the old one.
        </p>
      )}
    </div>
  );
}
