import type { PGlite } from "@electric-sql/pglite";
import { createClient, StorageApiError, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeServer } from "../../e2e/fixtures/server";
import { serveSupabase } from "../../fixtures/storageApi";
import { migratedDb } from "./harness";

// The fake Supabase's Storage API (tests/fixtures/storageApi.ts) driven by the real supabase-js over HTTP: what it
// allows is what the documents bucket's policies on storage.objects decide in PGlite.
const ANON_KEY = "anon-key";
const ADA = "0b3f0c1e-7d55-4e0a-9a53-5a3c2f1e9b10";
const BOB = "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b";
const DOC = "doc-1";
const LEASE = `${ADA}/${DOC}/lease.pdf`;

/** A few KB of a PDF's kind of bytes: every byte value, so sequences that are not valid UTF-8 (0xff, 0xc3 0x28). */
const pdfBytes = (size: number, seed = 0) =>
  Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x00]), Buffer.from(Array.from({ length: size }, (_, i) => (i * 37 + seed) % 256))]);

/** The clock the Storage API signs with: a test moves it on to expire a signed URL. */
let clockOffsetMs = 0;

interface Fake {
  db: PGlite;
  server: FakeServer;
  anon: SupabaseClient;
  ada: SupabaseClient;
  bob: SupabaseClient;
}

async function startFake(): Promise<Fake> {
  const db = await migratedDb();
  for (const [id, email] of [
    [ADA, "ada@example.com"],
    [BOB, "bob@example.com"],
  ]) {
    await db.query("insert into auth.users (id, email) values ($1, $2)", [id, email]);
  }
  const server = await serveSupabase(db, ANON_KEY, { now: () => Date.now() + clockOffsetMs });
  const client = (token?: string) =>
    createClient(server.url, ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
    });
  return { db, server, anon: client(), ada: client(`user:${ADA}`), bob: client(`user:${BOB}`) };
}

let fake: Fake;
const documents = (client: SupabaseClient) => client.storage.from("documents");
const bytesOf = async (blob: Blob | null) => Buffer.from(await blob!.arrayBuffer());
/** The storage.objects rows, read as the superuser (no row-level security). */
const rows = async (db: PGlite) =>
  (await db.query<{ name: string; owner: string | null }>("select name, owner from storage.objects order by name")).rows;

/** Storage's answer to a refused call, as supabase-js hands it over: a StorageApiError. */
const refused = (message: string, statusCode: string) => expect.objectContaining({ name: "StorageApiError", message, status: 400, statusCode });
const RLS = "new row violates row-level security policy";

beforeAll(async () => {
  fake = await startFake();
}, 120_000);

afterAll(() => fake?.server.close());

