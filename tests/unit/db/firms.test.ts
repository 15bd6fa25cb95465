import type { PGlite, Transaction } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { type ApiRole, asRole, migratedDb, signUp } from "./harness";

// The firm (supabase/migrations/20251129000000_firms.sql and 20251129000100_firm_shared_rows.sql, issue 33) on
// PGlite: what each person reads, writes and deletes, decided by row-level security. One firm: Ada (admin), Bob (member, on the walled case), Carol (member,
// walled out) and Eve (a member Ada removed); Dan has a firm of his own; anon is signed out.

type Row = Record<string, unknown>;

let db: PGlite;
let ada: string;
let bob: string;
let carol: string;
let dan: string;
let eve: string;

/** Runs the queries as the user and undoes them: each test starts from the same firm. */
async function as<T>(user: string | null, run: (tx: Transaction) => Promise<T>): Promise<T> {
  const role: ApiRole = user ? "authenticated" : "anon";
  let result!: T;
  await asRole(db, role, user, async (tx) => {
    result = await run(tx);
    await tx.rollback();
  });
  return result;
}

/** Runs the queries as the user and keeps them. */
const keep = <T>(user: string, run: (tx: Transaction) => Promise<T>) => asRole(db, "authenticated", user, run);

const rows = async (tx: Transaction, sql: string, params: unknown[] = []) => (await tx.query<Row>(sql, params)).rows;
const ids = async (tx: Transaction, sql: string, params: unknown[] = []) => (await rows(tx, sql, params)).map((r) => String(Object.values(r)[0])).sort();
const affected = async (tx: Transaction, sql: string, params: unknown[] = []) => (await tx.query(sql, params)).affectedRows ?? 0;

const insert = async (tx: Transaction, table: string, row: Row) => {
  const columns = Object.keys(row);
  await tx.query(`insert into public.${table} (${columns.join(", ")}) values (${columns.map((_, i) => `$${String(i + 1)}`).join(", ")})`, Object.values(row));
};

const invite = async (admin: string, email: string, role = "member") =>
  (await keep(admin, (tx) => tx.query<{ invite: { token: string; id: string } }>("select public.create_firm_invite($1, $2) as invite", [email, role]))).rows[0]!.invite;

/** Accepts as the invitee does: naming the firm they leave, and taking their own records along. */
const accept = async (user: string, token: string) => {
  const leaving = (await firmOf(user))?.firm_id;
  return keep(user, (tx) => tx.query("select public.accept_firm_invite($1, $2, true)", [token, leaving]));
};

const firmOf = async (user: string) =>
  (await db.query<{ firm_id: string; role: string }>("select firm_id, role from public.firm_members where user_id = $1", [user])).rows[0];

const path = (owner: string, doc: string) => `${owner}/${doc}/${doc}.pdf`;

/** Every reader of the matrix, by what they are to the firm. */
const PEOPLE = ["admin", "member", "walled-out member", "removed member", "another firm", "anon"] as const;
type Person = (typeof PEOPLE)[number];
const who = (person: Person): string | null =>
  ({ admin: ada, member: bob, "walled-out member": carol, "removed member": eve, "another firm": dan, anon: null })[person];

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@firm.test", { full_name: "Ada Lovelace" });
  bob = await signUp(db, "bob@firm.test", { full_name: "Bob Byron" });
  carol = await signUp(db, "carol@firm.test", { full_name: "Carol Clerk" });
  eve = await signUp(db, "eve@firm.test", { full_name: "Eve Ellis" });
  dan = await signUp(db, "dan@other.test", { full_name: "Dan Other" });
  for (const [user, email] of [[bob, "bob@firm.test"], [carol, "carol@firm.test"], [eve, "eve@firm.test"]] as const) {
    await accept(user, (await invite(ada, email)).token);
  }

  await keep(ada, async (tx) => {
    await insert(tx, "cases", { id: "case-open", title: "Open matter", docket_no: "CV-1", sharing: "firm" });
    await insert(tx, "cases", { id: "case-walled", title: "Walled matter", docket_no: "CV-2", sharing: "members" });
    await insert(tx, "case_members", { case_owner_id: ada, case_id: "case-walled", user_id: bob });
    for (const [doc, kase] of [["doc-open", "case-open"], ["doc-walled", "case-walled"]] as const) {
      await insert(tx, "documents", { id: doc, title: doc, file_name: `${doc}.pdf`, kind: "pdf", case_id: kase, storage_path: path(ada, doc) });
      await insert(tx, "document_pages", { document_id: doc, page_number: 1, text: `The indemnification clause of ${doc}.` });
      await tx.query("insert into storage.objects (bucket_id, name, owner) values ('documents', $1, auth.uid())", [path(ada, doc)]);
    }
    await insert(tx, "knowledge_items", { id: "kb-internal", title: "Billing guide", type: "internal", description: "How we bill", source: "Firm" });
    await insert(tx, "knowledge_items", { id: "kb-law", title: "Contract Law", type: "law", description: "Cap. 149", source: "Cyprus" });
    await insert(tx, "conversations", { id: "conv-ada", title: "Ada's own" });
  });
  // Bob files a document of his own in Ada's open case; Eve makes a firm-wide case before she is removed.
  await keep(bob, (tx) => insert(tx, "documents", { id: "doc-bob", title: "Bob's memo", file_name: "m.txt", kind: "txt", case_id: "case-open", case_owner_id: ada }));
  await keep(eve, (tx) => insert(tx, "cases", { id: "case-eve", title: "Eve's matter", docket_no: "CV-3", sharing: "firm" }));
  await keep(ada, (tx) => tx.query("delete from public.firm_members where user_id = $1", [eve]));
  await keep(dan, (tx) => insert(tx, "cases", { id: "case-dan", title: "Dan's matter", docket_no: "CV-9", sharing: "firm" }));
}, 120_000);

