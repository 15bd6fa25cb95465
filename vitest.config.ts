import { defaultExclude, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts", "supabase/functions/**/*.test.ts"],
    environment: "node",
    // Worker threads instead of child processes: the same isolation per file, and the suite takes 66 s instead of
    // 94 s on this two-core machine (`npx vitest run`, 101 files).
    pool: "threads",
    restoreMocks: true,
    benchmark: {
      // documents.bench.ts is a Playwright file (npm run bench:documents, with playwright.bench.config.ts).
      exclude: [...defaultExclude, "tests/bench/documents.bench.ts"],
    },
  },
});
