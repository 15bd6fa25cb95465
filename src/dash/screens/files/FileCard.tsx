import { formatDay } from "../../../lib/dash/dates";
import { DOCUMENT_STATUS_LABELS, type TextHit, type WorkspaceDocument } from "../../../lib/dash/files";
import { versionLabel } from "../../../lib/dash/versions";
import Badge from "../../components/Badge";
import DashIcon from "../../components/DashIcon";
import Facts from "../../components/Facts";
import LastChangedBy from "../../components/LastChangedBy";
import { DOCUMENT_TONES } from "../../components/statusTones";
import VersionActions from "../../components/VersionActions";
import HitSnippet from "./HitSnippet";

interface FileCardProps {
  document: WorkspaceDocument;
  /** Where the search found the query in its text, when it did. */
  hit?: TextHit | undefined;
  /** Opens the viewer, at the hit's page when given. */
  onPreview: (document: WorkspaceDocument, hit?: TextHit) => void;
  onOpenInChat: (document: WorkspaceDocument) => void;
  onReindex: (id: string) => void;
  /** Deletes the document (its file, text and record), after a confirmation. */
  onDelete: (document: WorkspaceDocument) => void;
  /** Compare with…: picks the other version. */
  onCompare: (document: WorkspaceDocument) => void;
}

/** One document: title, status, case, pages and upload date; why it failed and Re-index when it did; Delete. */
export default function FileCard({ document, hit, onPreview, onOpenInChat, onReindex, onDelete, onCompare }: FileCardProps) {
  const titleId = `file-${document.id}`;
  return (
    <li className="dash-card" aria-labelledby={titleId}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="font-semibold">
          {document.title}
        </h2>
        <div className="flex shrink-0 gap-1">
          {document.version !== undefined && <Badge tone="accent">{versionLabel(document.version)}</Badge>}
          <Badge tone={DOCUMENT_TONES[document.status]}>{DOCUMENT_STATUS_LABELS[document.status]}</Badge>
        </div>
      </div>
      <Facts
        items={[
          ["Case", document.caseTitle],
          ["Pages", document.pages > 0 ? document.pages : document.status === "processing" ? "Being read" : "None read"],
          ["Uploaded", formatDay(document.uploaded)],
        ]}
      />
      {hit && <HitSnippet hit={hit} onOpen={() => onPreview(document, hit)} />}
      {document.status === "failed" && document.reason && <p className="text-sm text-danger">{document.reason}</p>}
      <LastChangedBy updatedBy={document.updatedBy} />
      <div className="mt-auto flex flex-wrap gap-2">
        <button type="button" onClick={() => onPreview(document)} className="btn-small" aria-describedby={titleId}>
          <DashIcon name="eye" className="size-4" />
          Preview
        </button>
        <button type="button" onClick={() => onOpenInChat(document)} className="btn-small" aria-describedby={titleId}>
          <DashIcon name="chat" className="size-4" />
          Open in Chat
        </button>
        <VersionActions
          id={document.id}
          titleId={titleId}
          version={document.version}
          previousVersion={document.previousVersion}
          read={document.status === "indexed"}
          onCompare={() => onCompare(document)}
        />
        {document.status === "failed" && (
          <button type="button" onClick={() => onReindex(document.id)} className="btn-small" aria-describedby={titleId}>
            <DashIcon name="refresh" className="size-4" />
            Re-index
          </button>
        )}
        <button type="button" onClick={() => onDelete(document)} className="btn-small" aria-describedby={titleId}>
          <DashIcon name="trash" className="size-4" />
          Delete
        </button>
      </div>
    </li>
  );
}
