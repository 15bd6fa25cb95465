import { memo, useState } from "react";
import type { ChatMessage } from "../../../lib/dash/chat";
import ChipIcon from "./ChipIcon";
import QuestionEditor from "./QuestionEditor";

/** A question of the user, with the context chips it was asked with; the last one can be edited and sent again. */
function UserMessage({ message, editable }: { message: ChatMessage; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="ml-auto flex max-w-[85%] flex-col items-end gap-1 [contain-intrinsic-size:auto_4rem] [content-visibility:auto]">
      <article aria-label="You" className="w-full rounded-2xl bg-accent-strong/25 px-4 py-3 text-sm">
        {message.context && (
          <ul aria-label="Context" className="mb-2 flex flex-wrap gap-1">
            {message.context.map((chip) => (
              <li key={`${chip.type}:${chip.id}`} className="inline-flex items-center gap-1 rounded-full bg-black/30 px-2 py-0.5 text-xs">
                <ChipIcon type={chip.type} />
                {chip.label}
              </li>
            ))}
          </ul>
        )}
        {editing && editable ? <QuestionEditor message={message} onDone={() => setEditing(false)} /> : <p className="whitespace-pre-wrap">{message.content}</p>}
      </article>
      {editable && !editing && (
        <button type="button" onClick={() => setEditing(true)} className="rounded-md px-2 py-0.5 text-xs font-medium text-muted hover:bg-surface-2 hover:text-ink">
          Edit
        </button>
      )}
    </div>
  );
}

// Memoised: a long conversation re-renders only the question that changed.
export default memo(UserMessage);
