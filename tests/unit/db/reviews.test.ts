import type { PGlite, Transaction } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import {
  MAX_NOTE_CHARS,
  MAX_QUESTION_CHARS,
  MAX_REVIEW_DOCUMENTS,
  MAX_REVIEW_QUESTIONS,
  parseCells,
  parseReviews,
  type Review,
  type ReviewCell,
} from "../../../src/lib/review/review";
import { TABLE_MAPPINGS } from "../../../src/lib/sync/tables";
import { asRole, migratedDb, signUp } from "./harness";

// The Review grid on Supabase (supabase/migrations/20251128000000_reviews.sql, issue 30 item 6) on PGlite: reviews
// and review_cells, each user's alone, written through apply_changes as the outbox sends them and directly as
// supabase-js would; anon gets nothing; a cell hangs only from its owner's review; the sizes the browser keeps.

type Row = Record<string, unknown>;
type Outcome = { ok: true; skipped?: true } | { ok: false; code: string; message: string };

const OK = { ok: true };
const REVIEWS = TABLE_MAPPINGS.find((m) => m.table === "reviews")!;
const CELLS = TABLE_MAPPINGS.find((m) => m.table === "review_cells")!;

let db: PGlite;
let ada: string;
let bob: string;

/** Calls apply_changes as `user`, the owner of the batch, as the sender does. */
const apply = (user: string, changes: unknown) =>
  asRole(db, "authenticated", user, async (tx) => {
    const { rows } = await tx.query<{ result: Outcome[] }>("select public.apply_changes($1::jsonb, $2::uuid) as result", [JSON.stringify(changes), user]);
    return rows[0]!.result;
  });
const upsert = (table: string, row: Row) => ({ table, op: "upsert", row });
const remove = (table: string, key: Row) => ({ table, op: "delete", key });

/** What a role sees of a table, as PostgREST answers a select: JSON rows, instants as strings. */
const seen = (role: "authenticated" | "anon", user: string | null, table: string) =>
  asRole(db, role, user, async (tx) => (await tx.query<{ row: Row }>(`select to_jsonb(t) as row from public.${table} as t`)).rows.map((r) => r.row));

/** A table's rows of an owner, as the database owner sees them. */
const storedOf = async (table: string, owner: string) =>
  (await db.query<Row>(`select * from public.${table} where owner_id = $1`, [owner])).rows;

const documents = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `doc-${String(i)}`, title: `Contract ${String(i)}` }));
const columns = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `col-${String(i)}`, label: `Q${String(i)}`, question: `Question ${String(i)}?` }));

const review = (id: string, title = "Supplier contracts"): Review => ({
  id,
  title,
  documents: documents(2),
  columns: columns(2),
  createdAt: "2025-03-01T09:00:00.000Z",
  updatedAt: "2025-03-01T09:05:00.000Z",
});
const cell = (docId: string, columnId: string, extra: Partial<ReviewCell> = {}): ReviewCell => ({
  docId,
  columnId,
  question: "Question 0?",
  docVersion: "2025-03-01T08:00:00.000Z",
  status: "not-found",
  answeredAt: "2025-03-01T09:01:00.000Z",
  ...extra,
});
const VERIFIED: ReviewCell = cell("doc-0", "col-0", {
  status: "found",
  quote: { text: "This Agreement is governed by the laws of Cyprus.", page: 3, start: 10, end: 58 },
  answer: "Cyprus",
  mark: { state: "verified", by: "Ada Lovelace", at: "2025-03-01T09:10:00.000Z" },
  note: "Checked against the signed copy.",
});

/** The outbox's upserts of these records, as the mappings make them (the sender adds updated_at when the row has none). */
const upserts = (reviews: Review[], cells: Map<string, ReviewCell[]>) => [
  ...REVIEWS.toRows(reviews).map((row) => upsert("reviews", row)),
  ...CELLS.toRows(cells).map((row) => upsert("review_cells", { updated_at: "2025-03-01T09:10:00.000Z", ...row })),
];

/** Inserts a row directly, as supabase-js would; a refused one without `returning` (which would bring in the select policy). */
const insert = (tx: Transaction, table: string, row: Row) => {
  const columns = Object.keys(row);
  return tx.query(
    `insert into public.${table} (${columns.join(", ")}) values (${columns.map((_, i) => `$${String(i + 1)}`).join(", ")})`,
    Object.values(row).map((v) => (v !== null && typeof v === "object" ? JSON.stringify(v) : v)),
  );
};

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@example.com");
  bob = await signUp(db, "bob@example.com");
}, 120_000);

