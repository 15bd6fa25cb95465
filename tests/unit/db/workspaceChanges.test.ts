import type { PGlite } from "@electric-sql/pglite";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeServer } from "../../e2e/fixtures/server";
import { serveDataApi } from "../../fixtures/postgrest";
import { asRole, migratedDb } from "./harness";

// apply_changes (supabase/migrations/20250302000000_workspace_changes.sql, as 20251127000300_sync_clock_and_owner.sql
// redefines it with its expected owner) on PGlite: the outbox's batches of upserts
// and deletes, each change on its own, idempotent, last write wins, and row-level security as for direct requests.

type Row = Record<string, unknown>;
type Change = { table: string; op: "upsert"; row: Row } | { table: string; op: "delete"; key: Row } | Row;
interface Outcome {
  ok: boolean;
  code?: string;
  message?: string;
}

const ANON_KEY = "anon-key";
const OK = { ok: true };
const SKIPPED = { ok: true, skipped: true };

let db: PGlite;
let server: FakeServer | undefined;
let ada: string;
let bob: string;

const newUser = async (email: string) =>
  (await db.query<{ id: string }>("insert into auth.users (email) values ($1) returning id", [email])).rows[0]!.id;

/** Calls apply_changes as the user (the authenticated role with their JWT claims), as PostgREST would. */
const apply = (user: string, changes: unknown) =>
  asRole(db, "authenticated", user, async (tx) => {
    const { rows } = await tx.query<{ result: Outcome[] }>("select public.apply_changes($1::jsonb, $2::uuid) as result", [JSON.stringify(changes), user]);
    return rows[0]!.result;
  });

const upsert = (table: string, row: Row): Change => ({ table, op: "upsert", row });
const remove = (table: string, key: Row): Change => ({ table, op: "delete", key });

/** A table's rows of an owner, as the database owner sees them, in key order. */
const rowsOf = async (table: string, owner: string, where = "true", params: unknown[] = []) =>
  (await db.query<Row>(`select * from public.${table} where owner_id = $1 and (${where}) order by 2, 3`, [owner, ...params])).rows;

const at = (time: string) => new Date(`2025-03-01T${time}Z`);

