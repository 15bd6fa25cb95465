import { useStore } from "@nanostores/react";
import { useId } from "react";
import { CASE_STATUS_LABELS } from "../../../lib/dash/cases";
import { formatDay } from "../../../lib/dash/dates";
import { DOCUMENT_STATUS_LABELS } from "../../../lib/dash/files";
import { $documentsByCase, type CaseCard } from "../../../stores/dash/caseCards";
import Dialog from "../../../ui/Dialog";
import Badge from "../../components/Badge";
import { CASE_TONES } from "../../components/statusTones";
import CaseFacts from "./CaseFacts";

/** A case's details with its documents from Files. */
export default function CaseViewDialog({ item, onClose }: { item: CaseCard | null; onClose: () => void }) {
  const headingId = useId();
  const documents = useStore($documentsByCase).get(item?.id ?? "") ?? [];
  return (
    <Dialog open={item !== null} onClose={onClose} title={item?.title ?? "Case"}>
      {item && (
        <div className="flex flex-col gap-4">
          <Badge tone={CASE_TONES[item.status]}>{CASE_STATUS_LABELS[item.status]}</Badge>
          <CaseFacts item={item} />
          <section aria-labelledby={headingId} className="flex flex-col gap-2">
            <h3 id={headingId} className="font-semibold">
              Documents
            </h3>
            {documents.length === 0 ? (
              <p className="text-sm text-muted">No documents in this case yet.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-line text-sm">
                {documents.map((d) => (
                  <li key={d.id} className="flex justify-between gap-3 py-2">
                    <span>{d.title}</span>
                    <span className="shrink-0 text-muted">
                      {DOCUMENT_STATUS_LABELS[d.status]} · {formatDay(d.uploaded)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
