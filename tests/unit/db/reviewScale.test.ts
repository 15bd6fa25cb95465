import type { PGlite } from "@electric-sql/pglite";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_REVIEW_DOCUMENTS } from "../../../src/lib/review/review";
import { SELECT_PAGE_ROWS, createSyncApi } from "../../../src/lib/sync/supabaseApi";
import type { FakeServer } from "../../e2e/fixtures/server";
import { serveDataApi } from "../../fixtures/postgrest";
import { migratedDb, signUp } from "./harness";

// Review at archive scale on Supabase (issue 44, items 3 and 6; 20251201000700_review_scale.sql): a review of 1,000
// documents is taken, and a second device reads its cells page by page through supabase-js, never all in one request.

const ANON_KEY = "anon-key";
let db: PGlite;
let server: FakeServer;
let ada: string;
let bob: string;

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@scale.test");
  bob = await signUp(db, "bob@scale.test");
  server = await serveDataApi(db, ANON_KEY);
}, 120_000);
afterAll(() => server?.close());

const DOCS = 1000;
const QUESTIONS = 3;

describe("a review of 1,000 documents on Supabase", () => {
  it("is read by a second device in pages of 1,000 cells, every cell once, and by nobody else", async () => {
    expect(MAX_REVIEW_DOCUMENTS).toBe(DOCS);
    const documents = Array.from({ length: DOCS }, (_, i) => ({ id: `doc-${String(i)}`, title: `Contract ${String(i)}` }));
    const columns = Array.from({ length: QUESTIONS }, (_, j) => ({ id: `q-${String(j)}`, label: `Q${String(j)}`, question: `Question ${String(j)}?` }));
    await db.query("insert into public.reviews (owner_id, id, title, documents, columns) values ($1, 'big', 'Archive', $2::jsonb, $3::jsonb)", [
      ada,
      JSON.stringify(documents),
      JSON.stringify(columns),
    ]);
    await db.query(
      `insert into public.review_cells (owner_id, review_id, doc_id, column_id, question, status)
       select $1, 'big', 'doc-' || d, 'q-' || q, 'Question ' || q || '?', 'not-found'
       from generate_series(0, ${String(DOCS - 1)}) as d, generate_series(0, ${String(QUESTIONS - 1)}) as q`,
      [ada],
    );

    const requests: URL[] = [];
    const clientOf = (user: string) =>
      createClient(server.url, ANON_KEY, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: {
          headers: { Authorization: `Bearer user:${user}` },
          fetch: (input, init) => {
            const url = new URL(input instanceof Request ? input.url : String(input));
            if (url.pathname.endsWith("/review_cells")) requests.push(url);
            return fetch(input, init);
          },
        },
      });

    const read = await createSyncApi(clientOf(ada)).reader.select("review_cells", ada);
    if (!read.ok) throw new Error(read.reason);
    expect(read.rows).toHaveLength(DOCS * QUESTIONS);
    expect(new Set(read.rows.map((r) => `${String(r.doc_id)}/${String(r.column_id)}`)).size).toBe(DOCS * QUESTIONS);
    // 3,000 cells: three full pages and an empty one that ends the read.
    expect(requests.map((u) => [u.searchParams.get("offset") ?? "0", u.searchParams.get("limit")])).toEqual([
      ["0", String(SELECT_PAGE_ROWS)],
      ["1000", String(SELECT_PAGE_ROWS)],
      ["2000", String(SELECT_PAGE_ROWS)],
      ["3000", String(SELECT_PAGE_ROWS)],
    ]);
    expect(requests.every((u) => u.searchParams.get("order") === "owner_id.asc,review_id.asc,doc_id.asc,column_id.asc")).toBe(true);

    const other = await createSyncApi(clientOf(bob)).reader.select("review_cells", bob);
    expect(other).toEqual({ ok: true, rows: [] });
  }, 60_000);
});
