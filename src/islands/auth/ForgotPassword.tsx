import { useId, useRef, useState, type SubmitEvent } from "react";
import { authMessages } from "../../lib/auth/messages";
import { LOGIN_PATH } from "../../lib/auth/redirect";
import { validateEmail } from "../../lib/validation";
import { requestPasswordReset } from "../../stores/auth";
import FormBanner from "../../ui/FormBanner";
import Spinner from "../../ui/Spinner";
import TextField from "../../ui/TextField";

interface ForgotPasswordProps {
  /** Demo mode: no e-mail can be sent, so the page explains instead of asking. */
  demo: boolean;
  /** The e-mail typed on Log In, to start from. */
  email: string;
  onBack: () => void;
  onSignUp: () => void;
}

/** 'Forgot password?': the e-mail with a link to set a new password, and one neutral answer whatever the address. */
export default function ForgotPassword({ demo, email: typed, onBack, onSignUp }: ForgotPasswordProps) {
  const [email, setEmail] = useState(typed);
  const [error, setError] = useState<string | undefined>();
  const [banner, setBanner] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const id = useId();

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const invalid = validateEmail(email);
    setError(invalid);
    if (invalid) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    setBanner(null);
    setSent(false);
    // The link comes back to /login, where supabase-js exchanges its one-time code and signals the recovery.
    const result = await requestPasswordReset(email, new URL(LOGIN_PATH, window.location.origin).href);
    setBusy(false);
    if (result.error) setBanner(result.error.message);
    else setSent(true);
  };

  const back = (
    <button type="button" onClick={onBack} className="text-sm font-medium text-accent underline">
      Back to Log In
    </button>
  );

  return (
    <div className="w-full max-w-md rounded-2xl border border-line bg-surface/80 p-6 sm:p-8">
      <h1 className="text-3xl font-bold tracking-tight">Reset your password</h1>
      {demo ? (
        <>
          <p className="mt-3 text-muted">{authMessages.recoveryUnavailable}</p>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <button type="button" onClick={onSignUp} className="btn-primary">
              Sign Up
            </button>
            {back}
          </div>
        </>
      ) : (
        <>
          <p className="mt-2 text-muted">Enter the e-mail address of your account. We will send it a link to set a new password.</p>
          <form noValidate onSubmit={onSubmit} aria-busy={busy} className="mt-6 space-y-4">
            <TextField
              ref={input}
              id={`${id}-email`}
              name="email"
              type="email"
              label="Email Address"
              autoComplete="email"
              value={email}
              error={error}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(undefined);
                setBanner(null);
                setSent(false);
              }}
            />
            <button type="submit" className="btn-primary w-full aria-disabled:cursor-wait aria-disabled:opacity-60" aria-disabled={busy || undefined}>
              {busy && <Spinner />}
              Send reset link
            </button>
            <FormBanner>{banner}</FormBanner>
            <div role="status" className="text-sm">
              {sent && <p className="rounded-lg border border-success/40 bg-success/10 p-3 text-success">{authMessages.resetRequested}</p>}
            </div>
          </form>
          <div className="mt-4">{back}</div>
        </>
      )}
    </div>
  );
}