describe("firms and members", () => {
  it("gives each user who signs up without an invite a firm of one, as its admin; the profile's role is the firm's", async () => {
    expect(await firmOf(dan)).toMatchObject({ role: "admin" });
    expect((await firmOf(dan))!.firm_id).not.toBe((await firmOf(ada))!.firm_id);
    const { rows: profiles } = await db.query<Row>("select id, role from public.profiles where id = any($1) order by role", [[ada, bob]]);
    expect(profiles).toEqual([
      { id: ada, role: "admin" },
      { id: bob, role: "member" },
    ]);
    const { rows: firms } = await db.query<Row>("select name from public.firms where id = $1", [(await firmOf(dan))!.firm_id]);
    expect(firms).toEqual([{ name: "Dan Other's firm" }]);
  });

  it("moves an invited user, with their firm of one's records, into the firm, and deletes the empty firm", async () => {
    expect((await firmOf(bob))!.firm_id).toBe((await firmOf(ada))!.firm_id);
    const { rows } = await db.query<Row>("select count(*)::int as n from public.firms");
    // Ada's firm, Dan's, and the new firm of one Eve was given when Ada removed her.
    expect(rows).toEqual([{ n: 3 }]);
  });

  it.each(PEOPLE)("firm_members and firms: the %s reads only their own firm", async (person) => {
    const user = who(person);
    if (!user) {
      await expect(as(null, (tx) => rows(tx, "select * from public.firm_members"))).rejects.toThrow(/permission denied/);
      await expect(as(null, (tx) => rows(tx, "select * from public.firms"))).rejects.toThrow(/permission denied/);
      return;
    }
    const members = await as(user, (tx) => ids(tx, "select user_id from public.firm_members"));
    const expected = { "removed member": [eve], "another firm": [dan] }[person as "removed member"] ?? [ada, bob, carol];
    expect(members).toEqual([...expected].sort());
    expect(await as(user, (tx) => ids(tx, "select id from public.firms"))).toEqual([(await firmOf(user))!.firm_id]);
  });

  it("lets admins change roles and remove members; members change nobody's; the last admin stays", async () => {
    expect(await as(bob, (tx) => affected(tx, "update public.firm_members set role = 'admin'"))).toBe(0);
    expect(await as(bob, (tx) => affected(tx, "delete from public.firm_members where user_id = $1", [carol]))).toBe(0);
    expect(await as(ada, (tx) => affected(tx, "update public.firm_members set role = 'admin' where user_id = $1", [bob]))).toBe(1);
    await expect(as(ada, (tx) => tx.query("update public.firm_members set role = 'member' where user_id = $1", [ada]))).rejects.toThrow(
      /last admin/,
    );
    await expect(as(ada, (tx) => tx.query("delete from public.firm_members where user_id = $1", [ada]))).rejects.toThrow(/last admin/);
    // With another admin, Ada may step down.
    expect(
      await as(ada, async (tx) => {
        await tx.query("update public.firm_members set role = 'admin' where user_id = $1", [bob]);
        return affected(tx, "update public.firm_members set role = 'member' where user_id = $1", [ada]);
      }),
    ).toBe(1);
    // Nobody adds a member directly, nor moves one to another firm.
    await expect(as(ada, (tx) => insert(tx, "firm_members", { user_id: dan, firm_id: ada }))).rejects.toThrow(/permission denied/);
    await expect(as(ada, (tx) => tx.query("update public.firm_members set firm_id = firm_id"))).rejects.toThrow(/permission denied/);
    await expect(as(dan, (tx) => affected(tx, "delete from public.firm_members where user_id = $1", [bob]))).resolves.toBe(0);
  });

  it("lets a member leave, with a firm of one of their own", async () => {
    const after = await as(carol, async (tx) => {
      await tx.query("delete from public.firm_members where user_id = auth.uid()");
      return rows(tx, "select m.role, f.name from public.firm_members as m join public.firms as f on f.id = m.firm_id");
    });
    expect(after).toEqual([{ role: "admin", name: "Carol Clerk's firm" }]);
  });

  it("lets admins change the firm's name and address, and nobody its plan or seats", async () => {
    expect(await as(ada, (tx) => affected(tx, "update public.firms set name = 'Lovelace & Partners', address = 'Paphos'"))).toBe(1);
    expect(await as(bob, (tx) => affected(tx, "update public.firms set name = 'Byron LLP'"))).toBe(0);
    await expect(as(ada, (tx) => tx.query("update public.firms set seats = 500"))).rejects.toThrow(/permission denied/);
  });

  it("shows colleagues' names (profiles and firm_people) to the firm only", async () => {
    expect(await as(carol, (tx) => ids(tx, "select id from public.profiles"))).toEqual([ada, bob, carol].sort());
    expect(await as(dan, (tx) => ids(tx, "select id from public.profiles"))).toEqual([dan]);
    const people = await as(bob, (tx) => rows(tx, "select full_name, email, role from public.firm_people()"));
    expect(people).toEqual([
      { full_name: "Ada Lovelace", email: "ada@firm.test", role: "admin" },
      { full_name: "Bob Byron", email: "bob@firm.test", role: "member" },
      { full_name: "Carol Clerk", email: "carol@firm.test", role: "member" },
    ]);
    await expect(as(null, (tx) => rows(tx, "select * from public.firm_people()"))).rejects.toThrow(/permission denied/);
  });
});