describe("reviews and review_cells through apply_changes", () => {
  it("keeps a review and its cells as the owner sent them, and reads them back as the features' own parse takes them", async () => {
    const mine = review("review-ada");
    const cells = [VERIFIED, cell("doc-1", "col-0"), cell("doc-0", "col-1", { status: "not-read", question: "Question 1?", lost: "reindexed" })];
    const changes = upserts([mine], new Map([[mine.id, cells]]));
    expect(await apply(ada, changes)).toEqual(changes.map(() => OK));

    const reviews = parseReviews(REVIEWS.fromRows(await seen("authenticated", ada, "reviews")));
    expect(reviews).toEqual([mine]);
    const back = CELLS.fromRows(await seen("authenticated", ada, "review_cells")) as Map<string, unknown>;
    const sorted = (list: ReviewCell[] | null) => [...(list ?? [])].sort((a, b) => `${a.docId} ${a.columnId}`.localeCompare(`${b.docId} ${b.columnId}`));
    expect(sorted(parseCells(back.get(mine.id)))).toEqual(sorted(cells));
  });

  it("changes a cell's mark and note, deletes a cell by its key, and deleting the review deletes its cells", async () => {
    const mine = review("review-edit");
    expect(await apply(ada, upserts([mine], new Map([[mine.id, [VERIFIED, cell("doc-1", "col-0")]]])))).toEqual([OK, OK, OK]);
    const key = { review_id: mine.id, doc_id: "doc-0", column_id: "col-0" };
    const flagged = { ...key, mark: { state: "flagged", by: "Ada Lovelace", at: "2025-03-01T10:00:00.000Z" }, note: null, updated_at: "2025-03-01T10:00:00.000Z" };
    expect(await apply(ada, [upsert("review_cells", flagged), remove("review_cells", { ...key, doc_id: "doc-1" })])).toEqual([OK, OK]);
    const rows = (await storedOf("review_cells", ada)).filter((r) => r.review_id === mine.id);
    expect(rows).toEqual([expect.objectContaining({ doc_id: "doc-0", mark: flagged.mark, note: null, status: "found" })]);

    expect(await apply(ada, [remove("reviews", { id: mine.id })])).toEqual([OK]);
    expect((await storedOf("reviews", ada)).filter((r) => r.id === mine.id)).toEqual([]);
    expect((await storedOf("review_cells", ada)).filter((r) => r.review_id === mine.id)).toEqual([]);
  });

  it("keeps the last write of a cell: an older one is skipped", async () => {
    const mine = review("review-lww");
    expect(await apply(ada, upserts([mine], new Map([[mine.id, [cell("doc-0", "col-0")]]])))).toEqual([OK, OK]);
    const key = { review_id: mine.id, doc_id: "doc-0", column_id: "col-0" };
    expect(await apply(ada, [upsert("review_cells", { ...key, note: "Older", updated_at: "2025-03-01T09:00:00.000Z" })])).toEqual([{ ok: true, skipped: true }]);
    expect(await apply(ada, [upsert("reviews", { id: mine.id, title: "Older title", updated_at: "2025-03-01T09:00:00.000Z" })])).toEqual([{ ok: true, skipped: true }]);
    expect((await storedOf("reviews", ada)).find((r) => r.id === mine.id)).toMatchObject({ title: "Supplier contracts" });
  });

  it("bounds updated_at by the server's clock on both tables: 'infinity' is stored as at most five minutes ahead", async () => {
    const key = { review_id: "review-clock", doc_id: "doc-0", column_id: "col-0" };
    expect(
      await apply(ada, [
        upsert("reviews", { id: "review-clock", title: "Clock", updated_at: "infinity" }),
        upsert("review_cells", { ...key, question: "Q?", status: "not-found", updated_at: "infinity" }),
      ]),
    ).toEqual([OK, OK]);
    const { rows } = await db.query<{ bounded: boolean }>(
      `select updated_at <= now() + public.sync_clock_leeway() as bounded from public.reviews where owner_id = $1 and id = 'review-clock'
       union all select updated_at <= now() + public.sync_clock_leeway() from public.review_cells where owner_id = $1 and review_id = 'review-clock'`,
      [ada],
    );
    expect(rows).toEqual([{ bounded: true }, { bounded: true }]);
  });

  it("gives another user none of them: Bob reads nothing of Ada's, and his changes with her keys reach only his own rows", async () => {
    const hers = review("review-private", "Ada's confidential review");
    expect(await apply(ada, upserts([hers], new Map([[hers.id, [VERIFIED]]])))).toEqual([OK, OK]);
    expect(await seen("authenticated", bob, "reviews")).toEqual([]);
    expect(await seen("authenticated", bob, "review_cells")).toEqual([]);

    const key = { review_id: hers.id, doc_id: "doc-0", column_id: "col-0" };
    // Bob's delete finds nothing; his cell under her review's id has no review of his to hang from.
    expect(await apply(bob, [remove("review_cells", key), remove("reviews", { id: hers.id })])).toEqual([OK, OK]);
    expect(await apply(bob, [upsert("review_cells", { ...key, question: "Q", status: "not-found", note: "Planted" })])).toEqual([
      { ok: false, code: "23503", message: expect.stringMatching(/foreign key/) },
    ]);
    // Naming Ada as the owner is refused by the insert policy.
    expect(await apply(bob, [upsert("reviews", { id: "review-forged", title: "Forged", owner_id: ada })])).toEqual([
      { ok: false, code: "42501", message: expect.stringMatching(/row-level security/) },
    ]);
    expect(await storedOf("reviews", ada)).toEqual(expect.arrayContaining([expect.objectContaining({ id: hers.id, title: "Ada's confidential review" })]));
    expect((await storedOf("review_cells", ada)).filter((r) => r.review_id === hers.id)).toEqual([expect.objectContaining({ note: VERIFIED.note })]);
    expect(await storedOf("reviews", bob)).toEqual([]);
  });
});