describe("a user's own documents through supabase-js storage", () => {
  it("uploads bytes, downloads them byte-identical with their type, lists, updates and removes them", async () => {
    const { ada, db } = fake;
    const lease = pdfBytes(4096);
    const uploaded = await documents(ada).upload(LEASE, lease, { contentType: "application/pdf" });
    expect(uploaded.error).toBeNull();
    const [row] = (await db.query<{ id: string; owner: string; size: number }>("select id, owner, (metadata ->> 'size')::int as size from storage.objects")).rows;
    expect(uploaded.data).toEqual({ path: LEASE, id: row!.id, fullPath: `documents/${LEASE}` });
    expect(row).toMatchObject({ owner: ADA, size: lease.length });

    const downloaded = await documents(ada).download(LEASE);
    expect(downloaded.error).toBeNull();
    expect((await bytesOf(downloaded.data)).equals(lease)).toBe(true);
    expect(downloaded.data!.type).toBe("application/pdf");

    const listed = await documents(ada).list(`${ADA}/${DOC}`);
    expect(listed.data).toEqual([
      expect.objectContaining({ name: "lease.pdf", id: row!.id, metadata: expect.objectContaining({ size: lease.length, mimetype: "application/pdf" }) }),
    ]);
    // Above the file, its folders: as storage.search answers, with no id.
    expect((await documents(ada).list(ADA)).data).toEqual([expect.objectContaining({ name: DOC, id: null })]);
    expect((await documents(ada).list()).data).toEqual([expect.objectContaining({ name: ADA, id: null })]);

    // A second upload to the same path is a duplicate unless it upserts; update() replaces.
    const again = await documents(ada).upload(LEASE, pdfBytes(100), { contentType: "application/pdf" });
    expect(again.error).toEqual(refused("The resource already exists", "409"));
    const replacement = pdfBytes(2048, 7);
    expect((await documents(ada).upload(LEASE, replacement, { contentType: "application/pdf", upsert: true })).data).toMatchObject({ id: row!.id });
    expect((await bytesOf((await documents(ada).download(LEASE)).data)).equals(replacement)).toBe(true);
    expect((await documents(ada).update(LEASE, lease, { contentType: "application/pdf" })).error).toBeNull();
    expect((await bytesOf((await documents(ada).download(LEASE)).data)).equals(lease)).toBe(true);

    const removed = await documents(ada).remove([LEASE]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([expect.objectContaining({ name: LEASE, bucket_id: "documents", id: row!.id, owner: ADA })]);
    expect(await rows(db)).toEqual([]);
    expect((await documents(ada).download(LEASE)).error).toEqual(refused("Object not found", "404"));
    expect((await documents(ada).remove([LEASE])).data).toEqual([]);
  });

  it("takes a File as a browser sends it (a multipart form) and serves it back byte-identical", async () => {
    const { ada, server } = fake;
    const bytes = pdfBytes(3000, 3);
    const path = `${ADA}/${DOC}/scan.pdf`;
    expect((await documents(ada).upload(path, new File([bytes], "scan.pdf", { type: "application/pdf" }))).error).toBeNull();
    const sent = server.requests.findLast((r) => r.method === "POST" && r.path.endsWith("/scan.pdf"));
    expect(String(sent?.headers["content-type"])).toMatch(/^multipart\/form-data; boundary=/);
    const downloaded = await documents(ada).download(path);
    expect((await bytesOf(downloaded.data)).equals(bytes)).toBe(true);
    expect(downloaded.data!.type).toBe("application/pdf");
    await documents(ada).remove([path]);
  });

  it("signs a URL that serves the file without a token; a tampered, moved or expired one serves nothing", async () => {
    const { ada } = fake;
    const lease = pdfBytes(4096);
    await documents(ada).upload(LEASE, lease, { contentType: "application/pdf" });
    const signed = await documents(ada).createSignedUrl(LEASE, 60);
    expect(signed.error).toBeNull();
    const url = new URL(signed.data!.signedUrl);
    expect(url.pathname).toBe(`/storage/v1/object/sign/documents/${LEASE}`);

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await served.arrayBuffer()).equals(lease)).toBe(true);

    const token = url.searchParams.get("token")!;
    const tampered = new URL(url);
    tampered.searchParams.set("token", `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`);
    expect(await (await fetch(tampered)).json()).toEqual({ statusCode: "400", code: "InvalidJWT", error: "InvalidJWT", message: "invalid signature" });
    const moved = new URL(url);
    moved.pathname = `/storage/v1/object/sign/documents/${ADA}/${DOC}/other.pdf`;
    expect(await (await fetch(moved)).json()).toMatchObject({ statusCode: "400", message: "The url do not match the signature" });

    clockOffsetMs = 61_000;
    try {
      const expired = await fetch(url);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ statusCode: "400", message: "jwt expired" });
    } finally {
      clockOffsetMs = 0;
    }
    await documents(ada).remove([LEASE]);
    expect(await (await fetch(url)).json()).toMatchObject({ statusCode: "404", message: "Object not found" });
  });
});

