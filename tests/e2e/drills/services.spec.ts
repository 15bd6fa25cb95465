import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { startFakeServer, type FakeServer, type Reply } from "../fixtures/server";
import { ASSISTANT_SITE, FULL, ports } from "../fixtures/sites";
import { hydrated } from "../fixtures/islands";
import { openLogin, submitSignIn } from "../fixtures/login";
import { createFakeSupabase, type FakeAccount } from "../fixtures/supabase";
import type { PGlite } from "@electric-sql/pglite";
import { migratedDb } from "../../unit/db/harness";
import { expectAlertToast, openVoicePage, talkButton, useVoiceServices } from "../fixtures/vapi";
import { START_TIMEOUT_MESSAGE } from "../../../src/lib/voice/controller";
import { startFailedNotice } from "../../../src/lib/voice/messages";
import { envelopeItems } from "../fixtures/sentry";
import { describeFailure, type PostFailure } from "../../../src/lib/http";
import { CONTACT_TIMEOUT_MS } from "../../../src/lib/contact";
import { authMessages } from "../../../src/lib/auth/messages";
import { recordViolations } from "../fixtures/csp";
import { dashPages } from "../fixtures/pages";

// Failure drills: every third-party service of the wired build is aborted, timed out, or answers 500 and 429,
// in turn. Each page must say what happened, keep what the visitor typed, send one request per click and
// throw nothing. This file starts every fake service, so it runs in the "drills" project, after the others;
// for the same reason it also holds the wired build's workspace check, which needs the fake Supabase.
test.use({ baseURL: FULL });
test.describe.configure({ timeout: 60_000 });

interface Drill {
  name: string;
  reply: Reply;
  /** How the page's request helper classifies the outcome (the webhooks' messages come from it). */
  failure: PostFailure;
}

const drills: Drill[] = [
  { name: "aborted", reply: "abort", failure: { kind: "network", message: "" } },
  { name: "timed out", reply: "hang", failure: { kind: "timeout", ms: CONTACT_TIMEOUT_MS } },
  { name: "500", reply: { status: 500, body: "boom" }, failure: { kind: "http", status: 500 } },
  { name: "429", reply: { status: 429, body: "slow down", headers: { "retry-after": "30" } }, failure: { kind: "http", status: 429 } },
];
// Chromium logs a refused or failed request as a console error; here it is the point of the drill.
const EXPECTED_NETWORK_ERRORS = [/status of (500|429)|ERR_EMPTY_RESPONSE|ERR_CONNECTION|Failed to fetch/];

/**
 * Counts the requests the page itself makes to a service. The fake server's own count can be higher when the
 * service drops the connection: Chromium then retries once on a fresh socket, below the page.
 */
function pageRequests(page: Page, server: FakeServer, path: string, method = "POST"): () => number {
  let count = 0;
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === method && url.origin === server.url && url.pathname === path) count += 1;
  });
  return () => count;
}

/** Sends the page's clock past a time-out when the service hangs (the request has already left). */
async function passTimeOut(page: Page, server: FakeServer, reply: Reply, ms: number) {
  if (reply !== "hang") return;
  await expect.poll(() => server.requests.length).toBe(1);
  await page.clock.runFor(ms + 1_000);
}

test.describe("the contact webhook", () => {
  test.use({ allowConsoleErrors: EXPECTED_NETWORK_ERRORS });
  let hook: FakeServer;
  test.beforeAll(async () => {
    hook = await startFakeServer(ports.contactWebhook, () => ({ status: 200 }));
  });
  test.afterAll(() => hook.close());

  for (const drill of drills) {
    test(`${drill.name}: the form says why, keeps every word, and sent one request`, async ({ page }) => {
      hook.requests.length = 0;
      hook.setHandler(() => drill.reply);
      const sent = pageRequests(page, hook, "/contact");
      await page.clock.install();
      await page.goto("/contact");
      await hydrated(page, "ContactForm");
      const form = page.getByRole("form", { name: "Get in Touch" });
      const typed = { Name: "Eleni Charalambous", Email: "eleni@example.com", Message: "Could you automate our clinic's bookings?" };
      for (const [label, value] of Object.entries(typed)) await form.getByLabel(label).fill(value);
      await form.getByRole("button", { name: "Send Message" }).click();
      await passTimeOut(page, hook, drill.reply, CONTACT_TIMEOUT_MS);
      await expect(form.getByRole("alert")).toContainText(describeFailure(drill.failure));
      for (const [label, value] of Object.entries(typed)) await expect(form.getByLabel(label)).toHaveValue(value);
      expect(sent()).toBe(1);
    });
  }
});

