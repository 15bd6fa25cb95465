import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { asRole, migratedDb, signUp } from "./harness";

let db: PGlite;
let ada: string;
let bob: string;

const profileOf = async (id: string) =>
  (await db.query<{ full_name: string | null; role: string }>("select * from public.profiles where id = $1", [id])).rows[0];

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@example.com", { full_name: "Ada Lovelace" });
  bob = await signUp(db, "bob@example.com", { full_name: "Bob Marley" });
}, 120_000);

describe("the sign-up trigger", () => {
  it("creates the profile with the metadata's full_name, and the role of the firm of one it makes: admin", async () => {
    const { rows } = await db.query<{ full_name: string; role: string; created_at: Date }>(
      "select full_name, role, created_at from public.profiles where id = $1",
      [ada],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ full_name: "Ada Lovelace", role: "admin" });
    expect(rows[0]!.created_at).toBeInstanceOf(Date);
  });

  it.each([
    ["surrounding spaces, tabs and newlines", "  \tAda Lovelace\n ", "Ada Lovelace"],
    ["a name of 250 characters", "A".repeat(250), "A".repeat(200)],
    ["a cut that ends in a space", `${"B".repeat(199)} C`, "B".repeat(199)],
    ["only white space", " \t ", null],
  ])("trims the metadata's full_name and keeps at most 200 characters: %s", async (_case, fullName, expected) => {
    const id = await signUp(db, `${crypto.randomUUID()}@example.com`, { full_name: fullName });
    expect((await profileOf(id))?.full_name).toBe(expected);
  });

  it("leaves full_name empty when the metadata has none", async () => {
    const id = await signUp(db, "nameless@example.com", {});
    expect(await profileOf(id)).toMatchObject({ full_name: null, role: "admin" });
  });
});

describe("row-level security on profiles", () => {
  it("lets a user read their own row and no other", async () => {
    const rows = await asRole(db, "authenticated", ada, async (tx) => (await tx.query<{ id: string }>("select * from public.profiles")).rows);
    expect(rows.map((r) => r.id)).toEqual([ada]);
    const other = await asRole(db, "authenticated", ada, async (tx) => (await tx.query("select * from public.profiles where id = $1", [bob])).rows);
    expect(other).toEqual([]);
  });

  it("gives the anonymous role nothing", async () => {
    await expect(asRole(db, "anon", null, (tx) => tx.query("select * from public.profiles"))).rejects.toThrow(/permission denied/);
    await expect(asRole(db, "anon", null, (tx) => tx.query("update public.profiles set full_name = 'x'"))).rejects.toThrow(/permission denied/);
  });

  it("lets a user change their own full_name", async () => {
    const rows = await asRole(db, "authenticated", ada, async (tx) =>
      (await tx.query<{ full_name: string }>("update public.profiles set full_name = 'Ada King' where id = $1 returning *", [ada])).rows,
    );
    expect(rows).toEqual([expect.objectContaining({ id: ada, full_name: "Ada King" })]);
    expect((await profileOf(ada))?.full_name).toBe("Ada King");
  });

  it.each([
    ["leading white space", " Ada"],
    ["trailing white space", "Ada\n"],
    ["201 characters", "A".repeat(201)],
    ["an empty string", ""],
  ])("refuses a full_name with %s, even in the user's own row", async (_case, fullName) => {
    await expect(
      asRole(db, "authenticated", ada, (tx) => tx.query("update public.profiles set full_name = $1 where id = $2", [fullName, ada])),
    ).rejects.toThrow(/violates check constraint "profiles_full_name_(trimmed|length)"/);
    expect((await profileOf(ada))?.full_name).toBe("Ada King");
  });

  it("accepts a full_name of exactly 200 characters, and null", async () => {
    const update = (fullName: string | null) =>
      asRole(db, "authenticated", bob, (tx) => tx.query("update public.profiles set full_name = $1 where id = $2", [fullName, bob]));
    await update("É".repeat(200));
    expect((await profileOf(bob))?.full_name).toBe("É".repeat(200));
    await update(null);
    expect((await profileOf(bob))?.full_name).toBeNull();
    await update("Bob Marley");
  });

  it("does not let a user change someone else's full_name", async () => {
    const { affectedRows } = await asRole(db, "authenticated", ada, (tx) =>
      tx.query("update public.profiles set full_name = 'Mallory' where id = $1", [bob]),
    );
    expect(affectedRows).toBe(0);
    expect((await profileOf(bob))?.full_name).toBe("Bob Marley");
  });

  it.each([
    ["role", "update public.profiles set role = 'member' where id = $1"],
    ["id", "update public.profiles set id = gen_random_uuid() where id = $1"],
    ["created_at", "update public.profiles set created_at = now() - interval '1 year' where id = $1"],
  ])("never lets a user change %s, even in their own row", async (_column, sql) => {
    await expect(asRole(db, "authenticated", ada, (tx) => tx.query(sql, [ada]))).rejects.toThrow(/permission denied/);
    expect((await profileOf(ada))?.role).toBe("admin");
  });

  it("does not let a user insert or delete profiles", async () => {
    await expect(
      asRole(db, "authenticated", ada, (tx) => tx.query("insert into public.profiles (id, full_name) values ($1, 'Twin')", [ada])),
    ).rejects.toThrow(/permission denied/);
    await expect(asRole(db, "authenticated", ada, (tx) => tx.query("delete from public.profiles where id = $1", [ada]))).rejects.toThrow(
      /permission denied/,
    );
  });
});
