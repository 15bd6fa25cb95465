import { readFileSync, readdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeServer } from "../../e2e/fixtures/server";
import { serveDataApi } from "../../fixtures/postgrest";
import { asRole, migratedDb, signUp } from "./harness";
import { supabaseShim } from "./supabaseShim";

// supabase/migrations/20251127000300_sync_clock_and_owner.sql on PGlite (issue 31, items 9 and 10): updated_at is
// bounded by the server's clock, a skipped change is reported skipped, and a batch is refused for anyone but the
// owner it names.

type Row = Record<string, unknown>;
type Outcome = { ok: true; skipped?: true } | { ok: false; code: string; message: string };

const OK = { ok: true };
const SKIPPED = { ok: true, skipped: true };
const FIVE_MINUTES_MS = 5 * 60_000;
const ANON_KEY = "anon-key";
const MIGRATION = "20251127000300_sync_clock_and_owner.sql";

let db: PGlite;
let server: FakeServer | undefined;
let ada: string;
let bob: string;

/** Calls apply_changes as `caller` (PostgREST's role and JWT claims), naming `owner` as the batch's owner. */
const apply = (caller: string, changes: unknown, owner: string | null = caller) =>
  asRole(db, "authenticated", caller, async (tx) => {
    const { rows } = await tx.query<{ result: Outcome[] }>("select public.apply_changes($1::jsonb, $2::uuid) as result", [
      JSON.stringify(changes),
      owner,
    ]);
    return rows[0]!.result;
  });

const upsert = (table: string, row: Row) => ({ table, op: "upsert", row });

/** The server's clock now, as the database reads it. */
const serverNow = async () => (await db.query<{ now: Date }>("select now() as now")).rows[0]!.now.getTime();

const updatedAt = async (table: string, owner: string, where: string, params: unknown[] = []) =>
  (await db.query<{ updated_at: Date }>(`select updated_at from public.${table} where owner_id = $1 and ${where}`, [owner, ...params])).rows[0]
    ?.updated_at;

/** One valid row of each synced table that has an updated_at, its parent first (messages hang from a conversation). */
const ROWS: { table: string; row: Row; where: string }[] = [
  { table: "conversations", row: { id: "conv-clock", title: "Clock" }, where: "id = 'conv-clock'" },
  {
    table: "messages",
    row: { conversation_id: "conv-clock", id: "m1", role: "user", content: "Hello", scope: "firm" },
    where: "conversation_id = 'conv-clock' and id = 'm1'",
  },
  { table: "knowledge_items", row: { id: "kb-clock", title: "Note", type: "internal", description: "A note", source: "Firm" }, where: "id = 'kb-clock'" },
  { table: "cases", row: { id: "case-clock", title: "Matter", docket_no: "CV-1" }, where: "id = 'case-clock'" },
  { table: "documents", row: { id: "doc-clock", title: "Lease", file_name: "lease.pdf", kind: "pdf", case_id: "case-clock" }, where: "id = 'doc-clock'" },
  { table: "preferences", row: { compact_mode: true }, where: "true" },
];

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@example.com");
  bob = await signUp(db, "bob@example.com");
}, 120_000);

afterAll(async () => {
  await server?.close();
  await db?.close();
});

