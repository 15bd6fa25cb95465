import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { matchesQuery } from "../../../lib/dash/search";
import type { WorkspaceDocument } from "../../../lib/dash/files";
import { MAX_REVIEW_DOCUMENTS } from "../../../lib/review/review";
import { $cases } from "../../../stores/dash/cases";
import { $documents } from "../../../stores/dash/files";
import SearchField from "../../components/SearchField";

/** Why a document cannot be picked: only an Indexed one has text to answer from. */
export function unpickableReason(document: WorkspaceDocument): string | null {
  if (document.status === "indexed") return null;
  if (document.status === "processing") return "Still being read: it can be added once Indexed.";
  return `Failed to read${document.reason ? `: ${document.reason}` : ""}. Re-index it in Files first.`;
}

interface DocumentPickerProps {
  /** The ids picked, in the order picked. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Documents already in the review: shown as such, not pickable again. */
  taken?: ReadonlySet<string>;
}

/** Picks documents: all of a case's at once, or one by one from Files with a search; only Indexed ones, 1,000 at most. */
export default function DocumentPicker({ value, onChange, taken = new Set() }: DocumentPickerProps) {
  const id = useId();
  const documents = useStore($documents);
  const cases = useStore($cases);
  const [query, setQuery] = useState("");
  const room = MAX_REVIEW_DOCUMENTS - taken.size;
  const picked = new Set(value);
  const pickable = (d: WorkspaceDocument) => unpickableReason(d) === null && !taken.has(d.id);
  const add = (ids: readonly string[]) => onChange([...value, ...ids.filter((i) => !picked.has(i))].slice(0, room));
  const toggle = (docId: string, on: boolean) => (on ? add([docId]) : onChange(value.filter((v) => v !== docId)));
  const shown = documents.filter((d) => matchesQuery(query, d.title, d.caseTitle));
  const caseCount = (caseId: string) => documents.filter((d) => d.caseId === caseId && pickable(d)).length;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="field-label">Documents</legend>
      <p id={`${id}-count`} className="text-sm text-muted" aria-live="polite">
        {value.length} of at most {room} picked. Only Indexed documents can be reviewed.
      </p>
      <div className="flex flex-wrap gap-2" role="group" aria-label="All documents of a case">
        {cases
          .filter((c) => caseCount(c.id) > 0)
          .map((c) => (
            <button key={c.id} type="button" className="btn-small" onClick={() => add(documents.filter((d) => d.caseId === c.id && pickable(d)).map((d) => d.id))}>
              All of {c.title} ({caseCount(c.id)})
            </button>
          ))}
      </div>
      <SearchField label="Search documents by title or case" placeholder="Search documents..." value={query} onChange={setQuery} />
      <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-lg border border-line p-2" aria-describedby={`${id}-count`}>
        {shown.length === 0 && <li className="p-2 text-sm text-muted">No documents match.</li>}
        {shown.map((d) => {
          const reason = taken.has(d.id) ? "Already in this review." : unpickableReason(d);
          const full = !picked.has(d.id) && value.length >= room;
          return (
            <li key={d.id}>
              <label className="flex items-start gap-2 rounded-md p-2 text-sm hover:bg-surface-2">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={picked.has(d.id) || taken.has(d.id)}
                  disabled={reason !== null || full}
                  aria-describedby={reason ? `${id}-${d.id}-why` : undefined}
                  onChange={(event) => toggle(d.id, event.target.checked)}
                />
                <span className="min-w-0">
                  <span className="block font-medium">{d.title}</span>
                  <span className="block text-muted">{d.caseTitle}</span>
                  {reason && (
                    <span id={`${id}-${d.id}-why`} className="block text-muted">
                      {reason}
                    </span>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
