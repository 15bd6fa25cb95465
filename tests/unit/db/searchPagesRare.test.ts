import type { PGlite, Transaction } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { asRole, migratedDb, signUp } from "./harness";

// search_pages for All past 10,000 pages (supabase/migrations/20251201004600_search_pages_rare_terms.sql) on PGlite:
// the candidates come from the question's rarest terms, found past row-level security by a definer function, and the
// caller still gets only the pages they may read. One firm: Ada (admin) and Bob (member, walled out of Ada's walled
// case after uploading to it); Mallory has a firm of her own. The table holds a few dozen pages; its estimated size
// (pg_class.reltuples) is set past 10,000 to take the archive's path, as ANALYZE would at that size.

type Hit = { document_id: string; page_number: number; rank: number; text: string };

let db: PGlite;
let ada: string;
let bob: string;
let mallory: string;

const keep = <T>(user: string, run: (tx: Transaction) => Promise<T>) => asRole(db, "authenticated", user, run);
const insert = async (tx: Transaction, table: string, row: Record<string, unknown>) => {
  const columns = Object.keys(row);
  await tx.query(`insert into public.${table} (${columns.join(", ")}) values (${columns.map((_, i) => `$${String(i + 1)}`).join(", ")})`, Object.values(row));
};
/** A document of `pages` uploaded by `user` into a case. */
async function upload(user: string, doc: string, caseId: string, caseOwner: string, pages: string[]) {
  await keep(user, async (tx) => {
    await insert(tx, "documents", { id: doc, title: doc, file_name: `${doc}.pdf`, kind: "pdf", case_id: caseId, case_owner_id: caseOwner, status: "done" });
    for (const [i, text] of pages.entries()) await insert(tx, "document_pages", { document_id: doc, page_number: i + 1, text });
  });
}
const search = (user: string, terms: string[], max: number) =>
  keep(user, async (tx) => (await tx.query<Hit>("select * from public.search_pages($1, '{}', null, null, $2)", [terms, max])).rows);
const places = (hits: readonly Hit[]) => hits.map((h) => `${h.document_id} p${String(h.page_number)}`);

// 'escrow' is on few pages (telling), 'shall' and 'deliver' on most. ts_rank of every term's OR puts a page holding
// two terms above one holding one, so the clauses ('shall', 'deliver') rank above the escrow pages (only 'escrow'),
// and the walled case's and Mallory's pages (all three) above both.
const CLAUSES = Array.from({ length: 30 }, (_, i) => `Clause ${String(i + 1)}: the seller shall deliver the goods on time.`);
const ESCROW = ["The deposit is held in escrow by the agent.", "An escrow account is opened.", "The escrow agent releases the funds.", "Payment into escrow discharges the buyer.", "Escrow fees are split."];
const WALLED_PAGE = "Escrow: the seller shall deliver the deed into escrow.";

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@firm.test", { full_name: "Ada Lovelace" });
  bob = await signUp(db, "bob@firm.test", { full_name: "Bob Byron" });
  mallory = await signUp(db, "mallory@other.test", { full_name: "Mallory Moss" });
  const token = (await keep(ada, (tx) => tx.query<{ invite: { token: string } }>("select public.create_firm_invite($1) as invite", ["bob@firm.test"]))).rows[0]!.invite.token;
  await keep(bob, (tx) => tx.query("select public.accept_firm_invite($1, public.current_firm())", [token]));
  await keep(ada, async (tx) => {
    await insert(tx, "cases", { id: "case-open", title: "Open matter", docket_no: "CV-1", sharing: "firm" });
    await insert(tx, "cases", { id: "case-walled", title: "Walled matter", docket_no: "CV-2", sharing: "members" });
    await insert(tx, "case_members", { case_owner_id: ada, case_id: "case-walled", user_id: bob });
  });
  await upload(ada, "doc-open", "case-open", ada, [...CLAUSES, ...ESCROW]);
  await upload(ada, "doc-walled", "case-walled", ada, [WALLED_PAGE]);
  await upload(bob, "doc-bob-walled", "case-walled", ada, [WALLED_PAGE]);
  await upload(bob, "doc-bob-gone", "case-never-sent", ada, ["The escrow is released to Bob's client."]);
  await keep(ada, (tx) => tx.query("delete from public.case_members where case_id = 'case-walled' and user_id = $1", [bob]));
  await keep(mallory, async (tx) => {
    await insert(tx, "cases", { id: "case-m", title: "Mallory's matter", docket_no: "CV-9", sharing: "firm" });
  });
  await upload(mallory, "doc-mallory", "case-m", mallory, [WALLED_PAGE, WALLED_PAGE, WALLED_PAGE]);
  await db.exec("analyze public.document_pages");
}, 120_000);

