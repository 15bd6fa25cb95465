import type { ChatMessage } from "../../../lib/dash/chat";
import { answerInNewChat, copyAnswer, regenerate } from "../../../stores/dash/chat";
import DashIcon from "../../components/DashIcon";
import type { DashIconName } from "../../icons";
import { focusMessageInput } from "./messageInput";

interface MessageActionsProps {
  message: ChatMessage;
  busy: boolean;
  onCitations: () => void;
}

/** One small labelled action button. */
function Action({ icon, label, onClick, disabled }: { icon: DashIconName; label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-muted hover:bg-surface-2 hover:text-ink disabled:cursor-not-allowed disabled:opacity-50"
    >
      <DashIcon name={icon} className="size-4" />
      {label}
    </button>
  );
}

/** Copy, Regenerate, Use in new chat, and 'N Citations' under an answer. */
export default function MessageActions({ message, busy, onCitations }: MessageActionsProps) {
  const count = message.citations?.length ?? 0;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-1 border-t border-line pt-2">
      <Action icon="copy" label="Copy" onClick={() => void copyAnswer(message.id)} />
      <Action icon="refresh" label="Regenerate" disabled={busy} onClick={() => regenerate(message.id)} />
      <Action
        icon="plus"
        label="Use in new chat"
        onClick={() => {
          answerInNewChat(message.id);
          focusMessageInput();
        }}
      />
      {count > 0 && <Action icon="quote" label={`${String(count)} Citation${count === 1 ? "" : "s"}`} onClick={onCitations} />}
    </div>
  );
}
