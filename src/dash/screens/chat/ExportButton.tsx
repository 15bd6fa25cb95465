import { useStore } from "@nanostores/react";
import { conversationMarkdown, exportFileName } from "../../../lib/dash/exportMarkdown";
import { $activeMessages } from "../../../stores/dash/chat";
import { $activeId, $conversations } from "../../../stores/dash/conversations";
import DashIcon from "../../components/DashIcon";
import { downloadText } from "../../downloadText";

/** Downloads the open conversation as Markdown, its citations as footnotes (document, page and the passage quoted). */
export default function ExportButton() {
  const messages = useStore($activeMessages);
  const id = useStore($activeId);
  const title = useStore($conversations).find((c) => c.id === id)?.title ?? "Conversation";
  if (messages.length === 0) return null;
  return (
    <button
      type="button"
      onClick={() => downloadText(exportFileName(title), conversationMarkdown(title, messages, new Date()))}
      className="inline-flex items-center gap-1.5 rounded-lg border border-line px-3 py-1.5 text-sm text-ink hover:border-accent"
    >
      <DashIcon name="download" className="size-4" />
      Export
    </button>
  );
}
