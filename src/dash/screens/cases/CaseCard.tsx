import { Link } from "react-router";
import { CASE_STATUS_LABELS, uploadHrefFor } from "../../../lib/dash/cases";
import type { CaseCard as CaseCardData } from "../../../stores/dash/caseCards";
import Badge from "../../components/Badge";
import DashIcon from "../../components/DashIcon";
import { CASE_TONES } from "../../components/statusTones";
import CaseFacts from "./CaseFacts";

interface CaseCardProps {
  item: CaseCardData;
  onOpenInChat: (item: CaseCardData) => void;
  onView: (item: CaseCardData) => void;
  onDelete: (item: CaseCardData) => void;
}

/** One case: title, status, docket, jurisdiction, updated, members and documents, with its actions. */
export default function CaseCard({ item, onOpenInChat, onView, onDelete }: CaseCardProps) {
  const titleId = `case-${item.id}`;
  return (
    <li className="dash-card" aria-labelledby={titleId}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="font-semibold">
          {item.title}
        </h2>
        <Badge tone={CASE_TONES[item.status]}>{CASE_STATUS_LABELS[item.status]}</Badge>
      </div>
      <CaseFacts item={item} />
      <div className="mt-auto flex flex-wrap gap-2">
        <button type="button" onClick={() => onOpenInChat(item)} className="btn-small" aria-describedby={titleId}>
          <DashIcon name="chat" className="size-4" />
          Open in Chat
        </button>
        <Link to={uploadHrefFor(item.id)} className="btn-small" aria-describedby={titleId}>
          <DashIcon name="upload" className="size-4" />
          Upload Doc
        </Link>
        <button type="button" onClick={() => onView(item)} className="btn-small" aria-describedby={titleId}>
          <DashIcon name="eye" className="size-4" />
          View
        </button>
        <button type="button" onClick={() => onDelete(item)} className="btn-small hover:border-danger" aria-label={`Delete ${item.title}`}>
          <DashIcon name="trash" className="size-4" />
        </button>
      </div>
    </li>
  );
}