/** The table's estimated pages, as ANALYZE leaves them (the archive's path starts past 10,000). */
const estimate = (pages: number) => db.query("update pg_catalog.pg_class set reltuples = $1 where oid = 'public.document_pages'::regclass", [pages]);

describe("search_pages for All past 10,000 pages", () => {
  it("up to 10,000 pages ranks every page holding any term, as before", async () => {
    await estimate(10_000);
    const hits = await search(bob, ["escrow", "shall", "deliv"], 3);
    expect(hits.every((h) => h.text.startsWith("Clause"))).toBe(true);
    expect((await db.query("select * from public.search_pages_term_pages(array['escrow'], '{}')")).rows).toEqual([]);
  });

  it("past 10,000 pages ranks the pages holding the rarest terms by every term, and only the caller's readable ones", async () => {
    await estimate(200_000);
    // The estimates (the whole table's statistics, which only the candidates' definer function reads).
    const estimates = (await db.query<{ term: string; pages: number }>("select term, pages from public.search_pages_term_pages(array['escrow', 'shall', 'deliv'], '{}') order by pages")).rows;
    expect(estimates[0]!.term).toBe("escrow");
    expect(estimates[1]!.pages).toBeGreaterThan(100_000);

    const hits = await search(bob, ["escrow", "shall", "deliv"], 3);
    // The best pages Bob reads holding 'escrow', by the rank of both terms, computed here under row-level security.
    const expected = await keep(bob, async (tx) =>
      (
        await tx.query<Hit>(
          "select document_id, page_number from public.document_pages where tsv @@ 'escrow'::tsquery order by ts_rank(tsv, 'escrow | shall | deliv'::tsquery, 1) desc, document_id, page_number limit 3",
        )
      ).rows,
    );
    expect(places(hits)).toEqual(places(expected));
    expect(hits.every((h) => /escrow/i.test(h.text) && !h.text.startsWith("Clause"))).toBe(true);
    expect(hits.map((h) => h.rank)).toEqual(hits.map((h) => h.rank).toSorted((a, b) => b - a));
    // Neither the walled case (his own upload included) nor the other firm: only what Bob reads (200 pages: more than
    // the escrow pages he reads, so every term's OR, as before).
    const all = await search(bob, ["escrow", "shall", "deliv"], 200);
    expect(all).toHaveLength(CLAUSES.length + ESCROW.length + 1);
    expect(new Set(all.map((h) => h.document_id))).toEqual(new Set(["doc-open", "doc-bob-gone"]));
    expect(all.some((h) => h.text === WALLED_PAGE)).toBe(false);
    // Ada reads the walled case: its two pages (all three terms) rank first for her.
    expect(places(await search(ada, ["escrow", "shall", "deliv"], 3)).slice(0, 2)).toEqual(["doc-bob-walled p1", "doc-walled p1"]);
    // Mallory reads her own firm's pages only (too few for her telling terms: every term's OR, as before).
    expect(new Set((await search(mallory, ["escrow", "shall", "deliv"], 5)).map((h) => h.document_id))).toEqual(new Set(["doc-mallory"]));
  });

  it("the definer function that finds the candidates names no page the caller may not read, and no caller reads the statistics", async () => {
    await estimate(200_000);
    const keys = async (user: string) =>
      keep(user, async (tx) => (await tx.query<{ document_id: string }>("select document_id from public.search_pages_candidates(array['escrow'], '{}', 'escrow'::tsquery, 200)")).rows);
    expect(new Set((await keys(bob)).map((k) => k.document_id))).toEqual(new Set(["doc-open", "doc-bob-gone"]));
    expect(new Set((await keys(mallory)).map((k) => k.document_id))).toEqual(new Set(["doc-mallory"]));
    await expect(asRole(db, "anon", null, (tx) => tx.query("select * from public.search_pages_candidates(array['escrow'], '{}', 'escrow'::tsquery, 3)"))).rejects.toThrow(
      /permission denied/,
    );
    // Word counts of every firm's pages together: not for any caller, signed in or not.
    await expect(asRole(db, "anon", null, (tx) => tx.query("select * from public.search_pages_term_pages(array['escrow'], '{}')"))).rejects.toThrow(/permission denied/);
    await expect(keep(mallory, (tx) => tx.query("select * from public.search_pages_term_pages(array['escrow'], '{}')"))).rejects.toThrow(/permission denied/);
    // Too few pages for the telling terms, which are not every term: none (search_pages then asks every term's OR).
    expect(await keep(bob, async (tx) => (await tx.query("select * from public.search_pages_candidates(array['escrow', 'shall'], '{}', 'escrow | shall'::tsquery, 200)")).rows)).toEqual([]);
  });
});
