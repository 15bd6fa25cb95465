import { formatDay } from "../../../lib/dash/dates";
import type { CaseCard } from "../../../stores/dash/caseCards";
import Facts from "../../components/Facts";

/** A case's docket, jurisdiction, last update, members and documents. */
export default function CaseFacts({ item }: { item: CaseCard }) {
  return (
    <Facts
      items={[
        ["Docket", item.docketNo],
        ["Jurisdiction", item.jurisdiction],
        ["Updated", formatDay(item.updated)],
        ["Members", item.members],
        ["Documents", item.documents],
      ]}
    />
  );
}
