import { useEffect, useId, useRef, useState } from "react";
import type { ChatMessage } from "../../../lib/dash/chat";
import { editQuestion } from "../../../stores/dash/chat";

/** Edits the last question in place: 'Save and send' replaces it and asks again, Cancel (or Escape) keeps it. */
export default function QuestionEditor({ message, onDone }: { message: ChatMessage; onDone: () => void }) {
  const [text, setText] = useState(message.content);
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (editQuestion(message.id, text)) onDone();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Edit your question
      </label>
      <textarea
        id={id}
        ref={ref}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            onDone();
          }
        }}
        className="field-sizing-content min-h-16 w-full resize-none rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink"
      />
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onDone} className="btn-small">
          Cancel
        </button>
        <button type="submit" disabled={text.trim() === ""} className="btn-primary px-3 py-1 text-xs">
          Save and send
        </button>
      </div>
    </form>
  );
}
