/**
 * Invite links to a firm (supabase/migrations/20251129000000_firms.sql): `/login#invite=<token>`, the token in the
 * fragment (as a booking's manage link), so it never reaches a server's logs or a Referer header. The token is 64
 * lower-case hex digits; the database keeps only its SHA-256.
 */
import { LOGIN_PATH } from "../auth/redirect";

/** The roles of a firm. */
export type FirmRole = "admin" | "member";

/** How each role reads on screen. */
export const ROLE_LABELS: Record<FirmRole, string> = { admin: "Admin", member: "Member" };

/** The firm a signed-in invitee would leave, as firm_invite_status tells them: its own records they could take along. */
export interface LeavingFirm {
  id: string;
  name: string;
  /** Whether they are its only member: only then may their records come along. */
  alone: boolean;
  cases: number;
  documents: number;
  knowledge: number;
}

/** What a link is, as firm_invite_status answers; `leaving` only to a signed-in caller in another firm. */
export type InviteStatus =
  | { status: "valid"; firm: string; email: string; role: FirmRole; invitedBy: string; leaving?: LeavingFirm }
  | { status: "used" | "expired" | "revoked" | "unknown" };

/** A valid invite. */
export type ValidInvite = Extract<InviteStatus, { status: "valid" }>;

const TOKEN = /^[0-9a-f]{64}$/;
const FRAGMENT_KEY = "invite";

/** The link an invitee opens: this site's /login with the token in the fragment. */
export function inviteLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}${LOGIN_PATH}#${FRAGMENT_KEY}=${token}`;
}

/**
 * The invite token of a location's fragment (`#invite=<token>`), or null when it holds none or a malformed one. An
 * e-mailed link that Supabase Auth has signed in through may come back with its own fragment after ours
 * (`#invite=<token>#access_token=...`): the token ends where the next part begins.
 */
export function inviteTokenOf(hash: string): string | null {
  for (const part of hash.replace(/^#/, "").split("#")) {
    const token = new URLSearchParams(part).get(FRAGMENT_KEY)?.trim().toLowerCase();
    if (token !== undefined) return TOKEN.test(token) ? token : null;
  }
  return null;
}

/** Whether a value is one of the firm's roles. */
export const isFirmRole = (value: unknown): value is FirmRole => value === "admin" || value === "member";

const recordOf = (value: unknown) => (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
const count = (value: unknown) => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0);

/** The firm to be left, from firm_invite_status's `leaving`; undefined when absent or not what the database sends. */
function parseLeaving(value: unknown): LeavingFirm | undefined {
  const { id, name, alone, cases, documents, knowledge } = recordOf(value);
  if (typeof id !== "string" || typeof name !== "string" || typeof alone !== "boolean") return undefined;
  return { id, name, alone, cases: count(cases), documents: count(documents), knowledge: count(knowledge) };
}

/** Reads firm_invite_status's answer; anything unexpected is an unknown link. */
export function parseInviteStatus(value: unknown): InviteStatus {
  const { status, firm, email, role, invited_by: invitedBy, leaving } = recordOf(value);
  if (status === "valid" && typeof firm === "string" && typeof email === "string" && isFirmRole(role)) {
    const found = parseLeaving(leaving);
    return { status, firm, email, role, invitedBy: typeof invitedBy === "string" ? invitedBy : "an admin of the firm", ...(found ? { leaving: found } : {}) };
  }
  if (status === "used" || status === "expired" || status === "revoked") return { status };
  return { status: "unknown" };
}

/** What the login page says about a link that cannot be used, by its status. */
export const INVITE_PROBLEMS = {
  used: "This invite link has already been used. If that was not you, ask your firm's admin for a new one.",
  expired: "This invite link has expired. Ask your firm's admin for a new one.",
  revoked: "This invite link was withdrawn by your firm's admin. Ask them for a new one.",
  unknown: "This invite link is not valid. Check that you copied all of it, or ask your firm's admin for a new one.",
} as const;

/** The login page's line about a valid link, before sign-in. */
export const inviteWelcome = (status: ValidInvite) =>
  `You are invited to join ${status.firm} as ${status.role === "admin" ? "an admin" : "a member"} by ${status.invitedBy}. Sign in or create an account with ${status.email} to decide.`;

/** What the workspace says after a decision. */
export const INVITE_DECIDED = {
  joined: (firm: string) => ({ title: "Welcome to the firm", description: `You joined ${firm}. Its shared cases and documents are yours to work on.` }),
  declined: (firm: string) => ({ title: "Invite declined", description: `You did not join ${firm}. Nothing was changed.` }),
};

/** What a refused accept_firm_invite means for the person, from the database's message. */
export function acceptProblem(message: string, invitedEmail?: string): string {
  for (const status of ["used", "expired", "revoked", "unknown"] as const) {
    if (message.includes(`invite ${status}`)) return INVITE_PROBLEMS[status];
  }
  if (message.includes("this invite is for")) {
    return `This invite is for ${invitedEmail ?? message.replace(/^.*this invite is for /, "")}. Sign out and sign in with that address to accept it.`;
  }
  if (message.includes("confirm your e-mail")) {
    return "Confirm your e-mail address first: open the link in the e-mail we sent you, then open the invite again.";
  }
  if (message.includes("name the firm you are leaving")) {
    return "Your firm changed while you were deciding. Open the invite link again to see what joining means now.";
  }
  if (message.includes("last admin")) {
    return "You are the last admin of your current firm. Make another member admin there first, then open the link again.";
  }
  return "The invite could not be accepted. Check your connection and open the link again.";
}
