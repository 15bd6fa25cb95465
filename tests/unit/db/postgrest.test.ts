import type { PGlite } from "@electric-sql/pglite";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeServer } from "../../e2e/fixtures/server";
import { serveDataApi } from "../../fixtures/postgrest";
import { addDays, isWeekend } from "../../../src/lib/booking/calendarDates";
import { todayIn, zonedToInstant } from "../../../src/lib/booking/zonedTime";
import { planQuery, searchTerms } from "../../../src/lib/search/rank";
import { createSyncApi } from "../../../src/lib/sync/supabaseApi";
import { migratedDb } from "./harness";

// The tests' data API (tests/fixtures/postgrest.ts) driven by the real supabase-js over HTTP: what it answers is
// what PGlite, the migrations and row-level security decide.
const ANON_KEY = "anon-key";
const ADA = "0b3f0c1e-7d55-4e0a-9a53-5a3c2f1e9b10";
const BOB = "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b";

let db: PGlite;
let server: FakeServer;
let anon: SupabaseClient;
let ada: SupabaseClient;
let bob: SupabaseClient;

const client = (token?: string) =>
  createClient(server.url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });

beforeAll(async () => {
  db = await migratedDb();
  for (const [id, email] of [
    [ADA, "ada@example.com"],
    [BOB, "bob@example.com"],
  ]) {
    await db.query("insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, '{}')", [id, email]);
  }
  // A table shaped like the workspace's: owner_id from the JWT, row-level security per owner.
  await db.exec(`
    create table public.notes (
      id text not null,
      owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
      title text not null,
      pinned boolean not null default false,
      tags text[] not null default '{}',
      updated_at timestamptz not null default now(),
      primary key (owner_id, id)
    );
    alter table public.notes enable row level security;
    revoke all on public.notes from anon, authenticated;
    grant select, insert, update, delete on public.notes to authenticated;
    create policy "own notes" on public.notes for all to authenticated
      using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
  `);
  server = await serveDataApi(db, ANON_KEY);
  anon = client();
  ada = client(`user:${ADA}`);
  bob = client(`user:${BOB}`);
}, 120_000);

afterAll(() => server?.close());

describe("tables through supabase-js", () => {
  it("inserts, selects with filters and order, updates, upserts and deletes, each user in their own rows", async () => {
    const inserted = await ada.from("notes").insert([
      // A bulk insert sets every column any row names: a row without it gets null, as PostgREST does.
      { id: "n1", title: "Lease review", tags: ["lease"], pinned: false },
      { id: "n2", title: "Memo", tags: [], pinned: true },
    ]).select();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual([
      expect.objectContaining({ id: "n1", owner_id: ADA, title: "Lease review", tags: ["lease"], pinned: false }),
      expect.objectContaining({ id: "n2", owner_id: ADA, pinned: true }),
    ]);
    expect((await bob.from("notes").insert({ id: "n1", title: "Bob's" })).error).toBeNull();

    const listed = await ada.from("notes").select("id,title").order("id", { ascending: false });
    expect(listed.data).toEqual([
      { id: "n2", title: "Memo" },
      { id: "n1", title: "Lease review" },
    ]);
    expect((await ada.from("notes").select("id").eq("pinned", true)).data).toEqual([{ id: "n2" }]);
    expect((await ada.from("notes").select("id").in("id", ["n1", "n3"])).data).toEqual([{ id: "n1" }]);
    expect((await ada.from("notes").select("id").ilike("title", "%lease%")).data).toEqual([{ id: "n1" }]);
    expect((await ada.from("notes").select("id").limit(1).order("id")).data).toEqual([{ id: "n1" }]);

    const single = await ada.from("notes").update({ title: "Lease, reviewed" }).eq("id", "n1").select().single();
    expect(single.data).toMatchObject({ id: "n1", title: "Lease, reviewed" });
    expect((await bob.from("notes").select("title").eq("id", "n1").single()).data).toEqual({ title: "Bob's" });

    const upserted = await ada.from("notes").upsert({ id: "n2", owner_id: ADA, title: "Memo v2" }, { onConflict: "owner_id,id" }).select();
    expect(upserted.data).toEqual([expect.objectContaining({ id: "n2", title: "Memo v2", pinned: true })]);

    expect((await ada.from("notes").delete().eq("id", "n2")).error).toBeNull();
    expect((await ada.from("notes").select("id")).data).toEqual([{ id: "n1" }]);
  });

  it("lets row-level security refuse: another user's rows are invisible, a forged owner fails, anon is denied", async () => {
    expect((await bob.from("notes").select("id,owner_id")).data).toEqual([{ id: "n1", owner_id: BOB }]);
    expect((await bob.from("notes").update({ title: "Mallory" }).eq("owner_id", ADA).select()).data).toEqual([]);
    const forged = await bob.from("notes").insert({ id: "n9", title: "Forged", owner_id: ADA });
    expect(forged.error).toMatchObject({ code: "42501", message: expect.stringMatching(/row-level security/) });
    expect(forged.status).toBe(403);
    const denied = await anon.from("notes").select("*");
    expect(denied.error).toMatchObject({ code: "42501" });
    expect(denied.status).toBe(401);
    const none = await ada.from("notes").select("*").eq("id", "missing").single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: "PGRST116" });
  });
});