beforeAll(async () => {
  db = await migratedDb();
  ada = await newUser("ada@example.com");
  bob = await newUser("bob@example.com");
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("apply_changes", () => {
  it("is security invoker with an empty search_path, and callable by signed-in users only", async () => {
    const { rows } = await db.query<Row>(`
      select p.prosecdef as definer, p.provolatile as volatility, p.proconfig as config,
             has_function_privilege('anon', p.oid, 'execute') as anon,
             has_function_privilege('authenticated', p.oid, 'execute') as authenticated
      from pg_proc p where p.oid = 'public.apply_changes(jsonb, uuid)'::regprocedure`);
    expect(rows).toEqual([{ definer: false, volatility: "v", config: ['search_path=""'], anon: false, authenticated: true }]);
    await expect(asRole(db, "anon", null, (tx) => tx.query("select public.apply_changes('[]', null)"))).rejects.toThrow(
      /permission denied for function apply_changes/,
    );
  });

  const send = (id: string) => [
    upsert("conversations", { id, title: "New conversation", pinned: false, updated_at: at("10:00:00") }),
    upsert("messages", {
      conversation_id: id,
      id: "m1",
      role: "user",
      content: "What is the notice period of the lease?",
      scope: "case",
      context: [{ kind: "case", id: "case-georgiou" }],
      sent_at: at("10:00:00"),
      updated_at: at("10:00:00"),
    }),
    upsert("conversations", { id, title: "Notice period of the lease", updated_at: at("10:00:01") }),
  ];

  it("applies a message send in one call: the conversation, its first message, then its title", async () => {
    expect(await apply(ada, send("conv-send"))).toEqual([OK, OK, OK]);
    expect(await rowsOf("conversations", ada, "id = $2", ["conv-send"])).toEqual([
      expect.objectContaining({ owner_id: ada, id: "conv-send", title: "Notice period of the lease", pinned: false, updated_at: at("10:00:01") }),
    ]);
    expect(await rowsOf("messages", ada, "conversation_id = $2", ["conv-send"])).toEqual([
      expect.objectContaining({
        owner_id: ada,
        id: "m1",
        role: "user",
        scope: "case",
        context: [{ kind: "case", id: "case-georgiou" }],
        citations: null,
        offer_scope: null,
        sent_at: at("10:00:00"),
      }),
    ]);
  });

  it("gives the same rows when a batch is sent again (a retry), with no duplicates", async () => {
    expect(await apply(ada, send("conv-retry"))).toEqual([OK, OK, OK]);
    const conversations = await rowsOf("conversations", ada, "id = $2", ["conv-retry"]);
    const messages = await rowsOf("messages", ada, "conversation_id = $2", ["conv-retry"]);
    expect(conversations).toHaveLength(1);
    expect(messages).toHaveLength(1);
    for (let retry = 0; retry < 2; retry++) {
      // The conversation's first change is older than its title's, which the first send stored: skipped now.
      expect(await apply(ada, send("conv-retry"))).toEqual([SKIPPED, OK, OK]);
      expect(await rowsOf("conversations", ada, "id = $2", ["conv-retry"])).toEqual(conversations);
      expect(await rowsOf("messages", ada, "conversation_id = $2", ["conv-retry"])).toEqual(messages);
    }
  });

  it("writes only the columns a row names: the others take their defaults on insert and keep their values on update", async () => {
    const document = { id: "doc-partial", title: "Lease", file_name: "lease.pdf", kind: "pdf", case_id: "case-georgiou" };
    expect(await apply(ada, [upsert("documents", { ...document, size_bytes: 2048, updated_at: at("09:00:00") })])).toEqual([OK]);
    const [inserted] = await rowsOf("documents", ada, "id = $2", ["doc-partial"]);
    expect(inserted).toMatchObject({ case_title: "", size_bytes: 2048, page_count: 0, unit: "page", status: "queued", sha256: null, failure_reason: null });

    const change = { id: "doc-partial", status: "failed", failure_reason: "The file is damaged", created_at: "2000-01-01T00:00:00Z", updated_at: at("09:05:00") };
    expect(await apply(ada, [upsert("documents", change)])).toEqual([OK]);
    expect(await rowsOf("documents", ada, "id = $2", ["doc-partial"])).toEqual([
      { ...inserted, status: "failed", failure_reason: "The file is damaged", updated_at: at("09:05:00") },
    ]);

    // An upsert with no updated_at keeps the stored one; a null it names is written (a value cleared).
    expect(await apply(ada, [upsert("documents", { id: "doc-partial", status: "queued", failure_reason: null })])).toEqual([OK]);
    expect(await rowsOf("documents", ada, "id = $2", ["doc-partial"])).toEqual([{ ...inserted, updated_at: at("09:05:00") }]);

    // Preferences: one row per user, keyed by owner_id alone, so a row may name any subset of its columns, or none.
    expect(await apply(ada, [upsert("preferences", {})])).toEqual([OK]);
    expect(await apply(ada, [upsert("preferences", { compact_mode: true }), upsert("preferences", { notify_email: false, default_scope: "kb" })])).toEqual([OK, OK]);
    expect(await rowsOf("preferences", ada)).toEqual([
      expect.objectContaining({ default_scope: "kb", compact_mode: true, notify_email: false, notify_desktop: false, notify_mobile: true, sidebar_collapsed: false }),
    ]);
  });

  it("skips an upsert older than the stored row and reports it skipped (last write wins); a newer one applies", async () => {
    expect(await apply(ada, [upsert("cases", { id: "case-lww", title: "Georgiou v Paphos Coastal", docket_no: "CV-2025-1", updated_at: at("12:00:00") })])).toEqual([OK]);
    const [stored] = await rowsOf("cases", ada, "id = $2", ["case-lww"]);

    expect(await apply(ada, [upsert("cases", { id: "case-lww", status: "closed", members: 3, updated_at: at("11:59:59") })])).toEqual([SKIPPED]);
    expect(await rowsOf("cases", ada, "id = $2", ["case-lww"])).toEqual([stored]);

    expect(await apply(ada, [upsert("cases", { id: "case-lww", status: "closed", updated_at: at("12:00:01") })])).toEqual([OK]);
    expect(await rowsOf("cases", ada, "id = $2", ["case-lww"])).toEqual([{ ...stored, status: "closed", updated_at: at("12:00:01") }]);
  });

  it("deletes by key, idempotently; deleting a conversation deletes its messages", async () => {
    const message = (id: string) => upsert("messages", { conversation_id: "conv-delete", id, role: "assistant", content: "An answer", scope: "firm" });
    expect(
      await apply(ada, [
        upsert("conversations", { id: "conv-delete", title: "To delete" }),
        message("m1"),
        message("m2"),
        upsert("documents", { id: "doc-delete", title: "Memo", file_name: "memo.txt", kind: "txt", case_id: "case-1" }),
        upsert("document_pages", { document_id: "doc-delete", page_number: 1, text: "Page one" }),
        upsert("document_pages", { document_id: "doc-delete", page_number: 2, text: "Page two", source: "ocr" }),
      ]),
    ).toEqual([OK, OK, OK, OK, OK, OK]);

    const deleteMessage = remove("messages", { conversation_id: "conv-delete", id: "m1" });
    expect(await apply(ada, [deleteMessage, deleteMessage, remove("document_pages", { document_id: "doc-delete", page_number: 1 })])).toEqual([OK, OK, OK]);
    expect((await rowsOf("messages", ada, "conversation_id = $2", ["conv-delete"])).map((r) => r.id)).toEqual(["m2"]);
    expect((await rowsOf("document_pages", ada, "document_id = $2", ["doc-delete"])).map((r) => r.page_number)).toEqual([2]);

    expect(await apply(ada, [remove("conversations", { id: "conv-delete" }), remove("conversations", { id: "conv-delete" })])).toEqual([OK, OK]);
    expect(await rowsOf("conversations", ada, "id = $2", ["conv-delete"])).toEqual([]);
    expect(await rowsOf("messages", ada, "conversation_id = $2", ["conv-delete"])).toEqual([]);

    // A delete names exactly the row's key (and, for a colleague's row, its owner_id: tests/unit/db/firms.test.ts):
    // never a part of it (which could match many rows), never other columns.
    const refused = await apply(ada, [
      remove("document_pages", { document_id: "doc-delete" }),
      remove("document_pages", { document_id: "doc-delete", page_number: 2, text: "Page two" }),
      remove("documents", { id: "doc-delete", title: "Lease" }),
    ]);
    expect(refused).toEqual(Array.from({ length: 3 }, () => ({ ok: false, code: "22023", message: expect.stringMatching(/the key of/) })));
    expect(await rowsOf("document_pages", ada, "document_id = $2", ["doc-delete"])).toHaveLength(1);

    expect(await apply(ada, [upsert("preferences", { compact_mode: true }), remove("preferences", {})])).toEqual([OK, OK]);
    expect(await rowsOf("preferences", ada)).toEqual([]);
  });

  it("never touches another user's rows, and refuses a row naming another owner", async () => {
    await asRole(db, "authenticated", bob, (tx) =>
      tx.query("insert into public.conversations (id, title, updated_at) values ('conv-bob', 'Bob''s', '2025-03-01T08:00:00Z')"),
    );
    const bobs = await rowsOf("conversations", bob);

    // With Bob's keys, Ada's changes reach Ada's rows only: the delete finds nothing, the upsert makes her own row.
    expect(
      await apply(ada, [remove("conversations", { id: "conv-bob" }), upsert("conversations", { id: "conv-bob", title: "Ada's", updated_at: at("23:00:00") })]),
    ).toEqual([OK, OK]);
    expect(await rowsOf("conversations", bob)).toEqual(bobs);
    expect(await rowsOf("conversations", ada, "id = $2", ["conv-bob"])).toEqual([expect.objectContaining({ owner_id: ada, title: "Ada's" })]);
    expect(await apply(ada, [remove("conversations", { id: "conv-bob" })])).toEqual([OK]);
    expect(await rowsOf("conversations", ada, "id = $2", ["conv-bob"])).toEqual([]);
    expect(await rowsOf("conversations", bob)).toEqual(bobs);

    // A forged owner is refused by the insert policy: on a new key, on the key of Bob's row, on the key of Ada's own;
    // a message cannot be attached to Bob's conversation (its parent is looked up among Ada's).
    const forged = { title: "Forged", owner_id: bob, updated_at: at("23:59:00") };
    const refusedByPolicy = { ok: false, code: "42501", message: expect.stringMatching(/row-level security/) };
    expect(
      await apply(ada, [
        upsert("conversations", { id: "conv-ada", title: "Ada's own", updated_at: at("22:00:00") }),
        upsert("conversations", { id: "conv-forged", ...forged }),
        upsert("conversations", { id: "conv-bob", ...forged }),
        upsert("conversations", { id: "conv-ada", ...forged }),
        upsert("messages", { conversation_id: "conv-bob", id: "m1", role: "user", content: "Planted", scope: "all" }),
      ]),
    ).toEqual([OK, refusedByPolicy, refusedByPolicy, refusedByPolicy, { ok: false, code: "23503", message: expect.stringMatching(/foreign key/) }]);
    expect(await rowsOf("conversations", bob)).toEqual(bobs);
    expect(await rowsOf("messages", bob)).toEqual([]);
    expect(await rowsOf("conversations", ada, "id like 'conv-ada%' or id like 'conv-forged%'")).toEqual([
      expect.objectContaining({ id: "conv-ada", title: "Ada's own", updated_at: at("22:00:00") }),
    ]);
  });

  it("refuses a bad change on its own while the others of the batch apply", async () => {
    const results = await apply(ada, [
      upsert("conversations", { id: "conv-mixed", title: "Mixed" }),
      upsert("profiles", { id: ada, full_name: "Ada" }),
      upsert("conversations; drop table public.messages; --", { id: "x" }),
      remove("auth.users", { id: ada }),
      upsert("conversations", { id: "conv-colour", title: "Colour", colour: "red" }),
      upsert("messages", { conversation_id: "conv-mixed", id: "m-bad", role: "system", content: "Hi", scope: "firm" }),
      upsert("document_pages", { document_id: "doc-x", page_number: 1, text: "Text", tsv: "text" }),
      upsert("cases", { id: "case-bad", title: "Case", docket_no: "CV-1", members: "many" }),
      { table: "conversations", op: "truncate", key: {} },
      { table: "conversations", op: "upsert", row: [] },
      "conversations",
      upsert("messages", { conversation_id: "conv-mixed", id: "m-good", role: "user", content: "Hi", scope: "firm" }),
    ]);
    expect(results).toEqual([
      OK,
      { ok: false, code: "42P01", message: "unknown table: profiles" },
      { ok: false, code: "42P01", message: expect.stringMatching(/^unknown table/) },
      { ok: false, code: "42P01", message: "unknown table: auth.users" },
      { ok: false, code: "42703", message: "no column colour in conversations" },
      { ok: false, code: "23514", message: expect.stringMatching(/messages_role_check/) },
      { ok: false, code: "428C9", message: expect.stringMatching(/tsv/) },
      { ok: false, code: "22P02", message: expect.stringMatching(/integer/) },
      { ok: false, code: "22023", message: expect.stringMatching(/unknown op: truncate/) },
      { ok: false, code: "22023", message: expect.stringMatching(/needs a row/) },
      { ok: false, code: "22023", message: expect.stringMatching(/JSON object/) },
      OK,
    ]);
    expect((await rowsOf("messages", ada, "conversation_id = $2", ["conv-mixed"])).map((r) => r.id)).toEqual(["m-good"]);
    expect(await rowsOf("conversations", ada, "id in ('conv-mixed', 'conv-colour')")).toEqual([expect.objectContaining({ id: "conv-mixed" })]);
    expect(await rowsOf("cases", ada, "id = 'case-bad'")).toEqual([]);
    expect((await db.query("select 1 from public.messages")).rows.length).toBeGreaterThan(0);
  });

  it("takes at most 500 changes a call, and only an array of them", async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => remove("conversations", { id: `conv-none-${String(i)}` }));
    expect(await apply(ada, many(500))).toEqual(Array.from({ length: 500 }, () => OK));
    await expect(apply(ada, many(501))).rejects.toMatchObject({ code: "PT413", message: expect.stringMatching(/at most 500/) });
    expect(await apply(ada, [])).toEqual([]);
    for (const notArray of [{ changes: many(1) }, "[]", 1, null]) {
      await expect(apply(ada, notArray)).rejects.toMatchObject({ code: "22023", message: expect.stringMatching(/JSON array/) });
    }
  });

  it("answers supabase-js over HTTP with one outcome per change", async () => {
    server = await serveDataApi(db, ANON_KEY);
    const client = (token?: string) =>
      createClient(server!.url, ANON_KEY, {
        auth: { persistSession: false, autoRefreshToken: false },
        ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
      });
    const changes = [
      upsert("conversations", { id: "conv-http", title: "Over HTTP", updated_at: "2025-03-02T10:00:00.000Z" }),
      upsert("messages", { conversation_id: "conv-http", id: "m1", role: "user", content: "Hello", scope: "firm", citations: [] }),
      upsert("messages", { conversation_id: "conv-http", id: "m2", role: "user", content: "Hello", scope: "nowhere" }),
    ];
    const sent = await client(`user:${ada}`).rpc("apply_changes", { changes, expected_owner: ada });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual([OK, OK, { ok: false, code: "23514", message: expect.stringMatching(/messages_scope_check/) }]);
    expect(await rowsOf("messages", ada, "conversation_id = $2", ["conv-http"])).toEqual([expect.objectContaining({ id: "m1", citations: [] })]);

    const retried = await client(`user:${ada}`).rpc("apply_changes", { changes, expected_owner: ada });
    expect(retried.data).toEqual(sent.data);
    expect(await rowsOf("messages", ada, "conversation_id = $2", ["conv-http"])).toHaveLength(1);

    const anon = await client().rpc("apply_changes", { changes, expected_owner: ada });
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: "42501", message: expect.stringMatching(/permission denied/) });

    const tooMany = await client(`user:${ada}`).rpc("apply_changes", { changes: Array.from({ length: 501 }, () => changes[0]), expected_owner: ada });
    expect(tooMany.status).toBe(413);
    expect(tooMany.error).toMatchObject({ code: "PT413" });
  });
});
