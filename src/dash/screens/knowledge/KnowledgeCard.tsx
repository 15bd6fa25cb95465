import { formatDay } from "../../../lib/dash/dates";
import { KNOWLEDGE_TYPE_LABELS, type KnowledgeItem } from "../../../lib/dash/knowledge";
import Badge from "../../components/Badge";
import DashIcon from "../../components/DashIcon";
import LastChangedBy from "../../components/LastChangedBy";

interface KnowledgeCardProps {
  item: KnowledgeItem;
  onOpenInChat: (item: KnowledgeItem) => void;
  onPreview: (item: KnowledgeItem) => void;
}

/** One resource: title, type, description, when it was updated and where it comes from. */
export default function KnowledgeCard({ item, onOpenInChat, onPreview }: KnowledgeCardProps) {
  return (
    <li className="dash-card" aria-labelledby={`kb-${item.id}`}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={`kb-${item.id}`} className="font-semibold">
          {item.title}
        </h2>
        <Badge tone={item.type === "internal" ? "accent" : "neutral"}>{KNOWLEDGE_TYPE_LABELS[item.type]}</Badge>
      </div>
      <p className="text-sm text-muted">{item.description}</p>
      <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        <div className="flex gap-1">
          <dt>Updated</dt>
          <dd>{formatDay(item.lastUpdated)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Source</dt>
          <dd>{item.source}</dd>
        </div>
      </dl>
      <LastChangedBy updatedBy={item.updatedBy} />
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => onOpenInChat(item)} className="btn-small" aria-describedby={`kb-${item.id}`}>
          <DashIcon name="chat" className="size-4" />
          Open in Chat
        </button>
        <button type="button" onClick={() => onPreview(item)} className="btn-small" aria-describedby={`kb-${item.id}`}>
          <DashIcon name="eye" className="size-4" />
          Preview
        </button>
      </div>
    </li>
  );
}