describe("invites", () => {
  it("are made by admins only; the token is returned once and only its SHA-256 is kept", async () => {
    await expect(as(bob, (tx) => tx.query("select public.create_firm_invite('zed@firm.test', 'member')"))).rejects.toThrow(/only a firm's admins/);
    await expect(as(null, (tx) => tx.query("select public.create_firm_invite('zed@firm.test', 'member')"))).rejects.toThrow(/permission denied/);
    const made = await invite(ada, "Zed@Firm.test ", "admin");
    expect(made.token).toMatch(/^[0-9a-f]{64}$/);
    const { rows: stored } = await db.query<Row>("select email, role, token_sha256 from public.firm_invites where id = $1", [made.id]);
    expect(stored).toEqual([{ email: "zed@firm.test", role: "admin", token_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(stored[0]!.token_sha256).not.toBe(made.token);
    expect(JSON.stringify((await db.query("select * from public.firm_invites")).rows)).not.toContain(made.token);
    // Admins read their firm's invites, without the hash; members and other firms read none.
    expect(await as(ada, (tx) => ids(tx, "select email from public.firm_invites where accepted_at is null"))).toEqual(["zed@firm.test"]);
    await expect(as(ada, (tx) => rows(tx, "select token_sha256 from public.firm_invites"))).rejects.toThrow(/permission denied/);
    expect(await as(bob, (tx) => rows(tx, "select id from public.firm_invites"))).toEqual([]);
    expect(await as(dan, (tx) => rows(tx, "select id from public.firm_invites"))).toEqual([]);
    await expect(as(null, (tx) => rows(tx, "select id from public.firm_invites"))).rejects.toThrow(/permission denied/);
    await expect(as(ada, (tx) => tx.query("select public.create_firm_invite('bob@firm.test')"))).rejects.toThrow(/already a member/);
  });

  it("say what a link is, to anyone holding it: valid, used, expired, revoked or unknown", async () => {
    const status = async (token: string) =>
      (await as(null, (tx) => tx.query<{ s: Row }>("select public.firm_invite_status($1) as s", [token]))).rows[0]!.s;
    const fresh = await invite(ada, "fay@firm.test");
    expect(await status(fresh.token)).toEqual({ status: "valid", firm: "Ada Lovelace's firm", email: "fay@firm.test", role: "member", invited_by: "Ada Lovelace" });
    expect(await status("0".repeat(64))).toEqual({ status: "unknown" });

    const revoked = await invite(ada, "gus@firm.test");
    await expect(as(bob, (tx) => tx.query("select public.revoke_firm_invite($1)", [revoked.id]))).rejects.toThrow(/only admins revoke/);
    await expect(as(dan, (tx) => tx.query("select public.revoke_firm_invite($1)", [revoked.id]))).rejects.toThrow(/only admins revoke/);
    await expect(as(null, (tx) => tx.query("select public.revoke_firm_invite($1)", [revoked.id]))).rejects.toThrow(/permission denied/);
    await expect(as(ada, (tx) => tx.query("update public.firm_invites set revoked_at = now()"))).rejects.toThrow(/permission denied/);
    await keep(ada, (tx) => tx.query("select public.revoke_firm_invite($1)", [revoked.id]));
    expect(await status(revoked.token)).toMatchObject({ status: "revoked" });

    const expired = await invite(ada, "hal@firm.test");
    await db.query("update public.firm_invites set expires_at = now() - interval '1 second' where id = $1", [expired.id]);
    expect(await status(expired.token)).toMatchObject({ status: "expired" });

    const hal = await signUp(db, "hal@firm.test");
    const fay = await signUp(db, "fay@firm.test");
    const gus = await signUp(db, "gus@firm.test");
    await expect(accept(hal, expired.token)).rejects.toThrow(/invite expired/);
    await expect(accept(gus, revoked.token)).rejects.toThrow(/invite revoked/);
    await expect(accept(hal, fresh.token)).rejects.toThrow(/this invite is for fay@firm.test/);
    await accept(fay, fresh.token);
    expect(await status(fresh.token)).toMatchObject({ status: "used" });
    await expect(accept(fay, fresh.token)).rejects.toThrow(/invite used/);
    await expect(as(null, (tx) => tx.query("select public.accept_firm_invite($1)", [fresh.token]))).rejects.toThrow(/permission denied/);
    expect(await firmOf(fay)).toEqual({ firm_id: (await firmOf(ada))!.firm_id, role: "member" });
    await keep(ada, (tx) => tx.query("delete from public.firm_members where user_id = $1", [fay]));
  });

  it("keep the last admin of a firm with others in it from leaving for another firm", async () => {
    const other = await signUp(db, "ivy@elsewhere.test");
    const colleague = await signUp(db, "jon@elsewhere.test");
    const token = (await invite(other, "jon@elsewhere.test")).token;
    await accept(colleague, token);
    const away = await invite(ada, "ivy@elsewhere.test");
    await expect(accept(other, away.token)).rejects.toThrow(/last admin/);
  });
});

describe("what each person reads", () => {
  // [what, query, who reads it]
  const READS: [string, string, Person[]][] = [
    ["the firm-wide case", "select id from public.cases where id = 'case-open'", ["admin", "member", "walled-out member"]],
    ["the walled case", "select id from public.cases where id = 'case-walled'", ["admin", "member"]],
    ["a removed member's firm-wide case, which the firm keeps", "select id from public.cases where id = 'case-eve'", ["admin", "member", "walled-out member"]],
    ["the firm-wide case's document", "select id from public.documents where id = 'doc-open'", ["admin", "member", "walled-out member"]],
    ["a colleague's document in the firm-wide case", "select id from public.documents where id = 'doc-bob'", ["admin", "member", "walled-out member"]],
    ["the walled case's document", "select id from public.documents where id = 'doc-walled'", ["admin", "member"]],
    ["the firm-wide document's pages", "select document_id from public.document_pages where document_id = 'doc-open'", ["admin", "member", "walled-out member"]],
    ["the walled document's pages", "select document_id from public.document_pages where document_id = 'doc-walled'", ["admin", "member"]],
    ["the firm-wide document's original", "select name from storage.objects where name like '%/doc-open/%'", ["admin", "member", "walled-out member"]],
    ["the walled document's original", "select name from storage.objects where name like '%/doc-walled/%'", ["admin", "member"]],
    ["the walled case's members", "select user_id from public.case_members where case_id = 'case-walled'", ["admin", "member"]],
    ["Internal knowledge", "select id from public.knowledge_items where id = 'kb-internal'", ["admin", "member", "walled-out member"]],
    ["a Law of the knowledge base", "select id from public.knowledge_items where id = 'kb-law'", ["admin"]],
    ["a personal conversation", "select id from public.conversations where id = 'conv-ada'", ["admin"]],
    ["another firm's case", "select id from public.cases where id = 'case-dan'", ["another firm"]],
  ];

  for (const [what, sql, readers] of READS) {
    it.each(PEOPLE)(`${what}: the %s`, async (person) => {
      const user = who(person);
      if (!user) {
        // Storage grants its tables to both API roles and lets row-level security decide: anon is given no row.
        if (sql.includes("storage.objects")) expect(await as(null, (tx) => rows(tx, sql))).toEqual([]);
        else await expect(as(null, (tx) => rows(tx, sql))).rejects.toThrow(/permission denied/);
        return;
      }
      expect((await as(user, (tx) => rows(tx, sql))).length > 0).toBe(readers.includes(person));
    });
  }

  it.each(PEOPLE)("search_pages returns exactly what the %s may read", async (person) => {
    const sql = "select document_id from public.search_pages(array['indemnif'])";
    const user = who(person);
    if (!user) {
      await expect(as(null, (tx) => rows(tx, sql))).rejects.toThrow(/permission denied/);
      return;
    }
    const expected: Record<Person, string[]> = {
      admin: ["doc-open", "doc-walled"],
      member: ["doc-open", "doc-walled"],
      "walled-out member": ["doc-open"],
      "removed member": [],
      "another firm": [],
      anon: [],
    };
    expect(await as(user, (tx) => ids(tx, sql))).toEqual(expected[person]);
    // The case scope of a walled case, named outright, gives the walled-out nothing either.
    const scoped = await as(user, (tx) => ids(tx, "select document_id from public.search_pages(array['indemnif'], '{}', null, array['case-walled'])"));
    expect(scoped).toEqual(expected[person].filter((id) => id === "doc-walled"));
  });

  it("gives a removed member nothing of the firm at their next read, not even what they made there", async () => {
    for (const table of ["cases", "documents", "document_pages", "knowledge_items", "case_members"]) {
      expect(await as(eve, (tx) => rows(tx, `select * from public.${table}`)), table).toEqual([]);
    }
    expect(await as(eve, (tx) => rows(tx, "select * from storage.objects"))).toEqual([]);
  });
});

describe("who changes and deletes what", () => {
  it("lets members change the cases they read, stamps who did, and leaves a walled case alone for the walled-out", async () => {
    const changed = await as(carol, (tx) => rows(tx, "update public.cases set title = 'Renamed by Carol' where id = 'case-open' returning updated_by, firm_id"));
    expect(changed).toEqual([{ updated_by: carol, firm_id: (await firmOf(ada))!.firm_id }]);
    expect(await as(carol, (tx) => affected(tx, "update public.cases set title = 'x' where id = 'case-walled'"))).toBe(0);
    expect(await as(bob, (tx) => affected(tx, "update public.cases set title = 'Bob was here' where id = 'case-walled'"))).toBe(1);
    expect(await as(dan, (tx) => affected(tx, "update public.cases set title = 'x' where owner_id = $1", [ada]))).toBe(0);
    expect(await as(eve, (tx) => affected(tx, "update public.cases set title = 'x' where id = 'case-eve'"))).toBe(0);
  });

  it("lets only a case's creator or an admin change its sharing, delete it, or change its members", async () => {
    await expect(as(bob, (tx) => tx.query("update public.cases set sharing = 'firm' where id = 'case-walled'"))).rejects.toThrow(
      /only the case's creator or an admin/,
    );
    await expect(as(bob, (tx) => insert(tx, "case_members", { case_owner_id: ada, case_id: "case-walled", user_id: carol }))).rejects.toThrow(
      /row-level security/,
    );
    expect(await as(bob, (tx) => affected(tx, "delete from public.case_members where case_id = 'case-walled'"))).toBe(0);
    expect(await as(bob, (tx) => affected(tx, "delete from public.cases where id = 'case-open'"))).toBe(0);
    expect(await as(carol, (tx) => affected(tx, "delete from public.cases where id = 'case-open'"))).toBe(0);
    expect(await as(ada, (tx) => affected(tx, "update public.cases set sharing = 'firm' where id = 'case-walled'"))).toBe(1);
    expect(await as(ada, (tx) => affected(tx, "delete from public.cases where id = 'case-open'"))).toBe(1);
    // An admin who did not make the case: Ada deletes Eve's, which the firm kept.
    expect(await as(ada, (tx) => affected(tx, "delete from public.cases where id = 'case-eve'"))).toBe(1);
  });

  it("counts a case's members when they change, and only colleagues can be added", async () => {
    const counts = await as(ada, async (tx) => {
      const before = (await rows(tx, "select members from public.cases where id = 'case-walled'"))[0]!.members;
      await insert(tx, "case_members", { case_owner_id: ada, case_id: "case-walled", user_id: carol });
      const added = (await rows(tx, "select members from public.cases where id = 'case-walled'"))[0]!.members;
      // An edit that sends a count of its own keeps the counted one.
      await tx.query("update public.cases set members = 40 where id = 'case-walled'");
      const edited = (await rows(tx, "select members from public.cases where id = 'case-walled'"))[0]!.members;
      return [before, added, edited];
    });
    expect(counts).toEqual([2, 3, 3]);
    await expect(as(ada, (tx) => insert(tx, "case_members", { case_owner_id: ada, case_id: "case-walled", user_id: dan }))).rejects.toThrow(
      /row-level security/,
    );
  });

  it("lets a member added to a walled case read it at once", async () => {
    const seen = await as(ada, async (tx) => {
      await insert(tx, "case_members", { case_owner_id: ada, case_id: "case-walled", user_id: carol });
      await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: carol, role: "authenticated" })]);
      return ids(tx, "select document_id from public.search_pages(array['indemnif'])");
    });
    expect(seen).toEqual(["doc-open", "doc-walled"]);
  });

  it("lets members file documents only in cases they read, and delete only their own (admins any they read)", async () => {
    const doc = { id: "doc-new", title: "New", file_name: "n.txt", kind: "txt", case_owner_id: ada };
    await expect(as(carol, (tx) => insert(tx, "documents", { ...doc, case_id: "case-walled" }))).rejects.toThrow(/row-level security/);
    await as(carol, (tx) => insert(tx, "documents", { ...doc, case_id: "case-open" }));
    expect(await as(carol, (tx) => affected(tx, "update public.documents set title = 'Retitled' where id = 'doc-open'"))).toBe(1);
    expect(await as(carol, (tx) => affected(tx, "update public.documents set title = 'x' where id = 'doc-walled'"))).toBe(0);
    expect(await as(carol, (tx) => affected(tx, "delete from public.documents where id = 'doc-open'"))).toBe(0);
    expect(await as(bob, (tx) => affected(tx, "delete from public.documents where id = 'doc-bob'"))).toBe(1);
    expect(await as(ada, (tx) => affected(tx, "delete from public.documents where id = 'doc-bob'"))).toBe(1);
    // A document cannot be moved into a walled case by the walled-out (nor by any member but its uploader, issue 43).
    await expect(as(carol, (tx) => tx.query("update public.documents set case_id = 'case-walled' where id = 'doc-open'"))).rejects.toThrow(
      /only the document's uploader or an admin moves it/,
    );
    // Pages and originals are written by their uploader alone.
    await expect(as(bob, (tx) => insert(tx, "document_pages", { owner_id: ada, document_id: "doc-open", page_number: 2, text: "x" }))).rejects.toThrow(
      /row-level security/,
    );
    expect(await as(bob, (tx) => affected(tx, "delete from storage.objects where name like $1", [`${ada}/%`]))).toBe(0);
  });

  it("shares Internal knowledge for editing, keeps Laws their owner's, and lets the owner or an admin delete", async () => {
    expect(await as(carol, (tx) => affected(tx, "update public.knowledge_items set description = 'Edited by Carol' where id = 'kb-internal'"))).toBe(1);
    expect(await as(carol, (tx) => affected(tx, "update public.knowledge_items set description = 'x' where id = 'kb-law'"))).toBe(0);
    expect(await as(carol, (tx) => affected(tx, "delete from public.knowledge_items where id = 'kb-internal'"))).toBe(0);
    expect(await as(ada, (tx) => affected(tx, "delete from public.knowledge_items where id = 'kb-internal'"))).toBe(1);
    // An Internal item Bob makes is read by the firm, and Ada (admin) may delete it.
    expect(
      await as(bob, async (tx) => {
        await insert(tx, "knowledge_items", { id: "kb-bob", title: "Bob's guide", type: "internal", description: "d", source: "s" });
        await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: ada, role: "authenticated" })]);
        return affected(tx, "delete from public.knowledge_items where id = 'kb-bob'");
      }),
    ).toBe(1);
    expect(await as(dan, (tx) => affected(tx, "update public.knowledge_items set description = 'x'"))).toBe(0);
  });

  it("keeps personal conversations and their messages their owner's", async () => {
    expect(await as(bob, (tx) => affected(tx, "update public.conversations set title = 'x' where id = 'conv-ada'"))).toBe(0);
    expect(await as(ada, (tx) => affected(tx, "delete from public.conversations where id = 'conv-ada'"))).toBe(1);
    expect(await as(bob, (tx) => affected(tx, "delete from public.conversations where id = 'conv-ada'"))).toBe(0);
  });

  it("refuses every write to the firm's tables to anon", async () => {
    for (const sql of [
      "update public.firms set name = 'x'",
      "delete from public.firm_members",
      "update public.firm_invites set revoked_at = now()",
      "delete from public.case_members",
      "update public.cases set title = 'x'",
      "delete from public.documents",
    ]) {
      await expect(as(null, (tx) => tx.query(sql)), sql).rejects.toThrow(/permission denied/);
    }
    expect(await as(null, (tx) => affected(tx, "delete from storage.objects"))).toBe(0);
  });
});

