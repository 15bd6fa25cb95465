import { useId, useState } from "react";
import { formatDay } from "../../../lib/dash/dates";
import type { FirmPerson, FirmSnapshot } from "../../../lib/firm/firmApi";
import { ROLE_LABELS, type FirmRole } from "../../../lib/firm/invites";
import { nameOfPerson } from "../../../lib/firm/people";
import { firm } from "../../../stores/dash/firm";
import { showToast } from "../../../stores/toasts";
import ConfirmDialog from "../../../ui/ConfirmDialog";
import InviteDialog from "./InviteDialog";

const ROLES: FirmRole[] = ["admin", "member"];

const nameOf = nameOfPerson;

/** Shows a refused change as a toast; a done one says so. */
function tell(error: string | null, done: string) {
  if (error) showToast({ title: "Not changed", description: error, variant: "destructive" });
  else showToast({ title: "Firm updated", description: done });
}

/** The firm's members and pending invites; admins invite, change roles, remove members and revoke invites. */
export default function FirmMembers({ snapshot, me }: { snapshot: FirmSnapshot; me: FirmRole }) {
  const headingId = useId();
  const invitesId = useId();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<FirmPerson | null>(null);
  const admin = me === "admin";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="font-semibold">
          Members ({snapshot.people.length})
        </h3>
        {admin && (
          <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setInviting(true)}>
            Invite Member
          </button>
        )}
      </div>
      <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-border rounded-xl border border-border">
        {snapshot.people.map((person) => (
          <li key={person.userId} className="flex flex-wrap items-center gap-3 p-3">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{nameOf(person)}</p>
              <p className="truncate text-sm text-muted">
                {person.email} · Joined {formatDay(person.joinedAt)}
              </p>
            </div>
            {admin ? (
              <>
                <label className="sr-only" htmlFor={`role-${person.userId}`}>
                  Role of {nameOf(person)}
                </label>
                <select
                  id={`role-${person.userId}`}
                  className="field-input w-auto"
                  value={person.role}
                  onChange={(event) => {
                    const role = event.target.value as FirmRole;
                    void firm.changeRole(person.userId, role).then(({ error }) => tell(error, `${nameOf(person)} is now ${ROLE_LABELS[role].toLowerCase()}.`));
                  }}
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => setRemoving(person)}>
                  Remove<span className="sr-only"> {nameOf(person)}</span>
                </button>
              </>
            ) : (
              <span className="text-sm text-muted">{ROLE_LABELS[person.role]}</span>
            )}
          </li>
        ))}
      </ul>
      {admin && (
        <section aria-labelledby={invitesId} className="flex flex-col gap-2">
          <h3 id={invitesId} className="font-semibold">
            Pending Invites
          </h3>
          {snapshot.invites.length === 0 ? (
            <p className="text-sm text-muted">No pending invites</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
              {snapshot.invites.map((invite) => (
                <li key={invite.id} className="flex flex-wrap items-center gap-3 p-3">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{invite.email}</p>
                    <p className="text-sm text-muted">
                      {ROLE_LABELS[invite.role]} · Expires {formatDay(invite.expiresAt)}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1.5 text-sm"
                    onClick={() => void firm.revokeInvite(invite.id).then(({ error }) => tell(error, `The invite to ${invite.email} was revoked.`))}
                  >
                    Revoke<span className="sr-only"> the invite to {invite.email}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this member?"
        description={`${removing ? nameOf(removing) : ""} will lose access to the firm's cases, documents and knowledge at once. What they made stays with the firm.`}
        confirmLabel="Remove Member"
        onConfirm={() => {
          const person = removing;
          if (person) void firm.remove(person.userId).then(({ error }) => tell(error, `${nameOf(person)} was removed from the firm.`));
        }}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
