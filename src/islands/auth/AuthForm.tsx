import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useId, useReducer, useRef, useState, type ChangeEvent, type SubmitEvent } from "react";
import {
  AUTH_FIELD_ORDER,
  INITIAL_AUTH_FORM,
  authFormReducer,
  validateAuthForm,
  type AuthFields,
} from "../../lib/auth/form";
import { safeNextPath } from "../../lib/auth/redirect";
import { isDemoMode } from "../../lib/auth/config";
import { $auth, $recovering, signIn, signUp } from "../../stores/auth";
import TextField from "../../ui/TextField";
import AuthModeToggle from "./AuthModeToggle";
import ForgotPassword from "./ForgotPassword";
import SetNewPassword from "./SetNewPassword";
import PasswordField from "./PasswordField";
import Spinner from "../../ui/Spinner";
import { useHydrated } from "../../ui/useHydrated";
import FormBanner from "../../ui/FormBanner";
import { focusField } from "../../ui/focusField";
import { firstInvalid } from "../../lib/validation";
import { useFirmInvite } from "./useFirmInvite";

/** The Join or Decline dialog: loaded only when an invite link is opened signed in, never for a plain sign-in. */
const InviteDecision = lazy(() => import("./InviteDecision"));

const COPY = {
  signIn: { heading: "Welcome Back", intro: "Sign in to your legal assistant workspace.", submit: "Sign In" },
  signUp: { heading: "Create Account", intro: "Set up your legal assistant workspace.", submit: "Create Account" },
} as const;

/** Where a sign-in goes on to: the page the guard sent us from, or the dashboard. */
const goOn = () => window.location.replace(safeNextPath(new URLSearchParams(window.location.search).get("next"), window.location.origin));

/** The /login form: Log In / Sign Up, validated per field, with the provider's answer in a banner. */
export default function AuthForm() {
  const { loading, user } = useStore($auth);
  const recovering = useStore($recovering);
  const [state, dispatch] = useReducer(authFormReducer, INITIAL_AUTH_FORM);
  const [forgot, setForgot] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const hydrated = useHydrated();
  const { mode, fields, errors, banner, busy } = state;
  const copy = COPY[mode];
  const { invite, join, decline } = useFirmInvite(user?.id ?? null);

  // Signed in (before, just now, or in another tab): go on to the page the guard sent us from, or the dashboard.
  // A password-recovery link signs in too, but the new password comes first. An invite link waits for Join or
  // Decline (InviteDecision); one that cannot be used stays on screen, with a way on.
  useEffect(() => {
    if (loading || !user || recovering || invite.state !== "none") return;
    goOn();
  }, [loading, user, recovering, invite]);

  /** Join: on success the page moves on to where a sign-in goes; else the reason, shown in the dialog. */
  const onJoin = async (takeRecords: boolean) => {
    const outcome = await join(takeRecords);
    if (!outcome.joined) return outcome.message;
    goOn();
    return null;
  };

  /** What ties an input to its slot of the form state: name, value, error, and the edit action. */
  const bind = (field: keyof AuthFields) => ({
    id: `${id}-${field}`,
    name: field,
    value: fields[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => dispatch({ type: "edit", field, value: event.target.value }),
  });

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateAuthForm(mode, fields);
    const invalid = firstInvalid(AUTH_FIELD_ORDER, found);
    if (invalid) {
      dispatch({ type: "invalid", errors: found });
      focusField(formRef.current, invalid);
      return;
    }
    dispatch({ type: "submit" });
    if (mode === "signUp") {
      const { error } = await signUp(fields.email, fields.password, fields.fullName);
      dispatch(error ? { type: "failed", message: error.message } : { type: "signedUp" });
      return;
    }
    const { error } = await signIn(fields.email, fields.password);
    // On success the store's new user moves the visitor on (the effect above); the button stays busy.
    if (error) dispatch({ type: "failed", message: error.message });
  };

  if (recovering) return <SetNewPassword />;
  if (forgot) {
    return (
      <ForgotPassword
        demo={isDemoMode}
        email={fields.email}
        onBack={() => setForgot(false)}
        onSignUp={() => {
          setForgot(false);
          dispatch({ type: "toggle", mode: "signUp" });
        }}
      />
    );
  }

  return (
    <div className="w-full max-w-md rounded-2xl border border-line bg-surface/80 p-6 sm:p-8">
      <h1 className="text-3xl font-bold tracking-tight">{copy.heading}</h1>
      <p className="mt-2 text-muted">{copy.intro}</p>
      {invite.state === "valid" && user && invite.askedAs === user.id && (
        <Suspense fallback={null}>
          <InviteDecision status={invite.status} onJoin={onJoin} onDecline={decline} />
        </Suspense>
      )}
      {invite.state === "valid" && (
        <p role="status" className="mt-4 rounded-lg border border-accent/40 bg-accent/10 p-3 text-sm">
          {invite.message}
        </p>
      )}
      <AuthModeToggle mode={mode} disabled={busy || !hydrated} onChange={(next) => dispatch({ type: "toggle", mode: next })} />
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy} className="mt-6 space-y-4">
        <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
          {mode === "signUp" && <TextField {...bind("fullName")} label="Full Name" autoComplete="name" />}
          <TextField {...bind("email")} type="email" label="Email Address" autoComplete="email" />
          <PasswordField
            {...bind("password")}
            label="Password"
            autoComplete={mode === "signUp" ? "new-password" : "current-password"}
          />
          {mode === "signIn" && (
            <p className="-mt-2 text-right">
              <button type="button" onClick={() => setForgot(true)} className="text-sm font-medium text-accent underline disabled:opacity-60" disabled={busy}>
                Forgot password?
              </button>
            </p>
          )}
          <button type="submit" className="btn-primary w-full aria-disabled:cursor-wait aria-disabled:opacity-60" aria-disabled={busy || undefined}>
            {busy && <Spinner />}
            {copy.submit}
          </button>
        </fieldset>
        {/* One alert region: the form's refusal, or else why an invite link cannot be used. */}
        <FormBanner>{banner?.kind === "error" ? banner.text : invite.state === "problem" && invite.message}</FormBanner>
        {invite.state === "problem" && user && (
          <a href="/dash" className="inline-block text-sm font-medium text-accent underline">
            Go to your workspace
          </a>
        )}
        <div role="status" className="text-sm">
          {banner?.kind === "success" && (
            <p className="rounded-lg border border-success/40 bg-success/10 p-3 text-success">{banner.text}</p>
          )}
        </div>
      </form>
    </div>
  );
}
