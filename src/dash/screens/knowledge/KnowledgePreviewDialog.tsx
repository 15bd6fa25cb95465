import { formatDay } from "../../../lib/dash/dates";
import { KNOWLEDGE_TYPE_LABELS, type KnowledgeItem } from "../../../lib/dash/knowledge";
import Dialog from "../../../ui/Dialog";
import PassageText from "../../viewer/PassageText";
import Badge from "../../components/Badge";
import Facts from "../../components/Facts";

interface KnowledgePreviewDialogProps {
  item: KnowledgeItem | null;
  onClose: () => void;
  onOpenInChat: (item: KnowledgeItem) => void;
  /** A passage to mark in the item's text (a citation's). */
  highlight?: string | undefined;
}

/** The whole resource in a dialog, with the way on to the chat. */
export default function KnowledgePreviewDialog({ item, onClose, onOpenInChat, highlight }: KnowledgePreviewDialogProps) {
  return (
    <Dialog open={item !== null} onClose={onClose} title={item?.title ?? "Preview"}>
      {item && (
        <div className="flex flex-col gap-4">
          <Badge tone={item.type === "internal" ? "accent" : "neutral"}>{KNOWLEDGE_TYPE_LABELS[item.type]}</Badge>
          <p>{item.description}</p>
          {item.text && (
            <section aria-label="Text" className="flex flex-col gap-2">
              <PassageText text={item.text} highlight={highlight} />
            </section>
          )}
          <Facts
            items={[
              ["Updated", formatDay(item.lastUpdated)],
              ["Source", item.source],
            ]}
          />
          <div className="flex justify-end">
            <button type="button" onClick={() => onOpenInChat(item)} className="btn-primary px-4 py-2 text-sm">
              Open in Chat
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
