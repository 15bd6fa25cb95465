import type { PGlite, Transaction } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { planQuery, searchTerms, type SearchTerms } from "../../../src/lib/search/rank";
import { createSearchIndex } from "../../../src/lib/search/worker/searchIndex";
import { pageEntryOf } from "../../../src/lib/search/serverPages";
import type { PageHit } from "../../../src/lib/search/results";
import { type ApiRole, asRole, migratedDb, signUp } from "./harness";

// The workspace migration (issue 19) on PGlite: row-level security of every table and of the documents bucket,
// the guards of keys and of last write wins, and search_pages.

let db: PGlite;
let ada: string;
let bob: string;

type Row = Record<string, unknown>;

/** One table of the workspace, and rows to try it with. */
interface TableSpec {
  table: string;
  /** The columns naming one of a user's rows, besides owner_id. */
  key: string[];
  /** A new row, distinct for each n; owner_id is left to its default. */
  row: (n: number) => Row;
  /** A change its owner may make. */
  change: Row;
}

const TABLES: TableSpec[] = [
  {
    table: "conversations",
    key: ["id"],
    row: (n) => ({ id: `conv-${String(n)}`, title: `Conversation ${String(n)}`, pinned: false }),
    change: { title: "Renamed", pinned: true },
  },
  {
    table: "messages",
    key: ["conversation_id", "id"],
    row: (n) => ({
      conversation_id: "conv-parent",
      id: `msg-${String(n)}`,
      role: "assistant",
      content: `Answer ${String(n)} [1]`,
      scope: "firm",
      citations: JSON.stringify([{ id: "page:doc-lease:2", title: "Lease", page: 2, source: "Georgiou", ref: { kind: "page", docId: "doc-lease" } }]),
    }),
    change: { content: "Edited answer" },
  },
  {
    table: "knowledge_items",
    key: ["id"],
    row: (n) => ({ id: `kb-${String(n)}`, title: `Law ${String(n)}`, type: "law", description: "Formation of contracts", source: "External" }),
    change: { description: "Breach of contracts" },
  },
  {
    table: "cases",
    key: ["id"],
    row: (n) => ({ id: `case-${String(n)}`, title: `Case ${String(n)}`, docket_no: `CV-2025-00000${String(n)}` }),
    change: { status: "closed" },
  },
  {
    table: "documents",
    key: ["id"],
    row: (n) => ({ id: `doc-${String(n)}`, title: `Document ${String(n)}`, file_name: "lease.pdf", kind: "pdf", case_id: "case-1", size_bytes: 1024 }),
    change: { status: "failed", failure_reason: "The file is damaged" },
  },
  {
    table: "document_pages",
    key: ["document_id", "page_number"],
    row: (n) => ({ document_id: "doc-parent", page_number: n, text: `Text of page ${String(n)}`, source: "ocr" }),
    change: { text: "Text read again" },
  },
  {
    table: "preferences",
    key: [],
    row: () => ({ default_scope: "kb", compact_mode: true }),
    change: { notify_email: false },
  },
];

/** `col = $i and ...` for the owner and the key of a row, with its parameters. */
function whereOf(spec: TableSpec, row: Row, owner: string, first = 1): { sql: string; params: unknown[] } {
  const columns = ["owner_id", ...spec.key];
  return {
    sql: columns.map((c, i) => `${c} = $${String(first + i)}`).join(" and "),
    params: [owner, ...spec.key.map((c) => row[c])],
  };
}

/**
 * Inserts a row, returning it. A refused insert is tried without `returning`: with it, Postgres also checks the new row
 * against the select policies, which would hide a broken insert policy.
 */
const insert = async (tx: Transaction | PGlite, table: string, row: Row, returning = true): Promise<Row[]> => {
  const columns = Object.keys(row);
  const sql = `insert into public.${table} (${columns.join(", ")}) values (${columns.map((_, i) => `$${String(i + 1)}`).join(", ")})`;
  return (await tx.query<Row>(returning ? `${sql} returning *` : sql, Object.values(row))).rows;
};

const select = async (tx: Transaction | PGlite, spec: TableSpec, row: Row, owner: string): Promise<Row[]> => {
  const where = whereOf(spec, row, owner);
  return (await tx.query<Row>(`select * from public.${spec.table} where ${where.sql}`, where.params)).rows;
};

