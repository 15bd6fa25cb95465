import { defaultExclude, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts", "supabase/functions/**/*.test.ts"],
    environment: "node",
    restoreMocks: true,
    benchmark: {
      // documents.bench.ts is a Playwright file (npm run bench:documents, with playwright.bench.config.ts).
      exclude: [...defaultExclude, "tests/bench/documents.bench.ts"],
    },
  },
});
