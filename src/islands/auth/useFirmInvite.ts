import { useCallback, useEffect, useState } from "react";
import { acceptProblem, INVITE_PROBLEMS, inviteTokenOf, inviteWelcome } from "../../lib/firm/invites";
import { authBackend } from "../../stores/auth";
import { flashToast } from "../../stores/toasts";

/** Where a link's token waits while the invitee signs up (the confirmation e-mail brings them back to /login). */
const PENDING_KEY = "firm-invite";

/** The demo has no firm to join. */
export const DEMO_INVITE =
  "Invites work on your firm's Supabase project. This demo is a firm of one, so there is no firm to join here.";

export type FirmInvite =
  | { state: "none" }
  | { state: "checking" }
  | { state: "valid"; message: string; email: string }
  | { state: "problem"; message: string };

function pendingToken(): string | null {
  try {
    const fromLink = inviteTokenOf(window.location.hash);
    if (fromLink) {
      sessionStorage.setItem(PENDING_KEY, fromLink);
      // The token leaves the address bar (and the history entry) as soon as it is read.
      history.replaceState(history.state, "", window.location.pathname + window.location.search);
      return fromLink;
    }
    return sessionStorage.getItem(PENDING_KEY);
  } catch {
    return inviteTokenOf(window.location.hash);
  }
}

function forget() {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}

/**
 * /login#invite=<token>: says what the link is (valid for whom, or used, expired, revoked), and once the invitee is
 * signed in, joins them to the firm. The token is kept for this tab only until it is used.
 */
export function useFirmInvite() {
  const [invite, setInvite] = useState<FirmInvite>({ state: "none" });
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    const found = pendingToken();
    if (!found) return;
    setToken(found);
    setInvite({ state: "checking" });
    void authBackend()
      .then(async (backend) => {
        const api = backend.firmApi?.();
        if (!api) return setInvite({ state: "problem", message: DEMO_INVITE });
        const status = await api.inviteStatus(found);
        if (status.status === "valid") setInvite({ state: "valid", message: inviteWelcome(status), email: status.email });
        else {
          forget();
          setInvite({ state: "problem", message: INVITE_PROBLEMS[status.status] });
        }
      })
      .catch(() => setInvite({ state: "problem", message: "The invite could not be checked. Check your connection and reload the page." }));
  }, []);

  /** Joins the signed-in user to the invite's firm; whether they joined (a refusal is shown instead). */
  const accept = useCallback(async (): Promise<boolean> => {
    if (!token || invite.state !== "valid") return false;
    const api = (await authBackend()).firmApi?.();
    try {
      if (!api) throw new Error("no firm");
      await api.acceptInvite(token);
    } catch (error) {
      const message = acceptProblem(error instanceof Error ? error.message : "", invite.email);
      if (!message.startsWith("This invite is for")) forget();
      setInvite({ state: "problem", message });
      return false;
    }
    forget();
    flashToast({ title: "Welcome to the firm", description: "You joined your firm's workspace. Its shared cases and documents are yours to work on." });
    return true;
  }, [token, invite]);

  return { invite, accept };
}
