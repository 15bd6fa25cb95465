import { useStore } from "@nanostores/react";
import { useState, type KeyboardEvent } from "react";
import { $activePending, $draft, send, setDraft, stop } from "../../../stores/dash/chat";
import DashIcon from "../../components/DashIcon";
import AttachPicker from "./AttachPicker";
import ContextChips from "./ContextChips";
import { MESSAGE_INPUT_ID, focusMessageInput } from "./messageInput";

/** keyCode 229: Safari delivers the Enter that ends a composition after compositionend, marked only by this code. */
const IME_KEY_CODE = 229;

/** Enter sends, Shift+Enter is a new line, and Enter that confirms an input method's composition never sends. */
function isSendKey(event: KeyboardEvent): boolean {
  const { isComposing, keyCode } = event.nativeEvent as { isComposing: boolean; keyCode?: number };
  return event.key === "Enter" && !event.shiftKey && !isComposing && keyCode !== IME_KEY_CODE;
}

/** The chips, the growing 'Ask me anything...' input, Attach, and Send (Stop while a reply is pending). */
export default function Composer() {
  const draft = useStore($draft);
  const pending = useStore($activePending) !== undefined;
  const [picking, setPicking] = useState(false);
  const blank = draft.trim() === "";

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendKey(event)) {
      event.preventDefault();
      send();
    } else if (event.key === "Escape" && pending) {
      event.preventDefault();
      stop();
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
        focusMessageInput();
      }}
      className="shrink-0 rounded-2xl border border-line bg-surface focus-within:border-accent"
    >
      <ContextChips />
      <label htmlFor={MESSAGE_INPUT_ID} className="sr-only">
        Message
      </label>
      <textarea
        id={MESSAGE_INPUT_ID}
        rows={1}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Ask me anything..."
        className="block max-h-32 min-h-12 w-full resize-none overflow-y-auto bg-transparent px-4 py-3 text-sm text-ink field-sizing-content placeholder:text-neutral-400 focus:outline-none"
      />
      <div className="flex items-center justify-between gap-2 px-2 pb-2">
        <button
          type="button"
          onClick={() => setPicking(true)}
          className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-muted hover:bg-surface-2 hover:text-ink"
        >
          <DashIcon name="paperclip" className="size-4" />
          Attach
        </button>
        {pending ? (
          <button
            type="button"
            onClick={() => {
              stop();
              focusMessageInput();
            }}
            className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface-2 px-4 py-1.5 text-sm font-semibold text-ink hover:border-accent"
          >
            <DashIcon name="stop" className="size-4" />
            Stop
          </button>
        ) : (
          <button type="submit" disabled={blank} className="btn-primary px-4 py-1.5 text-sm">
            <DashIcon name="send" className="size-4" />
            Send
          </button>
        )}
      </div>
      <AttachPicker open={picking} onClose={() => setPicking(false)} />
    </form>
  );
}
