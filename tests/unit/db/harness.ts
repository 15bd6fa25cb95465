import { createHash } from "node:crypto";
import { readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { supabaseShim } from "./supabaseShim";

const MIGRATIONS = new URL("../../../supabase/migrations/", import.meta.url);

/** Every migration of supabase/migrations, in the order Supabase applies them (by file name). */
export function migrations(): string[] {
  return readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((file) => readFileSync(new URL(file, MIGRATIONS), "utf8"));
}

/** The data directory of a database just migrated, made once per process: every database starts from a copy of it. */
let migrated: Promise<Blob> | undefined;

/**
 * Where the migrated data directory is kept between processes: named by the shim, the migrations and PGlite's version,
 * so a changed migration is migrated afresh. Each Vitest file and Playwright worker is a process of its own, and on a
 * loaded two-core machine migrating took long enough (over 30 s once) to time out a Playwright hook.
 */
function cachePath(sqls: readonly string[]): string {
  const pglite = (JSON.parse(readFileSync(new URL("../../../node_modules/@electric-sql/pglite/package.json", import.meta.url), "utf8")) as { version: string }).version;
  const hash = createHash("sha256").update(pglite).update(supabaseShim);
  for (const sql of sqls) hash.update("\0").update(sql);
  return join(tmpdir(), `paphos-pglite-migrated-${hash.digest("hex").slice(0, 16)}.tar`);
}

/** Runs the shim and every migration on a new database and returns its files (or the same files another process kept). */
async function migrate(): Promise<Blob> {
  const sqls = migrations();
  const path = cachePath(sqls);
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    // Not kept yet: migrated below.
  }
  const db = new PGlite();
  try {
    await db.exec(supabaseShim);
    for (const sql of sqls) await db.exec(sql);
    const dump = await db.dumpDataDir("none");
    // Written whole, then renamed: a process reading it at the same moment never sees half a file.
    const partial = `${path}.${String(process.pid)}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, path);
    return dump;
  } finally {
    await db.close();
  }
}

/**
 * A new in-memory Postgres with the Supabase shim and every migration applied: a copy of the database the first call
 * of the process migrated (migrating takes about 2 s, loading a copy about 0.3 s).
 */
export async function migratedDb(): Promise<PGlite> {
  migrated ??= migrate();
  return PGlite.create({ loadDataDir: await migrated });
}

export type ApiRole = "anon" | "authenticated" | "service_role";

/** Runs queries as PostgREST would for a request: a role, and the JWT claims (sub = user id), in one transaction. */
export function asRole<T>(db: PGlite, role: ApiRole, sub: string | null, run: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.exec(`set local role ${role}`);
    await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(sub ? { sub, role } : { role })]);
    return run(tx);
  });
}

/** What the auth server does on sign-up: a row in auth.users with the metadata. Returns the new user's id. */
export async function signUp(db: PGlite, email: string, metadata: Record<string, unknown> = {}): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    "insert into auth.users (email, raw_user_meta_data) values ($1, $2) returning id",
    [email, JSON.stringify(metadata)],
  );
  return rows[0]!.id;
}
