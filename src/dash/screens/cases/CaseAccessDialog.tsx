import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { CASE_SHARING_LABELS, CASE_SHARINGS, type CaseSharing } from "../../../lib/dash/shared";
import { nameOfPerson } from "../../../lib/firm/people";
import type { CaseCard } from "../../../stores/dash/caseCards";
import { setCaseSharing } from "../../../stores/dash/cases";
import { $firm, firm } from "../../../stores/dash/firm";
import { showToast } from "../../../stores/toasts";
import Dialog from "../../../ui/Dialog";
import FormActions from "../../components/FormActions";
import { useCaseTeam } from "./CaseTeam";

/**
 * Case Access: whether everyone in the firm reads the case or only its members (an ethical wall), and who its
 * members are. Its creator is always one. Offered to the case's creator and the firm's admins; the server decides.
 */
export default function CaseAccessDialog({ item, onClose }: { item: CaseCard | null; onClose: () => void }) {
  const team = useCaseTeam(item ?? { id: "", owner: undefined });
  return (
    <Dialog open={item !== null} onClose={onClose} title="Case Access">
      {item && <AccessForm key={`${item.owner ?? ""}|${item.id}|${team.ids.join(",")}`} item={item} team={team.ids} onClose={onClose} />}
    </Dialog>
  );
}

/** The form of one case's access, starting from what it is now. */
function AccessForm({ item, team, onClose }: { item: CaseCard; team: string[]; onClose: () => void }) {
  const id = useId();
  const view = useStore($firm);
  const [sharing, setSharing] = useState<CaseSharing>(item.sharing ?? "members");
  const [members, setMembers] = useState<string[]>(team);
  const [busy, setBusy] = useState(false);
  const creator = team[0];
  const people = view.state === "ready" ? view.snapshot.people : [];
  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        if (sharing !== (item.sharing ?? "members")) setCaseSharing(item, sharing);
        void firm.setCaseMembers(item.owner, item.id, members.filter((m) => m !== creator)).then(({ error }) => {
          setBusy(false);
          if (error) showToast({ title: "Access not changed", description: error, variant: "destructive" });
          else {
            showToast({ title: "Access saved", description: `${item.title}: ${CASE_SHARING_LABELS[sharing].toLowerCase()}.` });
            onClose();
          }
        });
      }}
    >
      <p className="text-sm text-muted">{item.title}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="field-label">Who can see this case</legend>
        {CASE_SHARINGS.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-sharing`} value={value} checked={sharing === value} onChange={() => setSharing(value)} />
            {value === "members" ? "Only these members" : CASE_SHARING_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2" aria-describedby={sharing === "members" ? `${id}-wall` : undefined}>
        <legend className="field-label">Members</legend>
        {sharing === "members" && (
          <p id={`${id}-wall`} className="text-sm text-muted">
            {/* What a wall means (strict walls, issue 43): the server takes the case's documents from everyone else. */}
            Anyone not on this list loses the case and all its documents, including documents they uploaded themselves.
          </p>
        )}
        {people.map((person) => {
          const isCreator = person.userId === creator;
          return (
            <label key={person.userId} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={isCreator || members.includes(person.userId)}
                disabled={isCreator}
                onChange={(event) => setMembers(event.target.checked ? [...members, person.userId] : members.filter((m) => m !== person.userId))}
              />
              {nameOfPerson(person)}
              {isCreator && <span className="text-muted">(created the case)</span>}
            </label>
          );
        })}
      </fieldset>
      <FormActions onCancel={onClose} submitLabel={busy ? "Saving..." : "Save Access"} disabled={busy} />
    </form>
  );
}
