import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";
import { DEBIAN_CHROMIUM } from "./scripts/chromium.mjs";

// `npm run bench:documents`: the documents benchmark, through Playwright in Chromium against the bare test site.
// Not a timed test: it measures and reports (reports/documents-bench.md), and fails only when something breaks.
export default defineConfig({
  ...base,
  testDir: "tests/bench",
  // Only the Playwright file: searchPages.bench.ts beside it is a Vitest benchmark (npm run bench), which Playwright cannot load.
  testMatch: "documents.bench.ts",
  timeout: 600_000,
  workers: 1,
  // Measured in the full Chromium, the browser people use, as before the suite moved to the headless shell.
  use: { ...base.use, launchOptions: { ...base.use?.launchOptions, executablePath: existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined } },
  projects: [{ name: "bench", use: base.projects?.[0]?.use ?? {} }],
});
