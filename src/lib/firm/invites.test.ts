import { describe, expect, it } from "vitest";
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
    expect(parseInviteStatus({ status: "valid", firm: "Lovelace LLP", email: "carol@firm.test", role: "member" })).toEqual({
      status: "valid",
      firm: "Lovelace LLP",
      email: "carol@firm.test",
      role: "member",
    });
    for (const status of ["used", "expired", "revoked", "unknown"] as const) expect(parseInviteStatus({ status })).toEqual({ status });
    expect(parseInviteStatus({ status: "valid", firm: "x", email: "y", role: "owner" })).toEqual({ status: "unknown" });
    expect(parseInviteStatus(null)).toEqual({ status: "unknown" });
  });

  it("welcomes the invitee by firm, role and the address to use", () => {
    expect(inviteWelcome({ status: "valid", firm: "Lovelace LLP", email: "carol@firm.test", role: "admin" })).toBe(
      "You are invited to join Lovelace LLP as an admin. Sign in or create an account with carol@firm.test to accept.",
    );
    expect(inviteWelcome({ status: "valid", firm: "Lovelace LLP", email: "carol@firm.test", role: "member" })).toContain("as a member.");
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
    expect(acceptProblem("Failed to fetch")).toBe("The invite could not be accepted. Check your connection and open the link again.");
  });
});