describe("apply_changes with a colleague's rows", () => {
  const apply = (user: string, changes: unknown) =>
    as(user, async (tx) => (await tx.query<{ r: Row[] }>("select public.apply_changes($1::jsonb, $2::uuid) as r", [JSON.stringify(changes), user])).rows[0]!.r);

  it("updates a colleague's row the user reads, never inserts one in their name, and deletes only what the policies allow", async () => {
    const later = new Date(Date.now() + 1000).toISOString();
    expect(await apply(bob, [{ table: "cases", op: "upsert", row: { owner_id: ada, id: "case-walled", title: "Bob's title", updated_at: later } }])).toEqual([
      { ok: true },
    ]);
    expect(await apply(carol, [{ table: "cases", op: "upsert", row: { owner_id: ada, id: "case-walled", title: "x", updated_at: later } }])).toEqual([
      { ok: false, code: "42501", message: expect.stringMatching(/row-level security/) },
    ]);
    // An older edit of a colleague's row is skipped, as for one's own.
    expect(await apply(bob, [{ table: "cases", op: "upsert", row: { owner_id: ada, id: "case-open", title: "Old", updated_at: "2000-01-01T00:00:00Z" } }])).toEqual([
      { ok: true, skipped: true },
    ]);
    // Bob may not delete Ada's document (not his, not admin): the delete is ok and removes nothing.
    const kept = await as(bob, async (tx) => {
      const result = (await tx.query<{ r: Row[] }>("select public.apply_changes($1::jsonb, $2::uuid) as r", [
        JSON.stringify([{ table: "documents", op: "delete", key: { owner_id: ada, id: "doc-open" } }]),
        bob,
      ])).rows[0]!.r;
      return { result, left: await ids(tx, "select id from public.documents where id = 'doc-open'") };
    });
    expect(kept).toEqual({ result: [{ ok: true }], left: ["doc-open"] });
  });
});

describe("firm_invite_to_send", () => {
  it("tells an admin of the invite's firm what to e-mail, and nobody else anything", async () => {
    const made = await invite(ada, "kim@firm.test", "admin");
    const ask = (user: string) => as(user, async (tx) => (await tx.query<{ r: unknown }>("select public.firm_invite_to_send($1) as r", [made.token])).rows[0]!.r);
    expect(await ask(ada)).toMatchObject({ email: "kim@firm.test", firm: "Ada Lovelace's firm", role: "admin" });
    expect(await ask(bob)).toBeNull();
    expect(await ask(dan)).toBeNull();
    await expect(as(null, (tx) => tx.query("select public.firm_invite_to_send($1)", [made.token]))).rejects.toThrow(/permission denied/);
  });
});
