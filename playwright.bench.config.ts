import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// `npm run bench:documents`: the documents benchmark, through Playwright in Chromium against the bare test site.
// Not a timed test: it measures and reports (reports/documents-bench.md), and fails only when something breaks.
export default defineConfig({
  ...base,
  testDir: "tests/bench",
  // Only the Playwright file: searchPages.bench.ts beside it is a Vitest benchmark (npm run bench), which Playwright cannot load.
  testMatch: "documents.bench.ts",
  timeout: 600_000,
  workers: 1,
  projects: [{ name: "bench", use: base.projects?.[0]?.use ?? {} }],
});
