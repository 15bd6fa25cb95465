import type { PGlite, Transaction } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { parseUploads, type Upload } from "../../../src/lib/dash/uploads";
import { versionsOf } from "../../../src/lib/dash/versions";
import { TABLE_MAPPINGS } from "../../../src/lib/sync/tables";
import { asRole, migratedDb, signUp } from "./harness";

// Versions of a document (issue 45) on PGlite under the migrations: the link (documents.version_of and version,
// supabase/migrations/20251201000500_document_versions.sql) goes to the server with the document's row and comes back
// as the Upload's versionOf and version; it is read under the documents' row-level security, so a member of the firm
// sees a colleague's new version and its link, and a colleague walled out of the case the new version is filed in
// reads neither it nor its link (the previous version, in a firm-wide case, they still read).

type Row = Record<string, unknown>;
let db: PGlite;
let ada: string;
let bob: string;
let carol: string;
const documents = TABLE_MAPPINGS.find((m) => m.table === "documents")!;

const keep = <T>(user: string, run: (tx: Transaction) => Promise<T>) => asRole(db, "authenticated", user, run);
const apply = (user: string, changes: unknown) =>
  keep(user, async (tx) => (await tx.query<{ result: { ok: boolean }[] }>("select public.apply_changes($1::jsonb, $2::uuid) as result", [JSON.stringify(changes), user])).rows[0]!.result);
/** The documents the user reads, as PostgREST sends them (JSON), read back as the app's uploads. */
const readUploads = (user: string) =>
  keep(user, async (tx) => parseUploads(documents.fromRows((await tx.query<{ row: Row }>("select to_jsonb(d) as row from public.documents as d order by id")).rows.map((r) => r.row))));
const upsert = (uploads: Upload[]) => documents.toRows(uploads).map((row) => ({ table: "documents", op: "upsert", row }));

const at = "2026-11-28T09:00:00.000Z";
const upload = (id: string, caseId: string, link: Pick<Upload, "versionOf" | "version"> = {}): Upload => ({
  id, filename: `${id}.txt`, title: id, caseId, caseTitle: caseId, sizeBytes: 10, kind: "txt", pages: 1, unit: "page", ocrPages: 0, uploaded: at,
  processing: { attempt: "upload", started: at, state: "done", doneAt: at }, ...link,
});

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@firm.test", { full_name: "Ada Lovelace" });
  bob = await signUp(db, "bob@firm.test", { full_name: "Bob Byron" });
  carol = await signUp(db, "carol@firm.test", { full_name: "Carol Clerk" });
  for (const [user, email] of [[bob, "bob@firm.test"], [carol, "carol@firm.test"]] as const) {
    const { token } = (await keep(ada, (tx) => tx.query<{ invite: { token: string } }>("select public.create_firm_invite($1, 'member') as invite", [email]))).rows[0]!.invite;
    await keep(user, (tx) => tx.query("select public.accept_firm_invite($1, public.current_firm())", [token]));
  }
  await keep(ada, async (tx) => {
    await tx.query("insert into public.cases (id, title, docket_no, sharing) values ('case-open', 'Open matter', 'CV-1', 'firm'), ('case-walled', 'Walled matter', 'CV-2', 'members')");
    await tx.query("insert into public.case_members (case_owner_id, case_id, user_id) values ($1, 'case-walled', $2)", [ada, bob]);
  });
  // Ada's contract and its v2 in the firm-wide case; a v3 of it filed in the walled case.
  expect(
    await apply(ada, upsert([upload("nda", "case-open"), upload("nda-v2", "case-open", { versionOf: "nda", version: 2 }), upload("nda-v3", "case-walled", { versionOf: "nda-v2", version: 3 })])),
  ).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
}, 120_000);

describe("documents.version_of and version", () => {
  it("go to the server with the row and come back as the upload's link; a document of its own comes back without one", async () => {
    const mine = await readUploads(ada);
    expect(mine?.map((u) => [u.id, u.versionOf, u.version])).toEqual([
      ["nda", undefined, undefined],
      ["nda-v2", "nda", 2],
      ["nda-v3", "nda-v2", 3],
    ]);
    expect([...versionsOf(mine!)].sort()).toEqual([
      ["nda", { version: 1 }],
      ["nda-v2", { version: 2, previous: "nda" }],
      ["nda-v3", { version: 3, previous: "nda-v2" }],
    ]);
  });

  it("a member of the firm on the walled case reads every version and its link", async () => {
    expect((await readUploads(bob))?.map((u) => [u.id, u.versionOf, u.version, u.owner === ada])).toEqual([
      ["nda", undefined, undefined, true],
      ["nda-v2", "nda", 2, true],
      ["nda-v3", "nda-v2", 3, true],
    ]);
  });

  it("a colleague walled out of the case reads the firm-wide versions but not the walled one, nor its link", async () => {
    expect((await readUploads(carol))?.map((u) => [u.id, u.versionOf, u.version])).toEqual([
      ["nda", undefined, undefined],
      ["nda-v2", "nda", 2],
    ]);
    const linked = await keep(carol, async (tx) => (await tx.query<Row>("select id from public.documents where version_of = 'nda-v2'")).rows);
    expect(linked).toEqual([]);
  });

  it("refuses a number without its link, a link without its number, a v1 and a document that versions itself", async () => {
    const row = { title: "x", file_name: "x.txt", kind: "txt", case_id: "case-open" };
    const outcomes = await apply(ada, [
      { table: "documents", op: "upsert", row: { ...row, id: "bad-1", version: 2 } },
      { table: "documents", op: "upsert", row: { ...row, id: "bad-2", version_of: "nda" } },
      { table: "documents", op: "upsert", row: { ...row, id: "bad-3", version_of: "nda", version: 1 } },
      { table: "documents", op: "upsert", row: { ...row, id: "bad-4", version_of: "bad-4", version: 2 } },
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([false, false, false, false]);
  });
});
