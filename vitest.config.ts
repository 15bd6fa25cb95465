import { defaultExclude, defineConfig } from "vitest/config";

/** The files that run the project's migrations on PGlite (WebAssembly): the database tests and the quality gate. */
const DATABASE_TESTS = ["tests/unit/db/**/*.test.ts", "tests/quality/**/*.test.ts"];

export default defineConfig({
  test: {
    environment: "node",
    restoreMocks: true,
    benchmark: {
      // documents.bench.ts is a Playwright file (npm run bench:documents, with playwright.bench.config.ts).
      exclude: [...defaultExclude, "tests/bench/documents.bench.ts"],
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts", "supabase/functions/**/*.test.ts"],
          exclude: [...defaultExclude, ...DATABASE_TESTS],
          // Worker threads: the same isolation per file as child processes, and faster to start on two cores.
          pool: "threads",
          benchmark: { exclude: [...defaultExclude, "tests/bench/**"] },
        },
      },
      {
        extends: true,
        test: {
          name: "database",
          include: DATABASE_TESTS,
          // Child processes: PGlite's WebAssembly compiled in several worker threads of one process crashed V8
          // ("Check failed: jit_page.has_value()", a known V8 fault, nodejs/node#64500) and took the run down.
          pool: "forks",
          benchmark: { include: ["tests/bench/searchPages.bench.ts"] },
        },
      },
    ],
  },
});
