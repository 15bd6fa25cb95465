import type { PGlite, Transaction } from "@electric-sql/pglite";
import { beforeEach, describe, expect, it } from "vitest";
import { asRole, migratedDb, signUp } from "./harness";

// Joining a firm is a decision, and invites are no mail cannon (supabase/migrations/20251201000100_invite_decision.sql,
// issue 43): Mallory signs up (a firm of one, so its admin) and invites Vic, who is the last member of Vic's firm,
// where Wes, a former colleague, left a case behind. Each test starts from a new copy of that database.

type Row = Record<string, unknown>;

let db: PGlite;
let vic: string;
let wes: string;
let mallory: string;

const as = <T>(user: string | null, run: (tx: Transaction) => Promise<T>) => asRole(db, user ? "authenticated" : "anon", user, run);
const one = async <T>(user: string | null, sql: string, params: unknown[] = []) =>
  (await as(user, (tx) => tx.query<{ r: T }>(sql, params))).rows[0]!.r;
const ids = async (user: string, sql: string) => (await as(user, (tx) => tx.query<Row>(sql))).rows.map((r) => String(Object.values(r)[0])).sort();

const insert = (tx: Transaction, table: string, row: Row) => {
  const columns = Object.keys(row);
  return tx.query(`insert into public.${table} (${columns.join(", ")}) values (${columns.map((_, i) => `$${String(i + 1)}`).join(", ")})`, Object.values(row));
};

const firmOf = async (user: string) => (await db.query<{ firm_id: string }>("select firm_id from public.firm_members where user_id = $1", [user])).rows[0]?.firm_id;
const invite = (admin: string, email: string) => one<{ token: string; id: string }>(admin, "select public.create_firm_invite($1) as r", [email]);
const accept = (user: string, token: string, leaving: string | undefined, take = false) =>
  one<Row>(user, "select public.accept_firm_invite($1, $2, $3) as r", [token, leaving, take]);

/** Everything of Vic's firm a user reads: cases, documents, pages, originals and Internal knowledge. */
async function readsOfVicsFirm(user: string): Promise<string[]> {
  return ids(
    user,
    `select 'case:' || id from public.cases where id like 'vic-%' or id like 'wes-%'
     union all select 'doc:' || id from public.documents where id like 'vic-%'
     union all select 'page:' || document_id from public.document_pages where document_id like 'vic-%'
     union all select 'file:' || name from storage.objects where name like '%/vic-%'
     union all select 'kb:' || id from public.knowledge_items where id like 'vic-%'`,
  );
}

beforeEach(async () => {
  db = await migratedDb();
  vic = await signUp(db, "vic@victim.test", { full_name: "Vic Tim" });
  wes = await signUp(db, "wes@victim.test", { full_name: "Wes Gone" });
  mallory = await signUp(db, "mallory@attacker.test", { full_name: "Mallory Mal" });
  // Wes joins Vic's firm, files a firm-wide case, and leaves: the case stays with the firm.
  await accept(wes, (await invite(vic, "wes@victim.test")).token, await firmOf(wes));
  await as(wes, (tx) => insert(tx, "cases", { id: "wes-case", title: "Wes's matter", docket_no: "W-1", sharing: "firm" }));
  await as(wes, (tx) => tx.query("delete from public.firm_members where user_id = auth.uid()"));
  await as(vic, async (tx) => {
    await insert(tx, "cases", { id: "vic-case", title: "Vic's matter", docket_no: "V-1", sharing: "firm" });
    await insert(tx, "documents", { id: "vic-doc", title: "Lease", file_name: "lease.pdf", kind: "pdf", case_id: "vic-case", storage_path: `${vic}/vic-doc/lease.pdf` });
    await insert(tx, "document_pages", { document_id: "vic-doc", page_number: 1, text: "The landlord keeps the deposit." });
    await tx.query("insert into storage.objects (bucket_id, name, owner) values ('documents', $1, auth.uid())", [`${vic}/vic-doc/lease.pdf`]);
    await insert(tx, "knowledge_items", { id: "vic-kb", title: "Billing guide", type: "internal", description: "How we bill", source: "Firm" });
  });
}, 60_000);

