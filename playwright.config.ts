import { defineConfig, devices } from "@playwright/test";
import { testChromium } from "./scripts/chromium.mjs";
import { ASSISTANT_PORT, BARE, BARE_PORT, FULL_PORT, buildDirs, slot } from "./tests/e2e/fixtures/sites";

// Debian's Chromium (its headless shell when installed) when the machine has it, else the one `playwright install` manages.
const executablePath = testChromium();

// Each build is served the way a CDN serves it: clean URLs, gzip, its _headers (CSP, HSTS...) and _redirects.
const preview = (outDir: string, port: number) => ({
  command: `node scripts/serve.mjs --dir ${outDir} --port ${port}`,
  url: `http://127.0.0.1:${port}/`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
});

const chromium = { ...devices["Desktop Chrome"], channel: undefined };

/**
 * Files that start a fake service on the same fixed port (the builds are made pointing at it) must never run at the
 * same time: each such group is a project of one worker, running beside the rest. A failure drill joins the group of
 * the service it breaks, so no project waits for another (as a dependency, the drills had left a worker idle for
 * half a minute at the end of the run).
 */
const portGroups = {
  // ports.supabase: the fake Supabase (and its drill).
  supabase: /(auth-supabase|booking-supabase|workspace-supabase|clause-answers-supabase|review-supabase|firm-supabase|firm-invite-supabase|compare-supabase|sign-out|drills\/supabase)\.spec\.ts$/,
  // ports.vapi and ports.sentry: the voice button's services.
  voice: /(\/voice|drills\/voice)\.spec\.ts$/,
  // ports.contactWebhook and ports.bookingWebhook.
  webhooks: /(\/contact|\/booking|drills\/webhooks)\.spec\.ts$/,
};

/** Files whose tests run in order in one worker, beside the rest. */
const oneWorker = /drills\/storage\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // One results folder per E2E_SLOT, so parallel runs never delete each other's traces.
  outputDir: `test-results/${String(slot)}`,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  forbidOnly: !!process.env["CI"],
  retries: 0,
  // Three on two cores: with two, the cores idled a fifth of the time (vmstat, while pages waited on the network and
  // timers); with three, 1-3 % (measured on 58 tests: 50 s with two workers, 45 s with three, 46 s with four).
  workers: 3,
  reporter: [["list"]],
  use: {
    baseURL: BARE,
    // Recording a trace for every test costs a third of the suite's time on two cores (measured: a11y and services
    // specs 2.8 min with traces, 1.8 min without): a failure keeps its screenshot, and PW_TRACE=1 records traces.
    trace: process.env["PW_TRACE"] ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // Without a GPU, Chromium draws every frame of a running CSS animation in software: a service page's backdrop kept
    // half a core busy while a test looked at it (measured: 540 ms of CPU a second, 3 with reduced motion). Specs
    // whose subject is motion (the backdrop, the counters, the menu's slide, the performance budgets) ask for
    // "no-preference" themselves.
    reducedMotion: "reduce",
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      // Without these, Chromium keeps calling home on a closed network and can hang.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
      ],
    },
  },
  projects: [
    // Listed first, so their chains start first: listed after, the supabase one was left for the end of the run, one
    // file at a time, with the second worker idle.
    ...Object.entries(portGroups).map(([name, testMatch]) => ({ name, testMatch, workers: 1, use: chromium })),
    // A file that runs in one worker (its tests share a walk made once): a project of its own, started with the
    // chains above. In the chromium project it ran last (Playwright takes a folder's files before its subfolders'),
    // alone for 35 s while the other workers idled.
    { name: "one-worker", testMatch: oneWorker, workers: 1, use: chromium },
    // Test by test, not file by file: a long file left last (documents, the storage drill) no longer runs alone on one
    // worker while the other idles. A file whose hooks start a server of its own says mode "serial" or "default".
    { name: "chromium", testIgnore: [...Object.values(portGroups), oneWorker], fullyParallel: true, use: chromium },
  ],
  webServer: [preview(buildDirs.bare, BARE_PORT), preview(buildDirs.full, FULL_PORT), preview(buildDirs.assistant, ASSISTANT_PORT)],
});
