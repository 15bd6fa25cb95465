import { expect, test } from "../fixtures/test";
import { allowMigrating } from "../fixtures/supabaseWorkspace";
import { startFakeServer, type FakeServer } from "../fixtures/server";
import { FULL, ports } from "../fixtures/sites";
import { openLogin, submitSignIn } from "../fixtures/login";
import { createFakeSupabase, type FakeAccount } from "../fixtures/supabase";
import type { PGlite } from "@electric-sql/pglite";
import { migratedDb } from "../../unit/db/harness";
import { authMessages } from "../../../src/lib/auth/messages";
import { recordViolations } from "../fixtures/csp";
import { dashPages } from "../fixtures/pages";
import { EXPECTED_NETWORK_ERRORS, drills, pageRequests, type Drill } from "./drills";

// Failure drills of the Supabase auth server (ports.supabase): aborted, timed out, 500, 429 and a stalled body.
// Sign-in must say what happened, keep what the visitor typed, send one request and work once the server is
// back. The wired build's workspace check is here too, because it needs the fake Supabase on the same port.
test.use({ baseURL: FULL });
test.describe.configure({ timeout: 60_000 });

test.describe("the Supabase auth server", () => {
  test.use({ allowConsoleErrors: EXPECTED_NETWORK_ERRORS });
  const ADA: FakeAccount = { id: "8d0e4a52-3f5b-4a8e-9d0c-2b7f6a1e4c33", email: "ada@example.com", password: "analytical", fullName: "Ada Lovelace" };
  let supabase: FakeServer;
  // The workspace's tables: the wired dashboard reads and writes them once signed in.
  let db: PGlite;
  test.beforeAll(async () => {
    allowMigrating();
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