describe("reviews and review_cells directly (supabase-js)", () => {
  it("let the owner insert, read, update and delete", async () => {
    await asRole(db, "authenticated", ada, async (tx) => {
      await insert(tx, "reviews", { id: "review-direct", title: "Direct", documents: documents(1), columns: columns(1) });
      await insert(tx, "review_cells", { review_id: "review-direct", doc_id: "doc-0", column_id: "col-0", question: "Q?", status: "found", quote: VERIFIED.quote });
      const changed = await tx.query("update public.review_cells set note = 'Mine' where review_id = 'review-direct'");
      expect(changed.affectedRows).toBe(1);
      const { rows } = await tx.query<Row>("select owner_id, note from public.review_cells where review_id = 'review-direct'");
      expect(rows).toEqual([{ owner_id: ada, note: "Mine" }]);
      expect((await tx.query("delete from public.reviews where id = 'review-direct'")).affectedRows).toBe(1);
      expect((await tx.query("select 1 from public.review_cells where review_id = 'review-direct'")).rows).toEqual([]);
    });
  });

  it("show another user nothing, and let them change or delete nothing", async () => {
    await apply(ada, upserts([review("review-shown")], new Map([["review-shown", [VERIFIED]]])));
    const before = [await storedOf("reviews", ada), await storedOf("review_cells", ada)];
    await asRole(db, "authenticated", bob, async (tx) => {
      for (const table of ["reviews", "review_cells"]) {
        expect((await tx.query(`select * from public.${table}`)).rows).toEqual([]);
        expect((await tx.query(`update public.${table} set updated_at = now()`)).affectedRows).toBe(0);
        expect((await tx.query(`delete from public.${table}`)).affectedRows).toBe(0);
      }
    });
    expect([await storedOf("reviews", ada), await storedOf("review_cells", ada)]).toEqual(before);
  });

  it("refuse a cell on another user's review, and a row naming another owner", async () => {
    await apply(ada, upserts([review("review-parent")], new Map()));
    const planted = { review_id: "review-parent", doc_id: "doc-0", column_id: "col-0", question: "Q?", status: "not-found" };
    await expect(asRole(db, "authenticated", bob, (tx) => insert(tx, "review_cells", planted))).rejects.toThrow(/violates foreign key constraint/);
    await expect(asRole(db, "authenticated", bob, (tx) => insert(tx, "review_cells", { ...planted, owner_id: ada }))).rejects.toThrow(/row-level security/);
    await expect(asRole(db, "authenticated", bob, (tx) => insert(tx, "reviews", { id: "review-x", title: "X", owner_id: ada }))).rejects.toThrow(/row-level security/);
    expect((await storedOf("review_cells", ada)).filter((r) => r.review_id === "review-parent")).toEqual([]);
  });

  it("give the anonymous role nothing: every read and write is refused, apply_changes too", async () => {
    for (const table of ["reviews", "review_cells"]) {
      for (const sql of [`select * from public.${table}`, `update public.${table} set updated_at = now()`, `delete from public.${table}`]) {
        await expect(asRole(db, "anon", null, (tx) => tx.query(sql))).rejects.toThrow(/permission denied/);
      }
    }
    await expect(asRole(db, "anon", null, (tx) => insert(tx, "reviews", { id: "review-anon", title: "Anon", owner_id: ada }))).rejects.toThrow(/permission denied/);
    await expect(
      asRole(db, "anon", null, (tx) => tx.query("select public.apply_changes($1::jsonb, $2::uuid)", [JSON.stringify([upsert("reviews", { id: "r", title: "Anon" })]), ada])),
    ).rejects.toThrow(/permission denied/);
  });
});

