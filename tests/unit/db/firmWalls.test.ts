import type { PGlite, Transaction } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { asRole, migratedDb, signUp } from "./harness";

// Pages, originals and documents follow the firm, and the walls are strict (supabase/migrations/
// 20251201000200_firm_walls.sql, issue 43 items 2, 3 and 4) on PGlite under every migration. One firm: Ada (admin),
// Bob (member, walled out of Ada's walled case after uploading to it), Carol (member) and Eve (a member Ada removed
// after she uploaded a document the firm keeps, and one the firm then deleted).

type Row = Record<string, unknown>;

let db: PGlite;
let ada: string;
let bob: string;
let carol: string;
let eve: string;

/** Runs the queries as the user and undoes them. */
async function as<T>(user: string, run: (tx: Transaction) => Promise<T>): Promise<T> {
  let result!: T;
  await asRole(db, "authenticated", user, async (tx) => {
    result = await run(tx);
    await tx.rollback();
  });
  return result;
}

const keep = <T>(user: string, run: (tx: Transaction) => Promise<T>) => asRole(db, "authenticated", user, run);
const rows = async (tx: Transaction, sql: string, params: unknown[] = []) => (await tx.query<Row>(sql, params)).rows;
const affected = async (tx: Transaction, sql: string, params: unknown[] = []) => (await tx.query(sql, params)).affectedRows ?? 0;
const insert = async (tx: Transaction, table: string, row: Row) => {
  const columns = Object.keys(row);
  await tx.query(`insert into public.${table} (${columns.join(", ")}) values (${columns.map((_, i) => `$${String(i + 1)}`).join(", ")})`, Object.values(row));
};
const path = (owner: string, doc: string) => `${owner}/${doc}/${doc}.pdf`;

/** A document with one page and its original, uploaded by `user` into a case. */
async function upload(user: string, doc: string, caseId: string, caseOwner: string) {
  await keep(user, async (tx) => {
    await insert(tx, "documents", { id: doc, title: doc, file_name: `${doc}.pdf`, kind: "pdf", case_id: caseId, case_owner_id: caseOwner, storage_path: path(user, doc) });
    await insert(tx, "document_pages", { document_id: doc, page_number: 1, text: `The indemnification clause of ${doc}.` });
    await tx.query("insert into storage.objects (bucket_id, name, owner) values ('documents', $1, auth.uid())", [path(user, doc)]);
  });
}

const invite = async (email: string) =>
  (await keep(ada, (tx) => tx.query<{ invite: { token: string } }>("select public.create_firm_invite($1) as invite", [email]))).rows[0]!.invite.token;

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@firm.test", { full_name: "Ada Lovelace" });
  bob = await signUp(db, "bob@firm.test", { full_name: "Bob Byron" });
  carol = await signUp(db, "carol@firm.test", { full_name: "Carol Clerk" });
  eve = await signUp(db, "eve@firm.test", { full_name: "Eve Ellis" });
  for (const [user, email] of [[bob, "bob@firm.test"], [carol, "carol@firm.test"], [eve, "eve@firm.test"]] as const) {
    const token = await invite(email);
    await keep(user, (tx) => tx.query("select public.accept_firm_invite($1, public.current_firm())", [token]));
  }
  await keep(ada, async (tx) => {
    await insert(tx, "cases", { id: "case-open", title: "Open matter", docket_no: "CV-1", sharing: "firm" });
    await insert(tx, "cases", { id: "case-walled", title: "Walled matter", docket_no: "CV-2", sharing: "members" });
    await insert(tx, "case_members", { case_owner_id: ada, case_id: "case-walled", user_id: bob });
  });
  await keep(carol, (tx) => insert(tx, "cases", { id: "case-carol", title: "Carol's walled matter", docket_no: "CV-3", sharing: "members" }));
  await keep(bob, (tx) => insert(tx, "cases", { id: "case-bob", title: "Bob's walled matter", docket_no: "CV-4", sharing: "members" }));
  await upload(ada, "doc-ada", "case-open", ada);
  await upload(bob, "doc-bob", "case-open", ada);
  await upload(bob, "doc-bob-walled", "case-walled", ada);
  await upload(eve, "doc-eve", "case-open", ada);
  await upload(eve, "doc-eve-gone", "case-open", ada);
  // Bob is walled out of the walled case he uploaded to; Eve is removed; the firm deletes one of Eve's documents.
  await keep(ada, (tx) => tx.query("delete from public.case_members where case_id = 'case-walled' and user_id = $1", [bob]));
  await keep(ada, (tx) => tx.query("delete from public.firm_members where user_id = $1", [eve]));
  await keep(ada, (tx) => tx.query("delete from public.documents where id = 'doc-eve-gone'"));
}, 120_000);

