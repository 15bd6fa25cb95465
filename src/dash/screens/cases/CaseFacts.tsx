import { formatDay } from "../../../lib/dash/dates";
import type { CaseCard } from "../../../stores/dash/caseCards";

/** A case's docket, jurisdiction, last update, members and documents. */
export default function CaseFacts({ item }: { item: CaseCard }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted">Docket</dt>
      <dd>{item.docketNo}</dd>
      <dt className="text-muted">Jurisdiction</dt>
      <dd>{item.jurisdiction}</dd>
      <dt className="text-muted">Updated</dt>
      <dd>{formatDay(item.updated)}</dd>
      <dt className="text-muted">Members</dt>
      <dd>{item.members}</dd>
      <dt className="text-muted">Documents</dt>
      <dd>{item.documents}</dd>
    </dl>
  );
}
