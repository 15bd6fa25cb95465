import { useId, useRef, useState, type SubmitEvent } from "react";
import { validateNewPassword, type NewPasswordFields } from "../../lib/auth/form";
import { authMessages } from "../../lib/auth/messages";
import { AFTER_SIGN_IN } from "../../lib/auth/redirect";
import { firstInvalid } from "../../lib/validation";
import { setNewPassword } from "../../stores/auth";
import { flashToast } from "../../stores/toasts";
import FormBanner from "../../ui/FormBanner";
import { focusField } from "../../ui/focusField";
import Spinner from "../../ui/Spinner";
import PasswordField from "./PasswordField";

const ORDER: (keyof NewPasswordFields)[] = ["password", "confirm"];

/** After a recovery link: the new password twice; then the workspace, which says the password was changed. */
export default function SetNewPassword() {
  const [fields, setFields] = useState<NewPasswordFields>({ password: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof NewPasswordFields, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [state, setState] = useState<"editing" | "busy" | "changed">("editing");
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  const bind = (field: keyof NewPasswordFields) => ({
    id: `${id}-${field}`,
    name: field,
    value: fields[field],
    error: errors[field],
    autoComplete: "new-password",
    onChange: (event: { target: { value: string } }) => {
      setFields((current) => ({ ...current, [field]: event.target.value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
      setBanner(null);
    },
  });

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state !== "editing") return;
    const found = validateNewPassword(fields);
    const invalid = firstInvalid(ORDER, found);
    setErrors(found);
    if (invalid) {
      focusField(form.current, invalid);
      return;
    }
    setState("busy");
    const { error } = await setNewPassword(fields.password);
    if (error) {
      setState("editing");
      setBanner(error.message);
      return;
    }
    setState("changed");
    flashToast(authMessages.passwordChanged);
    window.location.replace(AFTER_SIGN_IN);
  };

  return (
    <div className="w-full max-w-md rounded-2xl border border-line bg-surface/80 p-6 sm:p-8">
      <h1 className="text-3xl font-bold tracking-tight">Set a new password</h1>
      <p className="mt-2 text-muted">Choose the password you will sign in with from now on: at least 6 characters.</p>
      <form ref={form} noValidate onSubmit={onSubmit} aria-busy={state === "busy"} className="mt-6 space-y-4">
        <PasswordField {...bind("password")} label="New Password" />
        <PasswordField {...bind("confirm")} label="Confirm New Password" />
        <button type="submit" className="btn-primary w-full aria-disabled:cursor-wait aria-disabled:opacity-60" aria-disabled={state !== "editing" || undefined}>
          {state === "busy" && <Spinner />}
          Set new password
        </button>
        <FormBanner>{banner}</FormBanner>
        <div role="status" className="text-sm">
          {state === "changed" && <p className="rounded-lg border border-success/40 bg-success/10 p-3 text-success">{authMessages.passwordChanged.description}</p>}
        </div>
      </form>
    </div>
  );
}