describe("accepting an invite", () => {
  it("is refused when the accept does not name the firm being left (a token alone joins nobody)", async () => {
    const { token } = await invite(mallory, "vic@victim.test");
    const vicsFirm = await firmOf(vic);
    await expect(as(vic, (tx) => tx.query("select public.accept_firm_invite($1)", [token]))).rejects.toThrow(/name the firm you are leaving/);
    await expect(accept(vic, token, await firmOf(mallory))).rejects.toThrow(/name the firm you are leaving/);
    expect(await firmOf(vic)).toBe(vicsFirm);
    expect(await readsOfVicsFirm(mallory)).toEqual([]);
  });

  it("moves nothing when the person joins without taking their records; the firm left keeps them", async () => {
    const { token } = await invite(mallory, "vic@victim.test");
    const vicsFirm = await firmOf(vic);
    expect(await accept(vic, token, vicsFirm)).toMatchObject({ firm_id: await firmOf(mallory), moved: false });
    expect(await readsOfVicsFirm(mallory)).toEqual([]);
    const { rows } = await db.query<Row>("select id, firm_id from public.cases order by id");
    expect(rows).toEqual([
      { id: "vic-case", firm_id: vicsFirm },
      { id: "wes-case", firm_id: vicsFirm },
    ]);
    expect((await db.query("select id from public.firms where id = $1", [vicsFirm])).rows).toHaveLength(1);
  });

  it("moves only the person's own records when they choose to, never a former colleague's", async () => {
    const { token } = await invite(mallory, "vic@victim.test");
    const vicsFirm = await firmOf(vic);
    expect(await accept(vic, token, vicsFirm, true)).toMatchObject({ moved: true });
    expect(await readsOfVicsFirm(mallory)).toEqual([
      "case:vic-case",
      "doc:vic-doc",
      `file:${vic}/vic-doc/lease.pdf`,
      "kb:vic-kb",
      "page:vic-doc",
    ]);
    const { rows } = await db.query<Row>("select firm_id from public.cases where id = 'wes-case'");
    expect(rows).toEqual([{ firm_id: vicsFirm }]);
  });

  it("keeps a firm with other members in charge of its records: taking them out is refused", async () => {
    const ann = await signUp(db, "ann@victim.test");
    await accept(ann, (await invite(vic, "ann@victim.test")).token, await firmOf(ann));
    await as(vic, (tx) => tx.query("update public.firm_members set role = 'admin' where user_id = $1", [ann]));
    const { token } = await invite(mallory, "vic@victim.test");
    await expect(accept(vic, token, await firmOf(vic), true)).rejects.toThrow(/records stay with a firm that has other members/);
    await accept(vic, token, await firmOf(ann));
    expect(await readsOfVicsFirm(mallory)).toEqual([]);
    expect(await readsOfVicsFirm(ann)).toContain("case:vic-case");
  });

  it("is refused to an address that is not confirmed", async () => {
    const { token } = await invite(mallory, "vic@victim.test");
    await db.query("update auth.users set email_confirmed_at = null where id = $1", [vic]);
    await expect(accept(vic, token, await firmOf(vic), true)).rejects.toThrow(/confirm your e-mail address/);
    expect(await readsOfVicsFirm(mallory)).toEqual([]);
  });

  it("says who invited, and to the signed-in person the firm they would leave and what could come along", async () => {
    const { token } = await invite(mallory, "vic@victim.test");
    const status = (user: string | null) => one<Row>(user, "select public.firm_invite_status($1) as r", [token]);
    const anyone = { status: "valid", firm: "Mallory Mal's firm", email: "vic@victim.test", role: "member", invited_by: "Mallory Mal" };
    expect(await status(null)).toEqual(anyone);
    expect(await status(vic)).toEqual({
      ...anyone,
      leaving: { id: await firmOf(vic), name: "Vic Tim's firm", alone: true, cases: 1, documents: 1, knowledge: 1 },
    });
    await db.query("update public.profiles set full_name = null where id = $1", [mallory]);
    expect(await status(null)).toMatchObject({ invited_by: "mallory@attacker.test" });
  });
});

describe("invite limits", () => {
  it("caps a firm's pending invites at 20; a revoked one frees its place", async () => {
    const limits = (await db.query<{ l: Row }>("select public.firm_invite_limits() as l")).rows[0]!.l;
    expect(limits).toEqual({ pending: 20, per_day: 50, email_sends: 3 });
    const made: { id: string }[] = [];
    for (let n = 0; n < 20; n += 1) made.push(await invite(mallory, `person${String(n)}@target.test`));
    await expect(invite(mallory, "one-more@target.test")).rejects.toThrow(/at most 20 pending invites/);
    await as(mallory, (tx) => tx.query("select public.revoke_firm_invite($1)", [made[0]!.id]));
    await expect(invite(mallory, "one-more@target.test")).resolves.toMatchObject({ token: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it("caps the invites a firm makes in a day at 50, revoked ones included", async () => {
    for (let n = 0; n < 50; n += 1) {
      const { id } = await invite(mallory, `person${String(n)}@target.test`);
      await as(mallory, (tx) => tx.query("select public.revoke_firm_invite($1)", [id]));
    }
    await expect(invite(mallory, "one-more@target.test")).rejects.toThrow(/at most 50 invites a day/);
    await db.query("update public.firm_invites set created_at = now() - interval '25 hours'");
    await expect(invite(mallory, "one-more@target.test")).resolves.toBeTruthy();
  });

  it("lets an invite be e-mailed 3 times, recorded on the invite, and then says the limit is reached", async () => {
    const { token, id } = await invite(mallory, "vic@victim.test");
    const send = () => one<Row>(mallory, "select public.firm_invite_to_send($1) as r", [token]);
    for (const sends of [1, 2, 3]) expect(await send()).toMatchObject({ email: "vic@victim.test", sends });
    expect(await send()).toEqual({ limit: "sends", sends: 3 });
    const { rows } = await as(mallory, (tx) => tx.query<Row>("select email_sends, last_emailed_at is not null as at from public.firm_invites where id = $1", [id]));
    expect(rows).toEqual([{ email_sends: 3, at: true }]);
  });
});