describe("pages follow the firm (item 2)", () => {
  it("refuses a removed uploader every write to the pages of a document the firm kept", async () => {
    await expect(
      as(eve, (tx) => insert(tx, "document_pages", { document_id: "doc-eve", page_number: 2, text: "The landlord waives all rent." })),
    ).rejects.toThrow(/row-level security/);
    expect(await as(eve, (tx) => affected(tx, "update public.document_pages set text = 'The landlord waives all rent.' where document_id = 'doc-eve'"))).toBe(0);
    expect(await as(eve, (tx) => affected(tx, "delete from public.document_pages where document_id = 'doc-eve'"))).toBe(0);
    const { rows: kept } = await db.query<Row>("select page_number, text from public.document_pages where document_id = 'doc-eve'");
    expect(kept).toEqual([{ page_number: 1, text: "The indemnification clause of doc-eve." }]);
  });

  it("refuses a walled-out uploader every write to the pages of their document in the walled case", async () => {
    await expect(as(bob, (tx) => insert(tx, "document_pages", { document_id: "doc-bob-walled", page_number: 2, text: "x" }))).rejects.toThrow(
      /row-level security/,
    );
    expect(await as(bob, (tx) => affected(tx, "update public.document_pages set text = 'x' where document_id = 'doc-bob-walled'"))).toBe(0);
    expect(await as(bob, (tx) => affected(tx, "delete from public.document_pages where document_id = 'doc-bob-walled'"))).toBe(0);
  });

  it("lets an uploader write the pages of their document open to them, and a colleague none of them", async () => {
    expect(await as(bob, (tx) => affected(tx, "update public.document_pages set text = 'Re-read.' where document_id = 'doc-bob'"))).toBe(1);
    await as(bob, (tx) => insert(tx, "document_pages", { document_id: "doc-bob", page_number: 2, text: "Page two." }));
    await expect(as(carol, (tx) => insert(tx, "document_pages", { owner_id: bob, document_id: "doc-bob", page_number: 2, text: "x" }))).rejects.toThrow(
      /row-level security/,
    );
    expect(await as(carol, (tx) => affected(tx, "delete from public.document_pages where document_id = 'doc-bob'"))).toBe(0);
  });
});

describe("originals follow the document (item 2)", () => {
  const visible = (user: string, doc: string, owner: string) =>
    as(user, async (tx) => (await rows(tx, "select name from storage.objects where name = $1", [path(owner, doc)])).length);

  it("gives the original of a deleted document to no one, its uploader included", async () => {
    for (const user of [ada, bob, carol, eve]) expect(await visible(user, "doc-eve-gone", eve)).toBe(0);
    // Nor can the removed uploader put it back under the same name.
    await expect(
      as(eve, (tx) => tx.query("insert into storage.objects (bucket_id, name, owner) values ('documents', $1, auth.uid())", [`${eve}/doc-eve-gone/again.pdf`])),
    ).rejects.toThrow(/row-level security/);
  });

  it("keeps the original of a document the firm kept from its removed uploader: no read, no replacement, no removal", async () => {
    expect(await visible(eve, "doc-eve", eve)).toBe(0);
    expect(await as(eve, (tx) => affected(tx, "update storage.objects set metadata = '{\"x\":1}' where name = $1", [path(eve, "doc-eve")]))).toBe(0);
    expect(await as(eve, (tx) => affected(tx, "delete from storage.objects where name = $1", [path(eve, "doc-eve")]))).toBe(0);
    expect(await visible(carol, "doc-eve", eve)).toBe(1);
  });

  it("keys on the document, not the exact path: any file of the document's folder is read with it", async () => {
    await keep(bob, (tx) => tx.query("insert into storage.objects (bucket_id, name, owner) values ('documents', $1, auth.uid())", [`${bob}/doc-bob/v2.pdf`]));
    const seen = (user: string) => as(user, async (tx) => (await rows(tx, "select name from storage.objects where name = $1", [`${bob}/doc-bob/v2.pdf`])).length);
    expect([await seen(ada), await seen(carol), await seen(eve)]).toEqual([1, 1, 0]);
  });

  it("deletes the original for whoever may delete the document: the admin's delete is no longer filtered", async () => {
    expect(await as(ada, (tx) => affected(tx, "delete from storage.objects where name = $1", [path(bob, "doc-bob")]))).toBe(1);
    expect(await as(bob, (tx) => affected(tx, "delete from storage.objects where name = $1", [path(bob, "doc-bob")]))).toBe(1);
    expect(await as(carol, (tx) => affected(tx, "delete from storage.objects where name = $1", [path(bob, "doc-bob")]))).toBe(0);
    // The walled-out uploader may no longer delete it either: they have lost the document.
    expect(await as(bob, (tx) => affected(tx, "delete from storage.objects where name = $1", [path(bob, "doc-bob-walled")]))).toBe(0);
  });

  it("leaves a file no document names yet to the owner of its folder, as an upload before its row", async () => {
    const name = `${carol}/doc-not-sent/n.pdf`;
    const seen = await as(carol, async (tx) => {
      await tx.query("insert into storage.objects (bucket_id, name, owner) values ('documents', $1, auth.uid())", [name]);
      const own = (await rows(tx, "select name from storage.objects where name = $1", [name])).length;
      await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: ada, role: "authenticated" })]);
      return [own, (await rows(tx, "select name from storage.objects where name = $1", [name])).length];
    });
    expect(seen).toEqual([1, 0]);
  });
});