// The webhook of the per-browser booking (no Supabase); the full build's shared bookings are drilled in booking-supabase.spec.ts.
test.describe("the booking webhook", () => {
  test.use({ allowConsoleErrors: EXPECTED_NETWORK_ERRORS, timezoneId: "Europe/Nicosia", baseURL: ASSISTANT_SITE });
  let hook: FakeServer;
  test.beforeAll(async () => {
    hook = await startFakeServer(ports.bookingWebhook, () => ({ status: 200 }));
  });
  test.afterAll(() => hook.close());

  for (const drill of drills) {
    test(`${drill.name}: /book says why, keeps the slot and every field, stores nothing, and sent one request`, async ({ page }) => {
      hook.requests.length = 0;
      hook.setHandler(() => drill.reply);
      const sent = pageRequests(page, hook, "/booking");
      // Monday 13 April 2026, 09:00 in Nicosia.
      await page.clock.install({ time: new Date("2026-04-13T06:00:00Z") });
      await page.clock.pauseAt(new Date("2026-04-13T06:00:01Z"));
      await page.goto("/book");
      await page.getByRole("gridcell", { name: "Tuesday, 14 April 2026", exact: true }).click();
      await page.getByText("6:00 PM", { exact: true }).click();
      await page.getByLabel("Name").fill("Maria Georgiou");
      await page.getByLabel("Email", { exact: true }).fill("maria@example.com");
      await page.getByLabel("Message (optional)").fill("We run a clinic in Paphos.");
      await page.getByRole("button", { name: "Confirm Booking" }).click();
      await passTimeOut(page, hook, drill.reply, 15_000);
      await expect(page.getByRole("alert")).toContainText(`Failed to submit booking. ${describeFailure({ ...drill.failure, ms: 15_000 } as PostFailure)}`);
      await expect(page.getByLabel("Name")).toHaveValue("Maria Georgiou");
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue("maria@example.com");
      await expect(page.getByLabel("Message (optional)")).toHaveValue("We run a clinic in Paphos.");
      await expect(page.getByRole("radio", { name: /^6:00 PM/ })).toBeChecked();
      expect(await page.evaluate(() => localStorage.getItem("paphos-ai:bookings"))).toBeNull();
      expect(sent()).toBe(1);
    });
  }
});

