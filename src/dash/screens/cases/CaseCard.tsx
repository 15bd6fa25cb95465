import { Link } from "react-router";
import { CASE_STATUS_LABELS, uploadHrefFor } from "../../../lib/dash/cases";
import type { CaseCard as CaseCardData } from "../../../stores/dash/caseCards";
import Badge from "../../components/Badge";
import DashIcon from "../../components/DashIcon";
import { CASE_TONES } from "../../components/statusTones";
import CaseFacts from "./CaseFacts";
import CaseTeam, { useCaseTeam } from "./CaseTeam";

interface CaseCardProps {
  item: CaseCardData;
  onOpenInChat: (item: CaseCardData) => void;
  onView: (item: CaseCardData) => void;
  /** Deleting it and changing who reads it: absent where the user may not (a colleague's case, not being admin). */
  onDelete?: ((item: CaseCardData) => void) | undefined;
  onAccess?: ((item: CaseCardData) => void) | undefined;
  /** On the firm's Supabase: who may read it, its members and who changed it last. */
  team: boolean;
}

/** One case: title, status, docket, jurisdiction, updated, members and documents, with its actions. */
export default function CaseCard({ item, onOpenInChat, onView, onDelete, onAccess, team }: CaseCardProps) {
  const titleId = `case-${item.owner ?? "own"}-${item.id}`;
  const { ids, names } = useCaseTeam(item);
  return (
    <li className="dash-card" aria-labelledby={titleId}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="font-semibold">
          {item.title}
        </h2>
        <Badge tone={CASE_TONES[item.status]}>{CASE_STATUS_LABELS[item.status]}</Badge>
      </div>
      <CaseFacts item={team && ids.length > 0 ? { ...item, members: ids.length } : item} />
      {team && <CaseTeam item={item} names={names} />}
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
        {onAccess && (
          <button type="button" onClick={() => onAccess(item)} className="btn-small" aria-label={`Access to ${item.title}`}>
            <DashIcon name="users" className="size-4" />
            Access
          </button>
        )}
        {onDelete && (
          <button type="button" onClick={() => onDelete(item)} className="btn-small hover:border-danger" aria-label={`Delete ${item.title}`}>
            <DashIcon name="trash" className="size-4" />
          </button>
        )}
      </div>
    </li>
  );
}
