import { describe, expect, it } from "vitest";
import { inviteDecision } from "./inviteDecision";
import { acceptProblem, INVITE_PROBLEMS, inviteLink, inviteTokenOf, inviteWelcome, parseInviteStatus } from "./invites";

const TOKEN = "ab".repeat(32);

describe("invite links", () => {
  it("put the token in the fragment of /login, and read it back from there only", () => {
    expect(inviteLink("https://firm.example/", TOKEN)).toBe(`https://firm.example/login#invite=${TOKEN}`);
    expect(inviteTokenOf(`#invite=${TOKEN}`)).toBe(TOKEN);
    expect(inviteTokenOf(`#invite=${TOKEN.toUpperCase()}`)).toBe(TOKEN);
    expect(inviteTokenOf(`#next=/dash&invite=${TOKEN}`)).toBe(TOKEN);
    // Back from an e-mail link Supabase Auth signed in through, with its own fragment after ours.
    expect(inviteTokenOf(`#invite=${TOKEN}#access_token=abc&type=magiclink`)).toBe(TOKEN);
  });

  it.each(["", "#", "#invite=", `#invite=${TOKEN.slice(1)}`, `#invite=${TOKEN}0`, `#invite=${"g".repeat(64)}`, `#token=${TOKEN}`])(
    "find no token in %j",
    (hash) => expect(inviteTokenOf(hash)).toBeNull(),
  );
});

describe("what a link is", () => {
  it("reads firm_invite_status's answers, and anything else as an unknown link", () => {
    expect(parseInviteStatus({ status: "valid", firm: "Lovelace LLP", email: "carol@firm.test", role: "member", invited_by: "Ada Lovelace" })).toEqual({
      status: "valid",
      firm: "Lovelace LLP",
      email: "carol@firm.test",
      role: "member",
      invitedBy: "Ada Lovelace",
    });
    const leaving = { id: "f1", name: "Carol's firm", alone: true, cases: 2, documents: 1, knowledge: 0 };
    expect(parseInviteStatus({ status: "valid", firm: "L", email: "c@f.test", role: "admin", invited_by: "Ada", leaving })).toMatchObject({ leaving });
    // A leaving firm that is not what the database sends is left out; the accept then names none, and is refused.
    expect(parseInviteStatus({ status: "valid", firm: "L", email: "c@f.test", role: "admin", leaving: { id: 7 } })).toEqual({
      status: "valid",
      firm: "L",
      email: "c@f.test",
      role: "admin",
      invitedBy: "an admin of the firm",
    });
    for (const status of ["used", "expired", "revoked", "unknown"] as const) expect(parseInviteStatus({ status })).toEqual({ status });
    expect(parseInviteStatus({ status: "valid", firm: "x", email: "y", role: "owner" })).toEqual({ status: "unknown" });
    expect(parseInviteStatus(null)).toEqual({ status: "unknown" });
  });

  const VALID = { status: "valid", firm: "Lovelace LLP", email: "carol@firm.test", role: "admin", invitedBy: "Ada Lovelace" } as const;
  const LEAVING = { id: "f1", name: "Carol Clerk's firm", alone: true, cases: 2, documents: 1, knowledge: 0 };

  it("welcomes the invitee by firm, role, who invited and the address to use", () => {
    expect(inviteWelcome(VALID)).toBe(
      "You are invited to join Lovelace LLP as an admin by Ada Lovelace. Sign in or create an account with carol@firm.test to decide.",
    );
    expect(inviteWelcome({ ...VALID, role: "member" })).toContain("as a member by");
  });

  it.each([
    ["signed in to no firm", undefined, "Join Lovelace LLP, invited by Ada Lovelace.", null, null],
    [
      "the only member, with records",
      LEAVING,
      "Join Lovelace LLP, invited by Ada Lovelace. You will leave Carol Clerk's firm.",
      "Take my own records to Lovelace LLP (2 cases, 1 document, 0 knowledge items)",
      "Left unticked, they stay in Carol Clerk's firm, which you will no longer open.",
    ],
    ["the only member, with nothing", { ...LEAVING, cases: 0, documents: 0 }, "Join Lovelace LLP, invited by Ada Lovelace. You will leave Carol Clerk's firm.", null, null],
    [
      "one of several members",
      { ...LEAVING, alone: false, knowledge: 1 },
      "Join Lovelace LLP, invited by Ada Lovelace. You will leave Carol Clerk's firm.",
      null,
      "What you made in Carol Clerk's firm stays with it.",
    ],
  ])("asks Join or Decline, %s", (_, leaving, question, records, stays) => {
    expect(inviteDecision({ ...VALID, ...(leaving ? { leaving } : {}) })).toEqual({ question, records, stays });
  });

  it("says which of used, expired, revoked, another address or the last admin stopped an accept", () => {
    expect(acceptProblem("invite used")).toBe(INVITE_PROBLEMS.used);
    expect(acceptProblem("invite expired")).toBe(INVITE_PROBLEMS.expired);
    expect(acceptProblem("invite revoked")).toBe(INVITE_PROBLEMS.revoked);
    expect(acceptProblem("invite unknown")).toBe(INVITE_PROBLEMS.unknown);
    expect(acceptProblem("this invite is for carol@firm.test", "carol@firm.test")).toBe(
      "This invite is for carol@firm.test. Sign out and sign in with that address to accept it.",
    );
    expect(acceptProblem("the last admin of a firm cannot leave it")).toMatch(/last admin of your current firm/);
    expect(acceptProblem("confirm your e-mail address before accepting an invite")).toBe(
      "Confirm your e-mail address first: open the link in the e-mail we sent you, then open the invite again.",
    );
    expect(acceptProblem("name the firm you are leaving to accept an invite")).toBe(
      "Your firm changed while you were deciding. Open the invite link again to see what joining means now.",
    );
    expect(acceptProblem("Failed to fetch")).toBe("The invite could not be accepted. Check your connection and open the link again.");
  });
});