const update = (tx: Transaction, spec: TableSpec, row: Row, owner: string, change: Row) => {
  const sets = Object.keys(change).map((c, i) => `${c} = $${String(i + 1)}`);
  const where = whereOf(spec, row, owner, sets.length + 1);
  return tx.query<Row>(`update public.${spec.table} set ${sets.join(", ")} where ${where.sql} returning *`, [...Object.values(change), ...where.params]);
};

const remove = (tx: Transaction | PGlite, spec: TableSpec, row: Row, owner: string) => {
  const where = whereOf(spec, row, owner);
  return tx.query(`delete from public.${spec.table} where ${where.sql}`, where.params);
};

/**
 * Runs the queries as the role and rolls them back: how many rows they touched, nothing kept. For an update or delete
 * with no where clause, which reads no column, so only the update or delete policy decides (a where clause or
 * `returning` brings in the select policy as well).
 */
async function touched(role: ApiRole, sub: string | null, sql: string, params: unknown[] = []): Promise<number> {
  let count = -1;
  await asRole(db, role, sub, async (tx) => {
    count = (await tx.query(sql, params)).affectedRows ?? 0;
    await tx.rollback();
  });
  return count;
}

const countOf = async (table: string, owner: string) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from public.${table} where owner_id = $1`, [owner])).rows[0]!.n;

/** Deletes the row as the database owner (a test's clean-up). */
const cleanUp = (spec: TableSpec, row: Row, owner: string) => remove(db, spec, row, owner);

/** The row as the database owner sees it. */
const stored = async (spec: TableSpec, row: Row, owner: string) => (await select(db, spec, row, owner))[0];

/** A user's parents of the child rows: a conversation and a document. */
async function seedParents(owner: string) {
  await insert(db, "conversations", { owner_id: owner, id: "conv-parent", title: "Parent" });
  await insert(db, "documents", { owner_id: owner, id: "doc-parent", title: "Parent", file_name: "parent.txt", kind: "txt", case_id: "case-1" });
}

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@example.com");
  bob = await signUp(db, "bob@example.com");
  await seedParents(ada);
  await seedParents(bob);
  // A conversation and a document only Bob has, to attach children to.
  await insert(db, "conversations", { owner_id: bob, id: "conv-bob", title: "Bob's own" });
  await insert(db, "documents", { owner_id: bob, id: "doc-bob", title: "Bob's own", file_name: "bob.txt", kind: "txt", case_id: "case-1" });
}, 120_000);

describe("row-level security of the workspace tables", () => {
  it.each(TABLES)("$table: the owner inserts, reads, updates and deletes a row", async (spec) => {
    const row = spec.row(1);
    const [inserted] = await asRole(db, "authenticated", ada, (tx) => insert(tx, spec.table, row));
    expect(inserted).toMatchObject({ owner_id: ada });
    expect(await asRole(db, "authenticated", ada, (tx) => select(tx, spec, row, ada))).toEqual([inserted]);
    const { rows: changed } = await asRole(db, "authenticated", ada, (tx) => update(tx, spec, row, ada, spec.change));
    expect(changed).toEqual([expect.objectContaining(spec.change)]);
    const { affectedRows } = await asRole(db, "authenticated", ada, (tx) => remove(tx, spec, row, ada));
    expect(affectedRows).toBe(1);
    expect(await stored(spec, row, ada)).toBeUndefined();
  });

  it.each(TABLES)("$table: another user sees and changes nothing, and cannot write a row as its owner", async (spec) => {
    const row = spec.row(2);
    const [original] = await asRole(db, "authenticated", ada, (tx) => insert(tx, spec.table, row));
    const seen = await asRole(db, "authenticated", bob, async (tx) => (await tx.query<Row>(`select * from public.${spec.table}`)).rows);
    expect(seen.filter((r) => r.owner_id !== bob)).toEqual([]);
    expect(await asRole(db, "authenticated", bob, (tx) => select(tx, spec, row, ada))).toEqual([]);
    expect((await asRole(db, "authenticated", bob, (tx) => update(tx, spec, row, ada, spec.change))).affectedRows).toBe(0);
    expect((await asRole(db, "authenticated", bob, (tx) => remove(tx, spec, row, ada))).affectedRows).toBe(0);
    // With no where clause, each policy alone: Bob's statements reach his own rows only.
    const [column, value] = Object.entries(spec.change)[0]!;
    const bobs = await countOf(spec.table, bob);
    expect(await touched("authenticated", bob, `update public.${spec.table} set ${column} = $1`, [value])).toBe(bobs);
    expect(await touched("authenticated", bob, `delete from public.${spec.table}`)).toBe(bobs);
    await expect(asRole(db, "authenticated", bob, (tx) => insert(tx, spec.table, { ...spec.row(3), owner_id: ada }, false))).rejects.toThrow(/row-level security/);
    expect(await stored(spec, row, ada)).toEqual(original);
    await cleanUp(spec, row, ada);
  });

  it.each(TABLES)("$table: the anonymous role is refused every operation", async (spec) => {
    const row = spec.row(4);
    const attempts: ((tx: Transaction) => Promise<unknown>)[] = [
      (tx) => tx.query(`select * from public.${spec.table}`),
      (tx) => insert(tx, spec.table, { ...row, owner_id: ada }, false),
      (tx) => update(tx, spec, row, ada, spec.change),
      (tx) => remove(tx, spec, row, ada),
    ];
    for (const attempt of attempts) {
      await expect(asRole(db, "anon", null, attempt)).rejects.toThrow(/permission denied/);
    }
  });

  it.each(TABLES)("$table: a forged owner_id is refused, on insert and on update", async (spec) => {
    const row = spec.row(5);
    await expect(asRole(db, "authenticated", ada, (tx) => insert(tx, spec.table, { ...row, owner_id: bob }, false))).rejects.toThrow(/row-level security/);
    expect(await stored(spec, row, bob)).toBeUndefined();
    await asRole(db, "authenticated", ada, (tx) => insert(tx, spec.table, row));
    await expect(asRole(db, "authenticated", ada, (tx) => update(tx, spec, row, ada, { owner_id: bob }))).rejects.toThrow(
      new RegExp(`permission denied: owner_id of ${spec.table} cannot be changed`),
    );
    // Under the key guard, the update policy's with check refuses it on its own (with no where clause nor `returning`,
    // the select policy does not check the new row).
    await expect(
      db.transaction(async (tx) => {
        await tx.exec(`alter table public.${spec.table} disable trigger ${spec.table}_guard`);
        await tx.exec("set local role authenticated");
        await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: ada, role: "authenticated" })]);
        await tx.query(`update public.${spec.table} set owner_id = $1`, [bob]);
      }),
    ).rejects.toThrow(/row-level security/);
    expect(await stored(spec, row, ada)).toBeDefined();
    await cleanUp(spec, row, ada);
  });

  it.each(TABLES.filter((spec) => spec.key.length > 0))("$table: a row's key never changes, even its owner's", async (spec) => {
    const row = spec.row(6);
    await asRole(db, "authenticated", ada, (tx) => insert(tx, spec.table, row));
    const column = spec.key.at(-1)!;
    const other = typeof row[column] === "number" ? 99 : "renamed-id";
    await expect(asRole(db, "authenticated", ada, (tx) => update(tx, spec, row, ada, { [column]: other }))).rejects.toThrow(
      new RegExp(`permission denied: ${column} of ${spec.table} cannot be changed`),
    );
    expect(await stored(spec, row, ada)).toBeDefined();
    await cleanUp(spec, row, ada);
  });

  it.each(TABLES)("$table: created_at stays the time the row was created", async (spec) => {
    const row = spec.row(9);
    const [inserted] = await asRole(db, "authenticated", ada, (tx) => insert(tx, spec.table, row));
    const { rows } = await asRole(db, "authenticated", ada, (tx) => update(tx, spec, row, ada, { ...spec.change, created_at: "2000-01-01T00:00:00Z" }));
    expect(rows).toEqual([expect.objectContaining({ ...spec.change, created_at: inserted!.created_at })]);
    await cleanUp(spec, row, ada);
  });

  it.each(TABLES)("$table: an upsert as supabase-js sends it inserts, then updates, and an older write loses", async (spec) => {
    const row = spec.row(7);
    const hasUpdatedAt = spec.table !== "document_pages";
    const upsert = (values: Row) => {
      const columns = Object.keys(values);
      const sql =
        `insert into public.${spec.table} (${columns.join(", ")}) values (${columns.map((_, i) => `$${String(i + 1)}`).join(", ")}) ` +
        `on conflict (${["owner_id", ...spec.key].join(", ")}) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(", ")} returning *`;
      return asRole(db, "authenticated", ada, (tx) => tx.query<Row>(sql, Object.values(values)));
    };
    const at = (iso: string) => (hasUpdatedAt ? { updated_at: iso } : {});
    const first = await upsert({ ...row, ...at("2025-03-01T10:00:00Z") });
    expect(first.rows).toHaveLength(1);
    const newer = await upsert({ ...row, ...spec.change, ...at("2025-03-01T12:00:00Z") });
    expect(newer.rows).toEqual([expect.objectContaining({ ...spec.change, created_at: first.rows[0]!.created_at })]);
    if (hasUpdatedAt) {
      // A write from before the stored one (an outbox retried late) changes nothing.
      const older = await upsert({ ...row, ...at("2025-03-01T11:00:00Z") });
      expect(older.rows).toEqual([]);
      expect(await stored(spec, row, ada)).toMatchObject({ ...spec.change, updated_at: new Date("2025-03-01T12:00:00Z") });
    }
    await cleanUp(spec, row, ada);
  });

  it.each([
    ["messages", { conversation_id: "conv-bob", id: "msg-intruder", role: "user", content: "Hello", scope: "all" }],
    ["document_pages", { document_id: "doc-bob", page_number: 1, text: "Planted page", source: "text" }],
  ])("%s: a child row cannot be attached to another user's parent", async (table, row) => {
    // A page is refused before its key is looked at: its document must be the caller's and open to them (issue 43).
    const refused = table === "document_pages" ? /row-level security/ : /violates foreign key constraint/;
    await expect(asRole(db, "authenticated", ada, (tx) => insert(tx, table, row, false))).rejects.toThrow(refused);
    await expect(asRole(db, "authenticated", ada, (tx) => insert(tx, table, { ...row, owner_id: bob }, false))).rejects.toThrow(/row-level security/);
    const { rows } = await db.query(`select * from public.${table} where owner_id = $1`, [bob]);
    expect(rows).toEqual([]);
  });

  it.each([
    ["an id with a slash", "conversations", { id: "a/b", title: "x" }, /conversations_id_check/],
    ["a blank conversation title", "conversations", { id: "c-blank", title: "" }, /conversations_title_check/],
    ["a role other than user or assistant", "messages", { conversation_id: "conv-parent", id: "m-x", role: "system", content: "x", scope: "all" }, /messages_role_check/],
    ["citations that are not a list", "messages", { conversation_id: "conv-parent", id: "m-y", role: "user", content: "x", scope: "all", citations: "{}" }, /messages_citations_check/],
    ["a knowledge type of its own", "knowledge_items", { id: "k-x", title: "x", type: "blog", description: "x", source: "x" }, /knowledge_items_type_check/],
    ["a blank docket number", "cases", { id: "c-x", title: "x", docket_no: "  " }, /cases_docket_no_check/],
    ["an unknown document status", "documents", { id: "d-x", title: "x", file_name: "x.pdf", kind: "pdf", case_id: "c", status: "indexed" }, /documents_status_check/],
    ["a SHA-256 that is not 64 lower-case hex digits", "documents", { id: "d-y", title: "x", file_name: "x.pdf", kind: "pdf", case_id: "c", sha256: "ABC" }, /documents_sha256_check/],
    ["a failure reason on a document that did not fail", "documents", { id: "d-z", title: "x", file_name: "x.pdf", kind: "pdf", case_id: "c", failure_reason: "x" }, /documents_reason_only_when_failed/],
    ["more OCR pages than pages", "documents", { id: "d-w", title: "x", file_name: "x.pdf", kind: "pdf", case_id: "c", page_count: 1, ocr_pages: 2 }, /documents_ocr_pages_of_its_pages/],
    ["a file over 50 MB", "documents", { id: "d-v", title: "x", file_name: "x.pdf", kind: "pdf", case_id: "c", size_bytes: 52428801 }, /documents_size_bytes_check/],
    ["page 0", "document_pages", { document_id: "doc-parent", page_number: 0, text: "x" }, /document_pages_page_number_check/],
    ["a page read some other way", "document_pages", { document_id: "doc-parent", page_number: 9, text: "x", source: "ai" }, /document_pages_source_check/],
    ["a default scope of Web", "preferences", { default_scope: "web" }, /preferences_default_scope_check/],
  ])("refuses %s", async (_case, table, row, constraint) => {
    await expect(asRole(db, "authenticated", ada, (tx) => insert(tx, table, row))).rejects.toThrow(constraint);
  });

  it("keeps a document's storage path inside its owner's folder for that document", async () => {
    const document = { id: "doc-stored", title: "Lease", file_name: "lease.pdf", kind: "pdf", case_id: "c", sha256: "ab".repeat(32) };
    for (const path of [`${bob}/doc-stored/lease.pdf`, `${ada}/doc-other/lease.pdf`, `${ada}/doc-stored/`, `${ada}/doc-stored/a/lease.pdf`]) {
      await expect(asRole(db, "authenticated", ada, (tx) => insert(tx, "documents", { ...document, storage_path: path }))).rejects.toThrow(
        /documents_storage_path_in_its_folder/,
      );
    }
    const [row] = await asRole(db, "authenticated", ada, (tx) => insert(tx, "documents", { ...document, storage_path: `${ada}/doc-stored/lease.pdf` }));
    expect(row).toMatchObject({ storage_path: `${ada}/doc-stored/lease.pdf`, status: "queued", page_count: 0, unit: "page" });
    await db.query("delete from public.documents where owner_id = $1 and id = 'doc-stored'", [ada]);
  });
});

describe("row-level security of the documents bucket", () => {
  const path = (owner: string, name = "lease.pdf") => `${owner}/doc-lease/${name}`;
  /** Uploads a file as Storage records it; a refused one without `returning` (which the select policy would refuse). */
  const putObject = (tx: Transaction, name: string, bucket = "documents", returning = true) =>
    tx.query<Row>(
      `insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, auth.uid(), $3)${returning ? " returning *" : ""}`,
      [bucket, name, JSON.stringify({ size: 1024, mimetype: "application/pdf" })],
    );
  const objectNamed = async (name: string) => (await db.query<Row>("select * from storage.objects where name = $1", [name])).rows[0];

  it("is private, and takes files up to 50 MB", async () => {
    const { rows } = await db.query("select id, public, file_size_limit from storage.buckets where id = 'documents'");
    expect(rows).toEqual([{ id: "documents", public: false, file_size_limit: 52428800 }]);
  });

  it("lets the owner upload, read, replace and delete a file in their folder", async () => {
    const name = path(ada);
    const { rows } = await asRole(db, "authenticated", ada, (tx) => putObject(tx, name));
    expect(rows).toEqual([expect.objectContaining({ bucket_id: "documents", name, owner: ada })]);
    const seen = await asRole(db, "authenticated", ada, async (tx) => (await tx.query<Row>("select name from storage.objects")).rows);
    expect(seen).toEqual([{ name }]);
    const replaced = await asRole(db, "authenticated", ada, (tx) =>
      tx.query("update storage.objects set metadata = '{\"size\": 2048}' where bucket_id = 'documents' and name = $1", [name]),
    );
    expect(replaced.affectedRows).toBe(1);
    const deleted = await asRole(db, "authenticated", ada, (tx) => tx.query("delete from storage.objects where bucket_id = 'documents' and name = $1", [name]));
    expect(deleted.affectedRows).toBe(1);
    expect(await objectNamed(name)).toBeUndefined();
  });

  it("hides a user's files from everyone else, and refuses writes into their folder", async () => {
    const name = path(ada, "secret.pdf");
    await asRole(db, "authenticated", ada, (tx) => putObject(tx, name));
    expect(await asRole(db, "authenticated", bob, async (tx) => (await tx.query("select * from storage.objects")).rows)).toEqual([]);
    const changed = await asRole(db, "authenticated", bob, (tx) => tx.query("update storage.objects set metadata = '{}' where name = $1", [name]));
    expect(changed.affectedRows).toBe(0);
    const deleted = await asRole(db, "authenticated", bob, (tx) => tx.query("delete from storage.objects where name = $1", [name]));
    expect(deleted.affectedRows).toBe(0);
    // With no where clause, each policy alone.
    expect(await touched("authenticated", bob, "update storage.objects set metadata = '{}'")).toBe(0);
    expect(await touched("authenticated", bob, "delete from storage.objects")).toBe(0);
    await expect(asRole(db, "authenticated", bob, (tx) => putObject(tx, path(ada, "planted.pdf"), "documents", false))).rejects.toThrow(/row-level security/);
    // Moving one's own (only) file into another's folder, or out of a document's folder, is refused too: with no
    // where clause, by the update policy's check alone.
    await asRole(db, "authenticated", bob, (tx) => putObject(tx, path(bob)));
    for (const target of [path(ada, "moved.pdf"), `${bob}/moved.pdf`]) {
      await expect(asRole(db, "authenticated", bob, (tx) => tx.query("update storage.objects set name = $1", [target]))).rejects.toThrow(/row-level security/);
    }
    expect(await objectNamed(name)).toMatchObject({ owner: ada, metadata: { size: 1024, mimetype: "application/pdf" } });
    await db.query("delete from storage.objects where name in ($1, $2)", [name, path(bob)]);
  });

  it("gives the anonymous role nothing", async () => {
    await asRole(db, "authenticated", ada, (tx) => putObject(tx, path(ada, "anon.pdf")));
    // Storage's own grants let anon query the table; with no policy for it, row-level security shows and takes nothing.
    expect(await asRole(db, "anon", null, async (tx) => (await tx.query("select * from storage.objects")).rows)).toEqual([]);
    expect(await touched("anon", null, "delete from storage.objects")).toBe(0);
    expect(await touched("anon", null, "update storage.objects set metadata = '{}'")).toBe(0);
    await expect(
      asRole(db, "anon", null, (tx) => tx.query("insert into storage.objects (bucket_id, name) values ('documents', $1)", [path(ada, "anon2.pdf")])),
    ).rejects.toThrow(/row-level security/);
    await db.query("delete from storage.objects where name = $1", [path(ada, "anon.pdf")]);
  });

  it.each([
    ["outside a document's folder", (owner: string) => `${owner}/lease.pdf`, "documents"],
    ["in a folder under a document's", (owner: string) => `${owner}/doc-lease/drafts/lease.pdf`, "documents"],
    ["in another bucket", (owner: string) => `${owner}/doc-lease/lease.pdf`, "avatars"],
  ])("refuses a file %s, even in the user's own folder", async (_case, name, bucket) => {
    await db.query("insert into storage.buckets (id, name) values ('avatars', 'avatars') on conflict do nothing");
    await expect(asRole(db, "authenticated", ada, (tx) => putObject(tx, name(ada), bucket, false))).rejects.toThrow(/row-level security/);
  });
});

describe("search_pages", () => {
  // Ada's documents, in three cases. Bob has a document with the same id whose page answers Ada's questions best.
  const ADA_PAGES: [doc: string, title: string, caseId: string, pages: string[]][] = [
    [
      "doc-lease",
      "Lease of Flat 3, 18 Tombs of the Kings Road",
      "case-georgiou",
      [
        "This lease is made between the landlord, Paphos Coastal Developments Ltd, and the tenant. The premises are Flat 3, 18 Tombs of the Kings Road.",
        "Either party may end this tenancy by giving the other three months' written notice. The notice period runs from the first day of the month after the notice is received.",
        "The tenant pays a deposit of two months' rent, which the landlord returns within thirty days after the premises are handed back.",
      ],
    ],
    [
      "doc-employment",
      "Kyprianou: statement of claim",
      "case-kyprianou",
      [
        "The employee was dismissed without notice after eleven years of service. Under the Termination of Employment Law the employer must give notice or pay compensation.",
        "Compensation for unfair dismissal is calculated on the basis of the employee's weekly wages and years of service.",
        "Compensation claimed: compensation for lost wages, compensation in lieu of notice, and compensation for the manner of the dismissal.",
      ],
    ],
    [
      "doc-gdpr",
      "Letter to the Commissioner for Personal Data Protection",
      "case-hadjipetrou",
      [
        "The controller must notify the Commissioner for Personal Data Protection of a personal data breach within seventy-two hours.",
        "Client files are retained for six years after the matter is closed, then destroyed securely.",
        "The lease register lists every lease, sublease and lease renewal of the client: lease numbers, lease dates and lease terms.",
      ],
    ],
  ];
  const BOB_PAGES = [
    "Bob's lease: the notice period for ending the lease is one month's written notice to the landlord.",
    "Notice to renew the lease: the tenant gives notice within the renewal period, and the landlord gives notice of the new rent in that period.",
  ];

  /** What the search worker sends for a question: its terms and its vocabulary's, stemmed (rank.ts). */
  const termsOf = (question: string): SearchTerms => searchTerms(planQuery(question));
  const search = (user: string, question: string | SearchTerms, documentIds: string[] | null = null, caseIds: string[] | null = null, max?: number) => {
    const { terms, prefixes } = typeof question === "string" ? termsOf(question) : question;
    return asRole(db, "authenticated", user, async (tx) =>
      max === undefined
        ? (await tx.query<PageHit>("select * from public.search_pages($1, $2, $3, $4)", [terms, prefixes, documentIds, caseIds])).rows
        : (await tx.query<PageHit>("select * from public.search_pages($1, $2, $3, $4, $5)", [terms, prefixes, documentIds, caseIds, max])).rows,
    );
  };
  const places = (hits: readonly PageHit[]) => hits.map((h) => `${h.document_id} p${String(h.page_number)}`);
  /** The passage the relevance rule quotes first from the pages search_pages returned, as the search worker ranks them. */
  const firstQuoted = async (question: string) => {
    const hits = await search(ada, question);
    const [first] = createSearchIndex().search(question, { pages: hits.map(pageEntryOf) }).results;
    return first?.entry.kind === "page" ? `${first.entry.docId} p${String(first.entry.page)}` : undefined;
  };

  beforeAll(async () => {
    for (const [id, title, caseId, pages] of ADA_PAGES) {
      await asRole(db, "authenticated", ada, async (tx) => {
        await insert(tx, "documents", { id, title, file_name: `${id}.pdf`, kind: "pdf", case_id: caseId, case_title: caseId, page_count: pages.length, status: "done" });
        for (const [i, text] of pages.entries()) await insert(tx, "document_pages", { document_id: id, page_number: i + 1, text, source: "text" });
      });
    }
    await asRole(db, "authenticated", bob, async (tx) => {
      await insert(tx, "documents", { id: "doc-lease", title: "Bob's lease", file_name: "lease.pdf", kind: "pdf", case_id: "case-georgiou", status: "done" });
      for (const [i, text] of BOB_PAGES.entries()) await insert(tx, "document_pages", { document_id: "doc-lease", page_number: i + 1, text, source: "ocr" });
    });
  });

  it.each([
    ["What is the notice period in the lease?", "doc-lease p2"],
    ["How long do we have to report a data breach to the Commissioner?", "doc-gdpr p1"],
    ["compensation for unfair dismissal", "doc-employment p2"],
    ["Is the deposit returned by the landlord?", "doc-lease p3"],
    ["How long are client files kept?", "doc-gdpr p2"],
  ])("the pages it returns, ranked by the relevance rule, quote the right page first: %s", async (question, best) => {
    expect(await firstQuoted(question)).toBe(best);
  });

  it("returns every page with any of the question's terms (stems, as the english configuration makes them), and no other", async () => {
    const hits = await search(ada, { terms: ["notic", "period"], prefixes: [] });
    expect(places(hits).sort()).toEqual(["doc-employment p1", "doc-employment p3", "doc-lease p2"]);
    // Ordered by ts_rank: the page saying notice three times and period twice before those saying notice once or twice.
    expect(places(hits)[0]).toBe("doc-lease p2");
    expect(hits.map((h) => h.rank)).toEqual(hits.map((h) => h.rank).toSorted((a, b) => b - a));
  });

  it("matches a prefix against the page's lexemes ('compens' finds compensation), and keeps only letters and digits of each term", async () => {
    expect(places(await search(ada, { terms: [], prefixes: ["compens"] })).sort()).toEqual(["doc-employment p1", "doc-employment p2", "doc-employment p3"]);
    expect(places(await search(ada, { terms: ["seventy-two"], prefixes: [] }))).toEqual([]);
    expect(places(await search(ada, { terms: ["bre'ach!"], prefixes: [] }))).toEqual(["doc-gdpr p1"]);
    expect(await search(ada, { terms: ["' | '!", ""], prefixes: ["", ":*"] })).toEqual([]);
  });

  it("never returns another user's page", async () => {
    const questions = ["What is the notice period in the lease?", "notice", "landlord lease", "Bob's lease"];
    for (const question of questions) {
      const adas = await search(ada, question);
      expect(adas.filter((h) => BOB_PAGES.includes(h.text))).toEqual([]);
      const bobs = await search(bob, question);
      expect(bobs.length).toBeGreaterThan(0);
      expect(bobs.filter((h) => !BOB_PAGES.includes(h.text))).toEqual([]);
    }
    // Both have a doc-lease: naming it takes only the caller's.
    expect(places(await search(ada, "notice landlord", ["doc-lease"])).sort()).toEqual(["doc-lease p1", "doc-lease p2", "doc-lease p3"]);
    expect(await search(bob, "data breach Commissioner")).toEqual([]);
  });

  it("returns each page with its text and its document, and no snippet: the quote is cut in the browser", async () => {
    const [hit] = await search(ada, { terms: ["notic", "period"], prefixes: [] });
    expect(hit).toEqual({
      document_id: "doc-lease",
      title: "Lease of Flat 3, 18 Tombs of the Kings Road",
      case_id: "case-georgiou",
      case_title: "case-georgiou",
      page_number: 2,
      unit: "page",
      source: "text",
      rank: expect.any(Number) as unknown,
      text: ADA_PAGES[0]![3][1],
    });
    expect(hit!.rank).toBeGreaterThan(0);
    expect(hit!.rank).toBeLessThan(1);
  });

  it("searches only the documents named, or the cases named, or both (their union)", async () => {
    const question = "notice compensation data breach";
    expect(new Set((await search(ada, question, ["doc-employment"])).map((h) => h.document_id))).toEqual(new Set(["doc-employment"]));
    expect(new Set((await search(ada, question, null, ["case-georgiou"])).map((h) => h.document_id))).toEqual(new Set(["doc-lease"]));
    expect(new Set((await search(ada, question, ["doc-gdpr"], ["case-kyprianou"])).map((h) => h.document_id))).toEqual(
      new Set(["doc-gdpr", "doc-employment"]),
    );
    expect(new Set((await search(ada, question)).map((h) => h.document_id))).toEqual(new Set(["doc-lease", "doc-employment", "doc-gdpr"]));
    // Chips with no ids search nothing.
    expect(await search(ada, question, [], [])).toEqual([]);
    expect(await search(ada, question, [], null)).toEqual([]);
  });

  it("returns at most max_results pages (the best by rank), and nothing for a question of stop words", async () => {
    const terms: SearchTerms = { terms: ["notic", "leas", "period"], prefixes: [] };
    const all = await search(ada, terms, null, null, 50);
    expect(all.length).toBeGreaterThan(2);
    expect(places(await search(ada, terms, null, null, 2))).toEqual(places(all).slice(0, 2));
    expect(places(await search(ada, terms, null, null, 1))).toEqual(places(all).slice(0, 1));
    expect(termsOf("what is the")).toEqual({ terms: [], prefixes: [] });
    expect(await search(ada, "what is the")).toEqual([]);
    expect(await search(ada, { terms: [], prefixes: [] })).toEqual([]);
  });

  it("is not open to the anonymous role", async () => {
    await expect(asRole(db, "anon", null, (tx) => tx.query("select * from public.search_pages(array['notic'])"))).rejects.toThrow(
      /permission denied for function search_pages/,
    );
  });
});

describe("deleting a user", () => {
  it("deletes every row of theirs, and no one else's", async () => {
    const carol = await signUp(db, "carol@example.com");
    await seedParents(carol);
    for (const spec of TABLES) await insert(db, spec.table, { ...spec.row(8), owner_id: carol });
    const count = async (owner: string) => {
      let total = 0;
      for (const { table } of TABLES) total += (await db.query<{ n: number }>(`select count(*)::int as n from public.${table} where owner_id = $1`, [owner])).rows[0]!.n;
      return total;
    };
    const adas = await count(ada);
    expect(await count(carol)).toBe(TABLES.length + 2);
    await db.query("delete from auth.users where id = $1", [carol]);
    expect(await count(carol)).toBe(0);
    expect(await count(ada)).toBe(adas);
  });
});