describe("RPC through supabase-js", () => {
  let date = addDays(todayIn("Europe/Nicosia", new Date()), 10);
  while (isWeekend(date)) date = addDays(date, 1);
  const start = zonedToInstant(date, "18:00", "Europe/Nicosia").toISOString();

  it("calls a function with named arguments as anon and returns its value, a set as an array of rows", async () => {
    // Booking is the booking Edge Function's (the service role's): anon only reads the taken starts.
    await db.query("select public.book_slot(name => 'Maria', email => 'maria@example.com', start => $1, client => $2)", [start, "c".repeat(64)]);
    const taken = await anon.rpc("taken_slots", { from: zonedToInstant(date, "00:00", "Europe/Nicosia").toISOString(), to: addDays(date, 1) });
    expect(taken.data).toEqual([{ slot_start: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect(new Date((taken.data as { slot_start: string }[])[0]!.slot_start).toISOString()).toBe(start);
  });

  it("answers a raised PT409 with HTTP 409 and the function's message, and a function anon may not call with 401", async () => {
    await db.exec(`create function public.always_taken() returns void language plpgsql as $$
      begin raise exception 'slot_taken' using errcode = 'PT409'; end $$`);
    const again = await anon.rpc("always_taken");
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: "PT409", message: "slot_taken" });
    const refused = await anon.rpc("book_slot", { name: "Eleni", email: "eleni@example.com", start });
    expect(refused.status).toBe(401);
    expect(refused.error).toMatchObject({ code: "42501" });
  });

  it("refuses an unknown function or argument as PostgREST does", async () => {
    expect((await anon.rpc("no_such_function")).error).toMatchObject({ code: "PGRST202" });
    expect((await anon.rpc("cancel_booking", { tokenx: "x" })).error).toMatchObject({ code: "PGRST202" });
  });

  it("passes arrays and nulls to search_pages as the sync API sends them: the caller's pages by terms and prefixes", async () => {
    const doc = { id: "doc-rpc", title: "Lease", file_name: "lease.txt", kind: "txt", case_id: "case-1", case_title: "Case", page_count: 1, status: "done" };
    expect((await ada.from("documents").insert(doc)).error).toBeNull();
    const page = { document_id: "doc-rpc", page_number: 1, text: "This Agreement is governed by the laws of the Republic of Cyprus.", source: "text" };
    expect((await ada.from("document_pages").insert(page)).error).toBeNull();
    const terms = searchTerms(planQuery("Which law governs this agreement?"));
    const found = await createSyncApi(ada).searchPages(terms, null, null, 10);
    expect(found).toMatchObject([{ document_id: "doc-rpc", page_number: 1, title: "Lease", case_id: "case-1", text: page.text }]);
    expect(await createSyncApi(ada).searchPages({ terms: [], prefixes: ["govern"] }, ["doc-rpc"], [], 10)).toHaveLength(1);
    expect(await createSyncApi(ada).searchPages(terms, [], ["case-2"], 10)).toEqual([]);
    expect(await createSyncApi(bob).searchPages(terms, null, null, 10)).toEqual([]);
    // Anonymous: refused by the grant, as PostgREST refuses an anonymous caller (401, 42501), not a missing function.
    const denied = await anon.rpc("search_pages", { terms: terms.terms, prefixes: terms.prefixes, document_ids: null, case_ids: null, max_results: 10 });
    expect(denied.status).toBe(401);
    expect(denied.error).toMatchObject({ code: "42501", message: expect.stringMatching(/permission denied for function search_pages/) });
    expect(denied.data).toBeNull();
  });
});