describe("the sizes a review keeps", () => {
  const refused = (constraint: string) => ({ ok: false, code: "23514", message: expect.stringContaining(constraint) });
  const base = { review_id: "review-sizes", doc_id: "doc-0", column_id: "col-0", question: "Q?", status: "found" };

  it(`takes ${String(MAX_REVIEW_DOCUMENTS)} documents and ${String(MAX_REVIEW_QUESTIONS)} questions, and refuses one more of either`, async () => {
    const full = { id: "review-sizes", title: "Full", documents: documents(MAX_REVIEW_DOCUMENTS), columns: columns(MAX_REVIEW_QUESTIONS) };
    expect(await apply(ada, [upsert("reviews", full)])).toEqual([OK]);
    expect(
      await apply(ada, [
        upsert("reviews", { ...full, documents: documents(MAX_REVIEW_DOCUMENTS + 1) }),
        upsert("reviews", { ...full, columns: columns(MAX_REVIEW_QUESTIONS + 1) }),
        upsert("reviews", { ...full, documents: { id: "doc-0" } }),
      ]),
    ).toEqual([refused("reviews_at_most_1000_documents"), refused("reviews_at_most_30_columns"), refused("reviews_at_most_1000_documents")]);
    const [stored] = (await storedOf("reviews", ada)).filter((r) => r.id === "review-sizes");
    expect([(stored!.documents as unknown[]).length, (stored!.columns as unknown[]).length]).toEqual([MAX_REVIEW_DOCUMENTS, MAX_REVIEW_QUESTIONS]);
  });

  it.each([
    ["a question over the longest kept", { question: "q".repeat(MAX_QUESTION_CHARS + 1) }, "review_cells_question_check"],
    ["a note over the longest kept", { note: "n".repeat(MAX_NOTE_CHARS + 1) }, "review_cells_note_check"],
    ["a status of its own", { status: "maybe" }, "review_cells_status_check"],
    ["a quote without its page", { quote: { text: "x", start: 0, end: 1 } }, "review_cells_quote_shape"],
    ["a quote on a Not found cell", { status: "not-found", quote: VERIFIED.quote }, "review_cells_quote_only_when_found"],
    ["a mark that is neither Verified nor Flagged", { mark: { state: "approved", by: "Ada", at: "2025-03-01T09:00:00Z" } }, "review_cells_mark_shape"],
    ["a mark without who made it", { mark: { state: "verified", at: "2025-03-01T09:00:00Z" } }, "review_cells_mark_shape"],
    ["a lost mark of no known reason", { lost: "moved" }, "review_cells_lost_check"],
    ["a document id with a slash", { doc_id: "doc/0" }, "review_cells_doc_id_check"],
  ])("refuses a cell with %s", async (_case, change, constraint) => {
    expect(await apply(ada, [upsert("review_cells", { ...base, ...change })])).toEqual([refused(constraint)]);
  });

  it("takes a question and a note of the longest kept", async () => {
    const longest = { ...base, question: "q".repeat(MAX_QUESTION_CHARS), note: "n".repeat(MAX_NOTE_CHARS), quote: VERIFIED.quote };
    expect(await apply(ada, [upsert("review_cells", longest)])).toEqual([OK]);
  });
});
