import { useCallback, useEffect, useState } from "react";
import { acceptProblem, INVITE_DECIDED, INVITE_PROBLEMS, inviteTokenOf, inviteWelcome, type ValidInvite } from "../../lib/firm/invites";
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
  /** `askedAs`: the user it was asked as (null: signed out), whose firm `status.leaving` is. */
  | { state: "valid"; message: string; status: ValidInvite; askedAs: string | null }
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
 * /login#invite=<token>: says what the link is (valid for whom, or used, expired, revoked). Once the invitee is signed
 * in it is asked again as them (the firm they would leave, what could come along), and nothing happens until they
 * choose: `join` (with or without their own records) or `decline`. The token is kept for this tab only until then.
 */
export function useFirmInvite(userId: string | null) {
  const [invite, setInvite] = useState<FirmInvite>({ state: "none" });
  const [token, setToken] = useState<string | null>(null);

  // Read once the page runs (never on the server, which has no address bar).
  useEffect(() => {
    const found = pendingToken();
    if (!found) return;
    setToken(found);
    setInvite({ state: "checking" });
  }, []);

  useEffect(() => {
    if (!token) return;
    let current = true;
    setInvite({ state: "checking" });
    void authBackend()
      .then(async (backend) => {
        const api = backend.firmApi?.();
        if (!api) return current && setInvite({ state: "problem", message: DEMO_INVITE });
        const status = await api.inviteStatus(token);
        if (!current) return;
        if (status.status === "valid") setInvite({ state: "valid", message: inviteWelcome(status), status, askedAs: userId });
        else {
          forget();
          setInvite({ state: "problem", message: INVITE_PROBLEMS[status.status] });
        }
      })
      .catch(() => current && setInvite({ state: "problem", message: "The invite could not be checked. Check your connection and reload the page." }));
    return () => {
      current = false;
    };
    // Asked again as whoever signs in: the firm they would leave is theirs.
  }, [token, userId]);

  /** Joins the signed-in user to the invite's firm, leaving the one they were shown; whether they joined. */
  const join = useCallback(
    async (takeRecords: boolean): Promise<{ joined: true } | { joined: false; message: string }> => {
      if (!token || invite.state !== "valid") return { joined: false, message: acceptProblem("") };
      const { status } = invite;
      try {
        const api = (await authBackend()).firmApi?.();
        if (!api) throw new Error("no firm");
        await api.acceptInvite(token, status.leaving?.id ?? null, takeRecords && status.leaving?.alone === true);
      } catch (error) {
        return { joined: false, message: acceptProblem(error instanceof Error ? error.message : "", status.email) };
      }
      forget();
      flashToast(INVITE_DECIDED.joined(status.firm));
      return { joined: true };
    },
    [token, invite],
  );

  /** Declines: nothing changes, the token is forgotten, and the page goes on as after any sign-in. */
  const decline = useCallback(() => {
    if (invite.state !== "valid") return;
    forget();
    flashToast(INVITE_DECIDED.declined(invite.status.firm));
    setInvite({ state: "none" });
  }, [invite]);

  return { invite, join, decline };
}