test.describe("the Supabase auth server", () => {
  test.use({ allowConsoleErrors: EXPECTED_NETWORK_ERRORS });
  const ADA: FakeAccount = { id: "8d0e4a52-3f5b-4a8e-9d0c-2b7f6a1e4c33", email: "ada@example.com", password: "analytical", fullName: "Ada Lovelace" };
  let supabase: FakeServer;
  // The workspace's tables: the wired dashboard reads and writes them once signed in.
  let db: PGlite;
  test.beforeAll(async () => {
    db = await migratedDb();
    supabase = await startFakeServer(ports.supabase, () => ({ status: 503 }), 600_000);
  });
  test.afterAll(() => supabase.close());

  test("the wired workspace: every screen, signed in through Supabase, loads with no CSP violation", async ({ page }) => {
    const fake = createFakeSupabase([{ ...ADA }], [{ id: ADA.id, full_name: ADA.fullName, role: "member", created_at: "2025-01-15T09:30:00.000Z" }], db);
    supabase.setHandler(fake.handler);
    const violations = await recordViolations(page);
    await openLogin(page);
    await submitSignIn(page, ADA.email, ADA.password);
    await expect(page).toHaveURL(/\/dash$/, { timeout: 15_000 });
    for (const path of dashPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      expect(await violations(), path).toEqual([]);
    }
  });

  /**
   * The banner each failure gives. supabase-js reads a refusal (4xx) from its JSON body; a dropped connection, a
   * time-out, a 5xx, or a 4xx whose body is not JSON is unexpected, and the visitor reads the generic message.
   */
  const signInDrills: (Drill & { message: string })[] = [
    ...drills.map((drill) => ({ ...drill, message: authMessages.unexpected })),
    {
      name: "429 with Supabase's JSON",
      reply: { status: 429, body: { code: 429, error_code: "over_request_rate_limit", msg: "Request rate limit reached" } },
      failure: { kind: "http", status: 429 },
      message: "Request rate limit reached",
    },
  ];

  for (const drill of signInDrills) {
    test(`${drill.name}: sign-in shows an error, keeps the e-mail and password, sent one request, and works once the server is back`, async ({ page }) => {
      const fake = createFakeSupabase([{ ...ADA }], [{ id: ADA.id, full_name: ADA.fullName, role: "member", created_at: "2025-01-15T09:30:00.000Z" }], db);
      supabase.requests.length = 0;
      supabase.setHandler((request) => (request.path === "/auth/v1/token" ? drill.reply : fake.handler(request)));
      const sent = pageRequests(page, supabase, "/auth/v1/token");
      // The time-out of supabase-js's requests runs on the page's clock.
      await page.clock.install();
      await openLogin(page);
      await submitSignIn(page, ADA.email, ADA.password);
      await expect.poll(sent).toBe(1);
      if (drill.reply === "hang") await page.clock.runFor(16_000);
      // The sign-in form's live region is in the page, empty, until there is something to say.
      await expect(page.getByRole("alert").filter({ hasText: /\w/ })).toHaveText(drill.message, { timeout: 20_000 });
      await expect(page.getByLabel("Email Address")).toHaveValue(ADA.email);
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue(ADA.password);
      await expect(page).toHaveURL(/\/login/);
      expect(sent()).toBe(1);

      supabase.setHandler(fake.handler);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL(/\/dash$/, { timeout: 15_000 });
    });
  }

  test("headers, then a body that stalls: sign-in still times out with an error instead of spinning", async ({ page }) => {
    const fake = createFakeSupabase([{ ...ADA }], [{ id: ADA.id, full_name: ADA.fullName, role: "member", created_at: "2025-01-15T09:30:00.000Z" }], db);
    supabase.requests.length = 0;
    supabase.setHandler((request) => (request.path === "/auth/v1/token" ? "stall-body" : fake.handler(request)));
    const sent = pageRequests(page, supabase, "/auth/v1/token");
    await page.clock.install();
    await openLogin(page);
    // The headers have arrived (Playwright's response event) before the clock passes the deadline.
    const headers = page.waitForResponse((response) => new URL(response.url()).pathname === "/auth/v1/token");
    await submitSignIn(page, ADA.email, ADA.password);
    expect((await headers).status()).toBe(200);
    expect(sent()).toBe(1);
    await page.clock.runFor(16_000);
    await expect(page.getByRole("alert").filter({ hasText: /\w/ })).toHaveText(authMessages.unexpected);
    await expect(page.getByLabel("Email Address")).toHaveValue(ADA.email);
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("the Vapi API and the Sentry collector", () => {
  test.use({ allowConsoleErrors: [/status of (400|500|429)|ERR_EMPTY_RESPONSE|ERR_CONNECTION|ERR_INTERNET_DISCONNECTED|Failed to fetch/] });
  const voice = useVoiceServices(() => ({ status: 500 }));

  /**
   * Why each start failed, as the toast says it: the browser's own TypeError for a dropped connection (Chromium
   * names the host), the start's time-out, and the SDK reading a non-JSON error body as JSON.
   */
  const vapiReasons: Record<string, string> = {
    aborted: `Failed to fetch (127.0.0.1:${String(ports.vapi)})`,
    "timed out": START_TIMEOUT_MESSAGE,
    "500": `Unexpected token 'b', "boom" is not valid JSON`,
    "429": `Unexpected token 's', "slow down" is not valid JSON`,
  };

  /** Clicks the voice button and waits for the one Voice Call Error toast, saying why, and the idle button. */
  async function failedCall(page: Page, reply: Reply, posts: () => number, reason: string) {
    const before = posts();
    await talkButton(page).click();
    // The voice start time-out runs on the page's clock: move it on only once this click's request has left,
    // or the time-out would cancel the start before it asks for a call.
    if (reply === "hang") {
      await expect.poll(posts).toBe(before + 1);
      await page.clock.runFor(31_000);
    }
    await expect(page.getByRole("region", { name: "Notifications" }).getByRole("alert")).toBeVisible({ timeout: 15_000 });
    await expectAlertToast(page, "Voice Call Error", startFailedNotice(reason).description);
    // Idle: the button is the talk button again, enabled, and nothing announces a call.
    await expect(talkButton(page)).toBeEnabled();
    await expect(page.getByRole("button", { name: /End call|Ending call/ })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: /Connect|Ending/ })).toHaveCount(0);
    return posts();
  }

  for (const drill of drills) {
    test(`Vapi ${drill.name}: the Voice Call Error toast, the button idle again, one call request per click`, async ({ page }) => {
      voice.vapi.setHandler(() => drill.reply);
      const posts = pageRequests(page, voice.vapi, "/call/web");
      await page.clock.install();
      await openVoicePage(page);
      const reason = vapiReasons[drill.name];
      if (reason === undefined) throw new Error(`No toast text for the ${drill.name} drill`);
      expect(await failedCall(page, drill.reply, posts, reason)).toBe(1);
      await page.getByRole("button", { name: "Dismiss notification: Voice Call Error" }).click();
      expect(await failedCall(page, drill.reply, posts, reason)).toBe(2);
    });
  }

  for (const drill of drills) {
    test(`Sentry ${drill.name}: a failure it cannot report still shows its toast, and the page keeps working`, async ({ page }) => {
      voice.vapi.setHandler(() => ({ status: 400, body: { message: "Couldn't Find Assistant" } }));
      voice.sentry.setHandler(() => drill.reply);
      await openVoicePage(page);
      await talkButton(page).click();
      await expectAlertToast(page, "Voice Call Error", "Failed to start voice call: Couldn't Find Assistant. Please check your Vapi credentials.");
      await expect.poll(() => envelopeItems(voice.sentry.requests).filter((i) => i.type === "event").length).toBeGreaterThan(0);
      await expect(talkButton(page)).toBeEnabled();
      await page.getByRole("link", { name: "Book a Free Discovery Call" }).first().click();
      await expect(page).toHaveURL(/\/book$/);
    });
  }
});
