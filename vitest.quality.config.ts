import { defineConfig } from "vitest/config";

// `npm run bench:quality` (scripts/bench-quality.mjs): the quality benchmark's measuring step alone, in one child process
// (PGlite's WebAssembly, as in the database project of vitest.config.ts). measureQuality runs it too, for each other
// process it shares the questions with (QUALITY_PART: the quality gate asks half the questions there).
export default defineConfig({
  test: { environment: "node", include: ["tests/quality/measure.quality.ts"], pool: "forks", testTimeout: 1_800_000 },
});
