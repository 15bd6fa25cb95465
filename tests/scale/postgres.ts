import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { migrations } from "../unit/db/harness";
import { supabaseShim } from "../unit/db/supabaseShim";

// Real Postgres for `npm run bench:scale` (issue 44): Debian's server (scripts/bench-scale.mjs installs the
// `postgresql` package when missing), started on 127.0.0.1 in a temporary data directory, with the same Supabase shim
// and migrations as the PGlite tests (tests/unit/db/harness.ts). It runs as the user running the bench, or as the
// `postgres` user the package makes when that is root (Postgres refuses to run as root). The server stops, and its
// directory goes, when the process exits, even on an error or Ctrl-C.

/** Where Debian puts the server's programs: /usr/lib/postgresql/<version>/bin, the newest version. */
export function serverBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const version = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? join(root, version, "bin") : null;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

export interface Server {
  sql: postgres.Sql;
  version: string;
  stop: () => Promise<void>;
}

/**
 * A new server in a temporary directory, migrated. Settings: fsync off (a bench's throwaway data; it speeds the load,
 * not the searches), shared_buffers 1 GB (what a Supabase instance of 4 GB gives), the rest Postgres's defaults.
 */
export async function startPostgres(): Promise<Server> {
  const bin = serverBin();
  if (!bin) throw new Error("bench:scale: Debian's postgresql package is not installed (scripts/bench-scale.mjs installs it)");
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "scale-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  /** Runs a server program, as the postgres user when we are root. */
  const run = (program: string, args: string[]) => {
    const command = root ? "runuser" : join(bin, program);
    const argv = root ? ["-u", "postgres", "--", join(bin, program), ...args] : args;
    return execFileSync(command, argv, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  };
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const port = await freePort();
  const options = [
    `-c listen_addresses=127.0.0.1`,
    `-c port=${String(port)}`,
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c shared_buffers=1GB",
    "-c max_wal_size=8GB",
    "-c maintenance_work_mem=256MB",
  ].join(" ");
  run("pg_ctl", ["-D", data, "-l", join(dir, "server.log"), "-o", options, "-w", "-t", "60", "start"]);
  /** Stops the server and deletes its directory: once, whether the bench ends, fails or is interrupted. */
  let stopped = false;
  const halt = () => {
    if (stopped) return;
    stopped = true;
    spawnSync(root ? "runuser" : join(bin, "pg_ctl"), [...(root ? ["-u", "postgres", "--", join(bin, "pg_ctl")] : []), "-D", data, "-m", "immediate", "-w", "stop"], { stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", halt);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(1));
  const stop = async () => {
    await sql.end({ timeout: 5 }).catch(() => undefined);
    halt();
  };
  const sql = postgres({ host: "127.0.0.1", port, user: "postgres", database: "postgres", max: 1, onnotice: () => undefined, prepare: true });
  try {
    await sql.unsafe(supabaseShim);
    for (const migration of migrations()) await sql.unsafe(migration);
    const [row] = await sql<{ v: string }[]>`select version() as v`;
    return { sql, version: row?.v.split(" ").slice(0, 2).join(" ") ?? "", stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