describe("updated_at and the server's clock", () => {
  it("keeps the leeway in one place: five minutes", async () => {
    const { rows } = await db.query<{ leeway: string }>("select public.sync_clock_leeway()::text as leeway");
    expect(rows).toEqual([{ leeway: "00:05:00" }]);
  });

  it.each(ROWS)("$table: 'infinity' and a clock a day ahead are stored as the server's clock plus five minutes at most", async ({ table, row, where }) => {
    for (const future of ["infinity", new Date(Date.now() + 86_400_000).toISOString()]) {
      expect(await apply(ada, [upsert(table, { ...row, updated_at: future })])).toEqual([OK]);
      const stored = (await updatedAt(table, ada, where))!.getTime();
      expect(stored).toBeLessThanOrEqual((await serverNow()) + FIVE_MINUTES_MS);
      expect(stored).toBeGreaterThan((await serverNow()) + FIVE_MINUTES_MS - 60_000);
    }
    // A direct write (supabase-js, no apply_changes) is bounded too, on insert and on update.
    const direct = await asRole(db, "authenticated", ada, (tx) =>
      tx.query<{ updated_at: Date }>(`update public.${table} set updated_at = 'infinity' where ${where} returning updated_at`),
    );
    expect(direct.rows[0]!.updated_at.getTime()).toBeLessThanOrEqual((await serverNow()) + FIVE_MINUTES_MS);
  });

  it("lets a later edit from another device win after a device sent 'infinity'; a time a minute ahead is kept as it is", async () => {
    const poisoned = upsert("cases", { id: "case-infinity", title: "Sent from a broken clock", docket_no: "CV-9", updated_at: "infinity" });
    expect(await apply(ada, [poisoned])).toEqual([OK]);
    // Ten minutes on (the stored row made ten minutes older, its triggers held off), the other device's edit carries
    // its own right time: it wins, as last write wins means. 'infinity' stored as it was sent would win forever.
    await db.exec("alter table public.cases disable trigger user");
    await db.query("update public.cases set updated_at = updated_at - interval '10 minutes' where owner_id = $1 and id = 'case-infinity'", [ada]);
    await db.exec("alter table public.cases enable trigger user");
    const later = new Date(await serverNow()).toISOString();
    expect(await apply(ada, [upsert("cases", { id: "case-infinity", title: "Renamed on the phone", updated_at: later })])).toEqual([OK]);
    const { rows } = await db.query<{ title: string }>("select title from public.cases where owner_id = $1 and id = 'case-infinity'", [ada]);
    expect(rows).toEqual([{ title: "Renamed on the phone" }]);

    const minuteAhead = new Date((await serverNow()) + 60_000);
    expect(await apply(ada, [upsert("cases", { id: "case-ahead", title: "Clock a minute fast", docket_no: "CV-10", updated_at: minuteAhead.toISOString() })])).toEqual([OK]);
    expect(await updatedAt("cases", ada, "id = 'case-ahead'")).toEqual(minuteAhead);
  });

  // A database of its own, every migration before this one applied: several seconds on a busy machine.
  it("brings rows stored in the future before the migration back to the bound, once", { timeout: 60_000 }, async () => {
    const folder = new URL("../../../supabase/migrations/", import.meta.url);
    const earlier = readdirSync(folder)
      .filter((file) => file.endsWith(".sql") && file < MIGRATION)
      .sort();
    const older = new PGlite();
    try {
      await older.exec(supabaseShim);
      for (const file of earlier) await older.exec(readFileSync(new URL(file, folder), "utf8"));
      const { rows } = await older.query<{ id: string }>("insert into auth.users (email) values ('carol@example.com') returning id");
      const carol = rows[0]!.id;
      await older.query(
        "insert into public.conversations (owner_id, id, title, updated_at) values ($1, 'conv-poisoned', 'Poisoned', 'infinity'), ($1, 'conv-fine', 'Fine', '2025-03-01T10:00:00Z')",
        [carol],
      );
      await older.exec(readFileSync(new URL(MIGRATION, folder), "utf8"));
      const stored = await older.query<{ id: string; bounded: boolean; untouched: boolean }>(
        "select id, updated_at <= now() + interval '5 minutes' as bounded, updated_at = '2025-03-01T10:00:00Z' as untouched from public.conversations order by id",
      );
      expect(stored.rows).toEqual([
        { id: "conv-fine", bounded: true, untouched: true },
        { id: "conv-poisoned", bounded: true, untouched: false },
      ]);
    } finally {
      await older.close();
    }
  });
});

describe("apply_changes reports what it skipped", () => {
  it("answers skipped for an upsert older than the stored row, ok for one as new or newer, and for a key alone", async () => {
    const at = (time: string) => `2025-03-01T${time}Z`;
    const base = { id: "case-skip", title: "Skip", docket_no: "CV-2" };
    expect(await apply(ada, [upsert("cases", { ...base, updated_at: at("12:00:00") })])).toEqual([OK]);
    expect(
      await apply(ada, [
        upsert("cases", { id: "case-skip", status: "closed", updated_at: at("11:00:00") }),
        upsert("cases", { id: "case-skip", status: "pending", updated_at: at("12:00:00") }),
        upsert("cases", { id: "case-skip" }),
        upsert("preferences", {}),
        upsert("cases", { id: "case-skip", status: "closed", updated_at: at("13:00:00") }),
      ]),
    ).toEqual([SKIPPED, OK, OK, OK, OK]);
    const { rows } = await db.query<Row>("select status from public.cases where owner_id = $1 and id = 'case-skip'", [ada]);
    expect(rows).toEqual([{ status: "closed" }]);
  });
});

