import type { PGlite } from "@electric-sql/pglite";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirmApi, type FirmApi } from "../../../src/lib/firm/firmApi";
import type { FakeServer } from "../../e2e/fixtures/server";
import { serveDataApi } from "../../fixtures/postgrest";
import { migratedDb, signUp } from "./harness";

// Settings' firm API (src/lib/firm/firmApi.ts) through supabase-js, over HTTP to the fake data API on the migrated
// database: what the browser sends is what row-level security and the firm's functions decide.

const ANON_KEY = "anon-key";
let db: PGlite;
let server: FakeServer;
let ada: string;
let bob: string;

const apiOf = (user: string | null): FirmApi =>
  createFirmApi(
    createClient(server.url, ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      ...(user ? { global: { headers: { Authorization: `Bearer user:${user}` } } } : {}),
    }),
  );

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@firm.test", { full_name: "Ada Lovelace" });
  bob = await signUp(db, "bob@firm.test", { full_name: "Bob Byron" });
  server = await serveDataApi(db, ANON_KEY);
}, 120_000);

const firmOf = async (user: string) =>
  (await db.query<{ firm_id: string }>("select firm_id from public.firm_members where user_id = $1", [user])).rows[0]!.firm_id;

afterAll(async () => {
  await server.close();
});

describe("the firm API over supabase-js", () => {
  it("invites, lets the invitee check and accept the link, and shows the firm with its members", async () => {
    const { token } = await apiOf(ada).invite("bob@firm.test", "member");
    const valid = { status: "valid", firm: "Ada Lovelace's firm", email: "bob@firm.test", role: "member", invitedBy: "Ada Lovelace" };
    expect(await apiOf(null).inviteStatus(token)).toEqual(valid);
    // Signed in, Bob is told the firm he would leave, which the accept must name.
    const asBob = await apiOf(bob).inviteStatus(token);
    const leaving = { id: await firmOf(bob), name: "Bob Byron's firm", alone: true, cases: 0, documents: 0, knowledge: 0 };
    expect(asBob).toEqual({ ...valid, leaving });
    expect((await apiOf(ada).load()).invites).toEqual([expect.objectContaining({ email: "bob@firm.test", role: "member" })]);
    await expect(apiOf(bob).acceptInvite(token, null, false)).rejects.toThrow(/name the firm you are leaving/);
    await apiOf(bob).acceptInvite(token, leaving.id, false);
    expect(await apiOf(null).inviteStatus(token)).toEqual({ status: "used" });
    await expect(apiOf(bob).acceptInvite(token, await firmOf(bob), false)).rejects.toThrow(/invite used/);
    const seen = await apiOf(bob).load();
    expect(seen.firm).toEqual({ name: "Ada Lovelace's firm", address: "", plan: "Professional", seats: 5 });
    expect(seen.people.map((p) => [p.fullName, p.email, p.role])).toEqual([
      ["Ada Lovelace", "ada@firm.test", "admin"],
      ["Bob Byron", "bob@firm.test", "member"],
    ]);
    expect(seen.invites).toEqual([]);
  });

  it("says a member's role change, removal and revoke are refused; an admin's go through", async () => {
    await expect(apiOf(bob).changeRole(ada, "member")).rejects.toThrow(/only admins change roles/);
    await expect(apiOf(bob).invite("carol@firm.test", "member")).rejects.toThrow(/only a firm's admins/);
    const { token } = await apiOf(ada).invite("carol@firm.test", "member");
    const pending = (await apiOf(ada).load()).invites.find((i) => i.email === "carol@firm.test")!;
    await expect(apiOf(bob).revokeInvite(pending.id)).rejects.toThrow(/only admins revoke invites/);
    await apiOf(ada).revokeInvite(pending.id);
    expect(await apiOf(null).inviteStatus(token)).toEqual({ status: "revoked" });
    await expect(apiOf(ada).changeRole(ada, "member")).rejects.toThrow(/last admin/);
    await apiOf(ada).changeRole(bob, "admin");
    await apiOf(ada).remove(bob);
    expect((await apiOf(ada).load()).people.map((p) => p.email)).toEqual(["ada@firm.test"]);
    expect((await apiOf(bob).load()).people.map((p) => [p.email, p.role])).toEqual([["bob@firm.test", "admin"]]);
  });
});

describe("case members over supabase-js", () => {
  it("adds and removes members of a case, which then reads for them, and refuses a member who does not manage it", async () => {
    const carol = await signUp(db, "carol@firm.test", { full_name: "Carol Clerk" });
    await apiOf(carol).acceptInvite((await apiOf(ada).invite("carol@firm.test", "member")).token, await firmOf(carol), false);
    await db.query("insert into public.cases (owner_id, id, title, docket_no, sharing) values ($1, 'case-wall', 'Wall', 'W-1', 'members')", [ada]);
    await apiOf(ada).changeCaseMembers(ada, "case-wall", [carol], []);
    expect(await apiOf(carol).caseMembers()).toEqual([{ caseOwner: ada, caseId: "case-wall", userId: carol }]);
    await expect(apiOf(carol).changeCaseMembers(ada, "case-wall", [], [carol])).rejects.toThrow(/only the case's creator or an admin/);
    await apiOf(ada).changeCaseMembers(ada, "case-wall", [], [carol]);
    expect(await apiOf(carol).caseMembers()).toEqual([]);
    expect(await apiOf(ada).caseMembers()).toEqual([]);
  });
});
