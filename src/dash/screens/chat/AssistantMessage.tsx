import type { ChatMessage } from "../../../lib/dash/chat";
import MarkdownAnswer from "./MarkdownAnswer";
import MessageActions from "./MessageActions";

interface AssistantMessageProps {
  message: ChatMessage;
  /** Regenerate was asked for this answer: it is replaced when the new one comes. */
  regenerating: boolean;
  /** A reply is pending in this conversation: Regenerate waits. */
  busy: boolean;
  onCitations: () => void;
}

/** An answer of the assistant: markdown, then Copy, Regenerate, Use in new chat and its citations. */
export default function AssistantMessage({ message, regenerating, busy, onCitations }: AssistantMessageProps) {
  return (
    <article aria-label="Assistant" aria-busy={regenerating || undefined} className="max-w-[95%] rounded-2xl border border-line bg-surface px-4 py-3">
      <div className={regenerating ? "opacity-50" : undefined}>
        <MarkdownAnswer content={message.content} />
      </div>
      <MessageActions message={message} busy={busy} onCitations={onCitations} />
    </article>
  );
}