describe("row-level security decides for everyone else", () => {
  const lease = pdfBytes(4096);

  beforeAll(async () => {
    expect((await documents(fake.ada).upload(LEASE, lease, { contentType: "application/pdf" })).error).toBeNull();
  });

  it("keeps Ada's file from Bob: no download, list, signed URL, overwrite, upload into her folder or removal", async () => {
    const { bob, ada, db } = fake;
    const download = await documents(bob).download(LEASE);
    expect(download.error).toBeInstanceOf(StorageApiError);
    expect(download.error).toEqual(refused("Object not found", "404"));
    expect((await documents(bob).list(`${ADA}/${DOC}`)).data).toEqual([]);
    expect((await documents(bob).list()).data).toEqual([]);
    expect((await documents(bob).createSignedUrl(LEASE, 60)).error).toEqual(refused("Object not found", "404"));

    expect((await documents(bob).upload(LEASE, pdfBytes(10), { upsert: true })).error).toEqual(refused(RLS, "403"));
    expect((await documents(bob).update(LEASE, pdfBytes(10))).error).toEqual(refused(RLS, "403"));
    expect((await documents(bob).upload(LEASE, pdfBytes(10))).error).toEqual(refused(RLS, "403"));
    expect((await documents(bob).upload(`${ADA}/${DOC}/planted.pdf`, pdfBytes(10))).error).toEqual(refused(RLS, "403"));
    expect((await documents(bob).remove([LEASE])).data).toEqual([]);

    // Nothing of it reached the database or the bytes.
    expect(await rows(db)).toEqual([{ name: LEASE, owner: ADA }]);
    expect((await bytesOf((await documents(ada).download(LEASE)).data)).equals(lease)).toBe(true);

    // Bob's own folder works, and lists only his.
    const own = `${BOB}/${DOC}/notes.txt`;
    expect((await documents(bob).upload(own, Buffer.from("Bob's notes"))).error).toBeNull();
    expect((await documents(bob).list()).data).toEqual([expect.objectContaining({ name: BOB, id: null })]);
    expect((await documents(bob).remove([own, LEASE])).data).toEqual([expect.objectContaining({ name: own })]);
  });

  it("gives anon nothing", async () => {
    const { anon, db } = fake;
    expect((await documents(anon).download(LEASE)).error).toEqual(refused("Object not found", "404"));
    expect((await documents(anon).list(`${ADA}/${DOC}`)).data).toEqual([]);
    expect((await documents(anon).createSignedUrl(LEASE, 60)).error).toEqual(refused("Object not found", "404"));
    expect((await documents(anon).upload(`${ADA}/${DOC}/anon.pdf`, pdfBytes(10))).error).toEqual(refused(RLS, "403"));
    expect((await documents(anon).upload(LEASE, pdfBytes(10), { upsert: true })).error).toEqual(refused(RLS, "403"));
    expect((await documents(anon).remove([LEASE])).data).toEqual([]);
    expect(await rows(db)).toEqual([{ name: LEASE, owner: ADA }]);
  });

  it("refuses a path not of the form <own id>/<document id>/<file name>", async () => {
    const { ada, db } = fake;
    for (const path of [`${ADA}/lease.pdf`, `${ADA}/${DOC}/drafts/lease.pdf`, `${DOC}/${ADA}/lease.pdf`, "lease.pdf"]) {
      expect((await documents(ada).upload(path, pdfBytes(10))).error, path).toEqual(refused(RLS, "403"));
    }
    expect(await rows(db)).toEqual([{ name: LEASE, owner: ADA }]);
  });

  it("refuses a file over the bucket's size limit, and a bucket that does not exist", async () => {
    const { ada, db } = fake;
    await db.exec("update storage.buckets set file_size_limit = 1024 where id = 'documents'");
    try {
      const big = await documents(ada).upload(`${ADA}/${DOC}/big.pdf`, pdfBytes(1100));
      expect(big.error).toEqual(refused("The object exceeded the maximum allowed size", "413"));
      expect(big.error).toMatchObject({ code: "EntityTooLarge" });
      expect(await rows(db)).toEqual([{ name: LEASE, owner: ADA }]);
      expect((await documents(ada).download(`${ADA}/${DOC}/big.pdf`)).error).toEqual(refused("Object not found", "404"));
      expect((await documents(ada).upload(`${ADA}/${DOC}/small.pdf`, pdfBytes(900))).error).toBeNull();
      await documents(ada).remove([`${ADA}/${DOC}/small.pdf`]);
    } finally {
      await db.exec("update storage.buckets set file_size_limit = 52428800 where id = 'documents'");
    }
    expect((await ada.storage.from("no-such-bucket").upload(LEASE, pdfBytes(10))).error).toEqual(refused("Bucket not found", "404"));
    expect((await ada.storage.from("no-such-bucket").download(LEASE)).error).toEqual(refused("Bucket not found", "404"));
  });
});

describe("the policies, not the fake, decide", () => {
  let other: Fake;
  const policy = (action: string) =>
    ({
      select: `"Members read the files of documents open to them"`,
      insert: `"Users upload files into their own folder"`,
      delete: `"Who may delete a document deletes its file"`,
    })[action]!;

  beforeAll(async () => {
    other = await startFake();
    expect((await documents(other.ada).upload(LEASE, pdfBytes(4096), { contentType: "application/pdf" })).error).toBeNull();
  }, 120_000);

  afterAll(() => other?.server.close());

  it("follows a dropped delete, select or insert policy, and a new one that lets Bob read Ada's folder", async () => {
    const { ada, bob, db } = other;
    await db.exec(`drop policy ${policy("delete")} on storage.objects`);
    expect((await documents(ada).remove([LEASE])).data).toEqual([]);
    expect(await rows(db)).toEqual([{ name: LEASE, owner: ADA }]);

    await db.exec(`create policy "Bob reads Ada's folder" on storage.objects for select to authenticated
      using (bucket_id = 'documents' and auth.uid() = '${BOB}' and (storage.foldername(name))[1] = '${ADA}')`);
    expect((await bytesOf((await documents(bob).download(LEASE)).data)).equals(pdfBytes(4096))).toBe(true);
    expect((await documents(bob).list(`${ADA}/${DOC}`)).data).toEqual([expect.objectContaining({ name: "lease.pdf" })]);

    await db.exec(`drop policy ${policy("select")} on storage.objects`);
    expect((await documents(ada).download(LEASE)).error).toEqual(refused("Object not found", "404"));
    expect((await documents(ada).list(`${ADA}/${DOC}`)).data).toEqual([]);
    expect((await documents(ada).createSignedUrl(LEASE, 60)).error).toEqual(refused("Object not found", "404"));

    await db.exec(`drop policy ${policy("insert")} on storage.objects`);
    expect((await documents(ada).upload(`${ADA}/${DOC}/new.pdf`, pdfBytes(10))).error).toEqual(refused(RLS, "403"));
  });
});