describe("apply_changes and the expected owner", () => {
  it("takes (changes, expected_owner) only: the one-argument form is gone", async () => {
    const { rows } = await db.query<{ signature: string }>(
      "select pg_get_function_identity_arguments(p.oid) as signature from pg_proc p where p.proname = 'apply_changes'",
    );
    expect(rows).toEqual([{ signature: "changes jsonb, expected_owner uuid" }]);
  });

  it("refuses the whole batch, before any change, when the caller is not the owner it names", async () => {
    const changes = [upsert("cases", { id: "case-ada-offline", title: "Ada's offline matter", docket_no: "CV-3" })];
    // Ada's outbox sent with Bob's token: nothing becomes Bob's.
    await expect(apply(bob, changes, ada)).rejects.toMatchObject({ code: "28000", message: expect.stringMatching(/another user/) });
    await expect(apply(bob, changes, null)).rejects.toMatchObject({ code: "28000" });
    await expect(apply(bob, "not even an array", ada)).rejects.toMatchObject({ code: "28000" });
    const { rows } = await db.query("select owner_id from public.cases where id = 'case-ada-offline'");
    expect(rows).toEqual([]);
    // Sent with Ada's own token, the same batch applies.
    expect(await apply(ada, changes, ada)).toEqual([OK]);
    expect((await db.query("select owner_id from public.cases where id = 'case-ada-offline'")).rows).toEqual([{ owner_id: ada }]);
  });

  it("answers supabase-js with code 28000 for a batch of another owner", async () => {
    server = await serveDataApi(db, ANON_KEY);
    const bobs = createClient(server.url, ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer user:${bob}` } },
    });
    const changes = [upsert("cases", { id: "case-over-http", title: "Over HTTP", docket_no: "CV-4" })];
    const refused = await bobs.rpc("apply_changes", { changes, expected_owner: ada });
    expect(refused.data).toBeNull();
    expect(refused.error).toMatchObject({ code: "28000" });
    expect((await bobs.rpc("apply_changes", { changes, expected_owner: bob })).data).toEqual([OK]);
  });
});

describe("a synced table added later", () => {
  it("is written by apply_changes once sync_table_keys names it, and bounded by the one clamp trigger", async () => {
    expect(await apply(ada, [upsert("later_records", { id: "record-1", title: "Leases" })])).toEqual([
      { ok: false, code: "42P01", message: "unknown table: later_records" },
    ]);
    // What a later migration does: the table with its policies and its two triggers, then one more line in sync_table_keys.
    await db.exec(`
      create table public.later_records (
        owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
        id text not null,
        title text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (owner_id, id)
      );
      alter table public.later_records enable row level security;
      create policy "own" on public.later_records for all to authenticated using ((select auth.uid()) = owner_id) with check ((select auth.uid()) = owner_id);
      create trigger later_records_guard before update on public.later_records for each row execute function public.workspace_guard_update('owner_id', 'id');
      create trigger later_records_clock before insert or update on public.later_records for each row execute function public.sync_clamp_updated_at();
    `);
    // sync_table_keys as it stands, with one more line.
    const { rows } = await db.query<{ definition: string }>("select pg_get_functiondef('public.sync_table_keys(text)'::regprocedure) as definition");
    const last = "when 'preferences' then array[]::text[]";
    expect(rows[0]!.definition).toContain(last);
    await db.exec(rows[0]!.definition.replace(last, `${last} when 'later_records' then array['id']`));
    expect(await apply(ada, [upsert("later_records", { id: "record-1", title: "Leases", updated_at: "infinity" })])).toEqual([OK]);
    expect((await updatedAt("later_records", ada, "id = 'record-1'"))!.getTime()).toBeLessThanOrEqual((await serverNow()) + FIVE_MINUTES_MS);
    expect(await apply(ada, [upsert("later_records", { id: "record-1", title: "Old", updated_at: "2025-01-01T00:00:00Z" })])).toEqual([SKIPPED]);
  });
});
