import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { parseUploads, type Upload } from "../../../src/lib/dash/uploads";
import { advance, cutOffTooOften, startAttempt } from "../../../src/lib/documents/timeline";
import { TABLE_MAPPINGS } from "../../../src/lib/sync/tables";
import { asRole, migratedDb } from "./harness";

// Hostile files (issue 31, item 8), with Supabase: the count of reads an attempt has started goes to the documents row
// (supabase/migrations/20251127000400_documents_reads.sql) and comes back, so a reload that takes the server's rows still
// knows a read was cut off twice.

let db: PGlite;
let ada: string;
const documents = TABLE_MAPPINGS.find((m) => m.table === "documents")!;

const apply = (changes: unknown) =>
  asRole(db, "authenticated", ada, async (tx) => (await tx.query<{ result: { ok: boolean; code?: string }[] }>("select public.apply_changes($1::jsonb, $2::uuid) as result", [JSON.stringify(changes), ada])).rows[0]!.result);
/** The user's documents rows as PostgREST sends them: JSON, instants as strings. */
const rows = () =>
  asRole(db, "authenticated", ada, async (tx) => (await tx.query<{ row: Record<string, unknown> }>("select to_jsonb(d) as row from public.documents as d order by id")).rows.map((r) => r.row));

beforeAll(async () => {
  db = await migratedDb();
  ada = (await db.query<{ id: string }>("insert into auth.users (email) values ('ada@example.com') returning id")).rows[0]!.id;
}, 120_000);

describe("documents.reads", () => {
  it("keeps the reads an attempt started through the server's rows, 0 for a row without", async () => {
    const started = new Date("2026-11-27T09:00:00.000Z");
    const cutOffTwice = advance(advance(startAttempt("upload", started), "reading", started), "reading", started);
    const upload: Upload = {
      id: "doc-1", filename: "bundle.pdf", title: "Bundle", caseId: "case-1", caseTitle: "Case", sizeBytes: 1024, kind: "pdf",
      pages: 0, unit: "page", ocrPages: 0, uploaded: started.toISOString(), processing: cutOffTwice,
    };
    const changes = documents.toRows([upload]).map((row) => ({ table: "documents", op: "upsert", row }));
    expect(await apply([...changes, { table: "documents", op: "upsert", row: { id: "doc-0", title: "Old", file_name: "old.pdf", kind: "pdf", case_id: "case-1" } }])).toEqual([{ ok: true }, { ok: true }]);
    const read = parseUploads(documents.fromRows(await rows()));
    expect(read?.map((u) => [u.id, u.processing.reads])).toEqual([["doc-0", 0], ["doc-1", 2]]);
    expect(cutOffTooOften(read![1]!.processing)).toBe(true);
  });

  it("refuses a negative count", async () => {
    const [outcome] = await apply([{ table: "documents", op: "upsert", row: { id: "doc-2", title: "x", file_name: "x.pdf", kind: "pdf", case_id: "c", reads: -1 } }]);
    expect(outcome).toMatchObject({ ok: false });
  });
});