describe("moving a document into another case (item 3)", () => {
  const apply = (user: string, changes: unknown) =>
    as(user, async (tx) => (await tx.query<{ r: Row[] }>("select public.apply_changes($1::jsonb, $2::uuid) as r", [JSON.stringify(changes), user])).rows[0]!.r);
  const later = () => new Date(Date.now() + 1000).toISOString();

  it("refuses a member who is not the uploader, by a direct update", async () => {
    await expect(
      as(carol, (tx) => tx.query("update public.documents set case_id = 'case-carol', case_owner_id = $1 where id = 'doc-ada'", [carol])),
    ).rejects.toThrow(/only the document's uploader or an admin moves it/);
    // Any other edit of a document they read is theirs to make.
    expect(await as(carol, (tx) => affected(tx, "update public.documents set title = 'Retitled' where id = 'doc-ada'"))).toBe(1);
  });

  it("refuses a member who is not the uploader, through apply_changes", async () => {
    const result = await apply(carol, [
      { table: "documents", op: "upsert", row: { owner_id: ada, id: "doc-ada", case_id: "case-carol", case_owner_id: carol, updated_at: later() } },
    ]);
    expect(result).toEqual([{ ok: false, code: "42501", message: expect.stringMatching(/only the document's uploader or an admin moves it/) }]);
    const { rows: stored } = await db.query<Row>("select case_id from public.documents where id = 'doc-ada'");
    expect(stored).toEqual([{ case_id: "case-open" }]);
  });

  it("lets the uploader move their document into a case they read, and an admin any document they read", async () => {
    expect(await as(bob, (tx) => affected(tx, "update public.documents set case_id = 'case-bob', case_owner_id = $1 where id = 'doc-bob'", [bob]))).toBe(1);
    expect(
      await apply(bob, [{ table: "documents", op: "upsert", row: { owner_id: bob, id: "doc-bob", case_id: "case-bob", case_owner_id: bob, updated_at: later() } }]),
    ).toEqual([{ ok: true }]);
    expect(await as(ada, (tx) => affected(tx, "update public.documents set case_id = 'case-walled' where id = 'doc-bob'"))).toBe(1);
    // Not into a case they cannot read: the admin is walled out of Carol's case like anyone else.
    await expect(
      as(ada, (tx) => tx.query("update public.documents set case_id = 'case-carol', case_owner_id = $1 where id = 'doc-bob'", [carol])),
    ).rejects.toThrow(/row-level security/);
  });
});

describe("strict walls (item 4)", () => {
  it("takes a walled case's documents from whoever is walled out, their own uploads included", async () => {
    const read = await as(bob, async (tx) => ({
      documents: await rows(tx, "select id from public.documents where id = 'doc-bob-walled'"),
      pages: await rows(tx, "select page_number from public.document_pages where document_id = 'doc-bob-walled'"),
      file: await rows(tx, "select name from storage.objects where name = $1", [path(bob, "doc-bob-walled")]),
      search: await rows(tx, "select document_id from public.search_pages(array['indemnif']) where document_id = 'doc-bob-walled'"),
      edit: await affected(tx, "update public.documents set title = 'x' where id = 'doc-bob-walled'"),
      delete: await affected(tx, "delete from public.documents where id = 'doc-bob-walled'"),
    }));
    expect(read).toEqual({ documents: [], pages: [], file: [], search: [], edit: 0, delete: 0 });
    // Ada, on the wall, still reads it.
    expect(await as(ada, (tx) => rows(tx, "select id from public.documents where id = 'doc-bob-walled'"))).toEqual([{ id: "doc-bob-walled" }]);
  });

  it("gives it back when they are on the wall again", async () => {
    const seen = await as(ada, async (tx) => {
      await insert(tx, "case_members", { case_owner_id: ada, case_id: "case-walled", user_id: bob });
      await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: bob, role: "authenticated" })]);
      return rows(tx, "select id from public.documents where id = 'doc-bob-walled'");
    });
    expect(seen).toEqual([{ id: "doc-bob-walled" }]);
  });

  it("keeps a document whose case was deleted for its uploader, and only them", async () => {
    const seen = await as(bob, async (tx) => {
      await tx.query("delete from public.cases where id = 'case-bob'");
      await insert(tx, "documents", { id: "doc-orphan", title: "Orphan", file_name: "o.txt", kind: "txt", case_id: "case-bob", case_owner_id: bob });
      const own = await rows(tx, "select id from public.documents where id = 'doc-orphan'");
      await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: carol, role: "authenticated" })]);
      return [own, await rows(tx, "select id from public.documents where id = 'doc-orphan'")];
    });
    expect(seen).toEqual([[{ id: "doc-orphan" }], []]);
  });
});
