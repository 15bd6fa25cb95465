import { useStore } from "@nanostores/react";
import { CASE_SHARING_LABELS } from "../../../lib/dash/shared";
import { initialsOf, nameById } from "../../../lib/firm/people";
import type { CaseCard } from "../../../stores/dash/caseCards";
import { $caseMembers, $firm, firm } from "../../../stores/dash/firm";
import LastChangedBy from "../../components/LastChangedBy";

/** The people of a case: its creator and members. */
export function useCaseTeam(item: Pick<CaseCard, "id" | "owner">): { ids: string[]; names: string[] } {
  const view = useStore($firm);
  const members = useStore($caseMembers);
  const people = view.state === "ready" ? view.snapshot.people : [];
  const creator = item.owner ?? (view.state === "ready" ? view.userId : undefined);
  const ids = [...(creator ? [creator] : []), ...(members.get(firm.caseKey(item.owner, item.id)) ?? [])];
  return { ids, names: ids.map((id) => nameById(people, id) ?? "A former member") };
}

/**
 * On the firm's Supabase: who may read the case (the firm, or only its members), its members' initials (names on
 * hover and focus; `names` from useCaseTeam) and who changed it last.
 */
export default function CaseTeam({ item, names }: { item: CaseCard; names: readonly string[] }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-muted">
        Visible to: <span className="text-fg">{CASE_SHARING_LABELS[item.sharing ?? "members"]}</span>
      </p>
      {names.length > 0 && (
        <ul aria-label={`Members of ${item.title}`} className="flex flex-wrap gap-1">
          {names.map((name, i) => (
            <li key={`${name}-${String(i)}`}>
              {/* A button only so that keyboard users can reach the name, which shows on hover and on focus. */}
              <button
                type="button"
                aria-label={name}
                className="group relative inline-flex size-8 cursor-default items-center justify-center rounded-full border border-line bg-surface-2 text-xs font-semibold"
              >
                <span aria-hidden="true">{initialsOf(name)}</span>
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-full left-1/2 z-10 mt-1 hidden -translate-x-1/2 rounded-md border border-line bg-surface px-2 py-1 text-xs font-normal whitespace-nowrap group-hover:block group-focus:block"
                >
                  {name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <LastChangedBy updatedBy={item.updatedBy} />
    </div>
  );
}
