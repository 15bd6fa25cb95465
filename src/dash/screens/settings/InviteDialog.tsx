import { useId, useState } from "react";
import { ROLE_LABELS, type FirmRole } from "../../../lib/firm/invites";
import { firm } from "../../../stores/dash/firm";
import Dialog from "../../../ui/Dialog";
import SelectField from "../../../ui/SelectField";
import TextField from "../../../ui/TextField";
import FormActions from "../../components/FormActions";

const ROLE_OPTIONS = (["member", "admin"] as const).map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * Invite Member: an e-mail and a role make an invite, whose link is shown once to copy and send. The link is valid
 * for 7 days and for that e-mail address only.
 */
export default function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<FirmRole>("member");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [link, setLink] = useState<string | null>(null);
  const [emailed, setEmailed] = useState<boolean | undefined>();
  const [copied, setCopied] = useState<string | null>(null);
  const close = () => {
    setEmail("");
    setRole("member");
    setError(undefined);
    setLink(null);
    setEmailed(undefined);
    setCopied(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={link ? "Invite Link" : "Invite Member"}>
      {link ? (
        <div className="flex flex-col gap-4">
          {emailed !== undefined && (
            <p className="text-sm">
              {emailed
                ? `The invite was e-mailed to ${email.trim()}. You can also send them this link yourself.`
                : "The invite e-mail could not be sent: copy the link and send it yourself."}
            </p>
          )}
          <p className="text-sm text-muted">
            Send this link to {email.trim()}. It lets them join the firm as {ROLE_LABELS[role].toLowerCase()} with that address, once, within 7 days. It is
            shown only now.
          </p>
          <TextField id={`${id}-link`} label="Invite link" value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
          <p role="status" className="text-sm text-muted">
            {copied}
          </p>
          <div className="flex justify-end gap-3">
            <button
              type="button"
              className="btn-secondary px-4 py-2 text-sm"
              onClick={() =>
                void navigator.clipboard.writeText(link).then(
                  () => setCopied("Link copied."),
                  () => setCopied("The link could not be copied: select it and copy it yourself."),
                )
              }
            >
              Copy Link
            </button>
            <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={close}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!EMAIL.test(email.trim())) {
              setError("Enter a valid e-mail address.");
              return;
            }
            setBusy(true);
            setError(undefined);
            void firm.invite(email, role).then((made) => {
              setBusy(false);
              if ("error" in made) setError(made.error);
              else {
                setLink(made.link);
                setEmailed(made.emailed);
              }
            });
          }}
        >
          <TextField
            id={`${id}-email`}
            label="Email Address"
            type="email"
            autoComplete="off"
            value={email}
            error={error}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
          <SelectField id={`${id}-role`} label="Role" value={role} options={ROLE_OPTIONS} onChange={setRole} />
          <FormActions onCancel={close} submitLabel={busy ? "Inviting..." : "Create Invite"} disabled={busy || email.trim() === ""} />
        </form>
      )}
    </Dialog>
  );
}
