import { memo } from "react";
import { CHAT_SCOPES, type ChatMessage, type Citation } from "../../../lib/dash/chat";
import { askAgainIn } from "../../../stores/dash/chat";
import MarkdownAnswer from "./MarkdownAnswer";
import MessageActions from "./MessageActions";

interface AssistantMessageProps {
  message: ChatMessage;
  /** Regenerate was asked for this answer: it is replaced when the new one comes. */
  regenerating: boolean;
  /** A reply is pending in this conversation: Regenerate waits. */
  busy: boolean;
  onCitations: (messageId: string) => void;
  onOpenCitation: (citation: Citation) => void;
}

/** An answer of the assistant: markdown with its markers, then Copy, Regenerate, Use in new chat and its citations. */
function AssistantMessage({ message, regenerating, busy, onCitations, onOpenCitation }: AssistantMessageProps) {
  const citations = message.citations ?? [];
  return (
    <article
      aria-label="Assistant"
      aria-busy={regenerating || undefined}
      className="max-w-[95%] rounded-2xl border border-line bg-surface px-4 py-3 [contain-intrinsic-size:auto_10rem] [content-visibility:auto]"
    >
      <div className={regenerating ? "opacity-50" : undefined}>
        <MarkdownAnswer
          content={message.content}
          citations={citations}
          onCite={(n) => {
            const citation = citations[n - 1];
            if (citation) onOpenCitation(citation);
          }}
        />
      </div>
      {message.offerScope && (
        <button type="button" disabled={busy} onClick={() => message.offerScope && askAgainIn(message.id, message.offerScope)} className="btn-small mt-2">
          Ask again in {CHAT_SCOPES.find((s) => s.value === message.offerScope)?.label}
        </button>
      )}
      <MessageActions message={message} busy={busy} onCitations={() => onCitations(message.id)} />
    </article>
  );
}

// Memoised: a long conversation re-renders only the answer that changed, not the whole log.
export default memo(AssistantMessage);
