import { describe, expect, it } from "vitest";
import type { FirmApi, FirmSnapshot } from "../../lib/firm/firmApi";
import { createFirmStore, FIRM_MESSAGES } from "./firmStore";

const SNAPSHOT: FirmSnapshot = {
  firm: { name: "Lovelace LLP", address: "Paphos", plan: "Professional", seats: 5 },
  people: [
    { userId: "ada", fullName: "Ada Lovelace", email: "ada@firm.test", role: "admin", joinedAt: "2026-01-01T00:00:00Z" },
    { userId: "bob", fullName: "Bob Byron", email: "bob@firm.test", role: "member", joinedAt: "2026-02-01T00:00:00Z" },
  ],
  invites: [],
};

function fakeApi(overrides: Partial<FirmApi> = {}) {
  const calls: string[] = [];
  const api: FirmApi = {
    load: () => Promise.resolve(SNAPSHOT),
    invite: (email, role) => (calls.push(`invite ${email} ${role}`), Promise.resolve({ token: "ab".repeat(32) })),
    changeRole: (userId, role) => (calls.push(`role ${userId} ${role}`), Promise.resolve()),
    remove: (userId) => (calls.push(`remove ${userId}`), Promise.resolve()),
    revokeInvite: (id) => (calls.push(`revoke ${id}`), Promise.resolve()),
    inviteStatus: () => Promise.resolve({ status: "unknown" }),
    acceptInvite: () => Promise.resolve(),
    emailInvite: (token) => (calls.push(`email ${token.slice(0, 4)}`), Promise.resolve()),
    caseMembers: () => Promise.resolve([]),
    changeCaseMembers: (caseOwner, caseId, add, remove) => (calls.push(`members ${caseOwner} ${caseId} +${add.join(",")} -${remove.join(",")}`), Promise.resolve()),
    ...overrides,
  };
  return { api, calls };
}

const storeWith = (api: FirmApi | undefined, userId = "ada", demo = false) =>
  createFirmStore({ demo, api: () => Promise.resolve(api), userId: () => userId, origin: () => "https://firm.example" });

describe("the firm store", () => {
  it("is a firm of one in the demo, from the start, and never asks for an API", async () => {
    const store = createFirmStore({ demo: true, api: () => Promise.reject(new Error("asked")), userId: () => "ada", origin: () => "" });
    expect(store.$firm.get()).toEqual({ state: "demo" });
    await store.load();
    expect(store.$firm.get()).toEqual({ state: "demo" });
  });

  it("loads the firm with the user's own role, and says when it cannot", async () => {
    const admin = storeWith(fakeApi().api);
    expect(admin.$firm.get()).toEqual({ state: "loading" });
    await admin.load();
    expect(admin.$firm.get()).toEqual({ state: "ready", snapshot: SNAPSHOT, me: "admin", userId: "ada" });
    const member = storeWith(fakeApi().api, "bob");
    await member.load();
    expect(member.$firm.get()).toMatchObject({ me: "member" });
    const broken = storeWith(fakeApi({ load: () => Promise.reject(new Error("Failed to fetch")) }).api);
    await broken.load();
    expect(broken.$firm.get()).toEqual({ state: "failed", message: FIRM_MESSAGES.loadFailed });
  });

  it("gives an invite's link once, with the e-mail trimmed", async () => {
    const { api, calls } = fakeApi();
    const made = await storeWith(api).invite("  carol@firm.test ", "member");
    expect(made).toEqual({ link: `https://firm.example/login#invite=${"ab".repeat(32)}`, token: "ab".repeat(32) });
    expect(calls).toEqual(["invite carol@firm.test member"]);
  });

  it("e-mails the invite too where the project sends invites, and still gives the link when the e-mail fails", async () => {
    const { api, calls } = fakeApi();
    const emailing = createFirmStore({ demo: false, inviteEmails: true, api: () => Promise.resolve(api), userId: () => "ada", origin: () => "https://firm.example" });
    expect(await emailing.invite("carol@firm.test", "admin")).toMatchObject({ emailed: true, link: expect.stringContaining("#invite=") });
    expect(calls).toEqual(["invite carol@firm.test admin", "email abab"]);
    const failing = fakeApi({ emailInvite: () => Promise.reject(new Error("502")) });
    const store = createFirmStore({ demo: false, inviteEmails: true, api: () => Promise.resolve(failing.api), userId: () => "ada", origin: () => "https://firm.example" });
    expect(await store.invite("carol@firm.test", "member")).toMatchObject({ emailed: false, link: expect.stringContaining("#invite=") });
    expect(await storeWith(fakeApi().api).invite("carol@firm.test", "member")).not.toHaveProperty("emailed");
  });

  it.each([
    ["the last admin cannot leave it or stop being an admin", FIRM_MESSAGES.lastAdmin],
    ["carol@firm.test is already a member of the firm", "carol@firm.test is already a member of the firm."],
    ['new row for relation "firm_invites" violates check constraint "firm_invites_email_check"', FIRM_MESSAGES.badEmail],
    ["permission denied: only a firm's admins invite", FIRM_MESSAGES.notAdmin],
    ["too many pending invites: a firm has at most 20 pending invites", "Your firm has 20 pending invites, the most it may have: revoke one, or wait until one is used or expires."],
    ["too many invites today: a firm makes at most 50 invites a day", "Your firm has made 50 invites today, the most it may: try again tomorrow."],
    ["Failed to fetch", FIRM_MESSAGES.failed],
  ])("says what a refusal means: %s", async (message, shown) => {
    const { api } = fakeApi({ invite: () => Promise.reject(new Error(message)) });
    expect(await storeWith(api).invite("carol@firm.test", "member")).toEqual({ error: shown });
  });

  it("changes a role, removes a member and revokes an invite, reloading after each", async () => {
    let loads = 0;
    const { api, calls } = fakeApi({ load: () => (loads++, Promise.resolve(SNAPSHOT)) });
    const store = storeWith(api);
    expect(await store.changeRole("bob", "admin")).toEqual({ error: null });
    expect(await store.remove("bob")).toEqual({ error: null });
    expect(await store.revokeInvite("i1")).toEqual({ error: null });
    expect(calls).toEqual(["role bob admin", "remove bob", "revoke i1"]);
    expect(loads).toBe(3);
  });
});

describe("the members of cases", () => {
  it("keeps each case's members besides its creator, keyed by whose case it is, and changes only the difference", async () => {
    let rows = [
      { caseOwner: "ada", caseId: "case-own", userId: "bob" },
      { caseOwner: "ada", caseId: "case-own", userId: "ada" },
      { caseOwner: "bob", caseId: "case-bobs", userId: "carol" },
    ];
    const { api, calls } = fakeApi({ caseMembers: () => Promise.resolve(rows) });
    const store = storeWith(api);
    await store.loadCaseMembers();
    expect([...store.$caseMembers.get()]).toEqual([
      ["|case-own", ["bob"]],
      ["bob|case-bobs", ["carol"]],
    ]);
    expect(store.caseKey(undefined, "case-own")).toBe("|case-own");
    expect(store.caseKey("ada", "case-own")).toBe("|case-own");
    rows = [{ caseOwner: "ada", caseId: "case-own", userId: "carol" }];
    expect(await store.setCaseMembers(undefined, "case-own", ["carol", "ada"])).toEqual({ error: null });
    expect(calls).toEqual(["members ada case-own +carol -bob"]);
    expect(store.$caseMembers.get().get("|case-own")).toEqual(["carol"]);
  });
});
