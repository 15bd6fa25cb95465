import { expect, test } from "./fixtures/test";
import { allowMigrating } from "./fixtures/supabaseWorkspace";
import { confirmSignOut } from "./fixtures/signOut";
import { startFakeServer, type FakeServer, type RecordedRequest } from "./fixtures/server";
import { FULL, ports } from "./fixtures/sites";
import { openLogin, submitSignIn } from "./fixtures/login";
import { openSignedOut } from "./fixtures/dash";
import { hydrated } from "./fixtures/islands";
import { ANON_KEY, STORAGE_KEY, createFakeSupabase, type FakeAccount } from "./fixtures/supabase";
import type { Page } from "@playwright/test";
import type { PGlite } from "@electric-sql/pglite";
import { migratedDb } from "../unit/db/harness";
import { expectNoAxeViolations } from "./fixtures/axe";
import { createAuthStore } from "../../src/lib/auth/authStore";
import { authMessages } from "../../src/lib/auth/messages";
import { createSupabaseBackend } from "../../src/lib/auth/supabaseBackend";

// Supabase mode: the full build's real supabase-js talks to a fake Supabase on 127.0.0.1.
test.use({ baseURL: FULL });
test.describe.configure({ mode: "serial" });

const ADA: FakeAccount = { id: "8d0e4a52-3f5b-4a8e-9d0c-2b7f6a1e4c33", email: "ada@example.com", password: "analytical", fullName: "Ada Lovelace" };
// The profile's name differs from the sign-up metadata, so the header shows which one it read.
const ADA_PROFILE_NAME = "Ada King";
const BOB_ID = "1c9a7f30-6b2d-4e51-8f3a-7d4e2c1b0a99";

let server: FakeServer;
let fake: ReturnType<typeof createFakeSupabase>;

// The workspace's tables: the wired dashboard reads and writes them once signed in.
let db: PGlite;

test.beforeAll(async () => {
  allowMigrating();
  db = await migratedDb();
  server = await startFakeServer(ports.supabase, () => ({ status: 503 }), 600_000);
});
test.afterAll(() => server.close());
test.beforeEach(() => {
  fake = createFakeSupabase(
    [{ ...ADA }],
    [
      { id: ADA.id, full_name: ADA_PROFILE_NAME, role: "member", created_at: "2025-01-15T09:30:00.000Z" },
      { id: BOB_ID, full_name: "Bob Marley", role: "member", created_at: "2025-01-16T09:30:00.000Z" },
    ],
    db,
  );
  server.setHandler(fake.handler);
  server.requests.length = 0;
});

const received = (method: string, path: string) => server.requests.filter((r) => r.method === method && r.path === path);
const bearerOf = (request: RecordedRequest | undefined) => request?.headers.authorization;

test.describe("refusals", () => {
  test.use({ allowConsoleErrors: [/status of 4\d\d/] });

  test("a wrong password shows Supabase's own message, sent by the real supabase-js", async ({ page }) => {
    await openLogin(page);
    await expect(page.getByText("Demo mode")).toHaveCount(0);
    await submitSignIn(page, ADA.email, "wrong-password");
    await expect(page.getByRole("alert").filter({ hasText: "credentials" })).toHaveText("Invalid login credentials");
    const [token] = received("POST", "/auth/v1/token");
    expect(token?.query.get("grant_type")).toBe("password");
    expect(token?.headers.apikey).toBe(ANON_KEY);
    expect(token?.json).toMatchObject({ email: ADA.email, password: "wrong-password" });
    expect(received("GET", "/rest/v1/profiles")).toEqual([]);
  });

  test("sign-up sends full_name in the metadata, shows the green banner, and a duplicate shows Supabase's message", async ({ page }) => {
    await openLogin(page);
    await page.getByRole("button", { name: "Sign Up" }).click();
    const fill = async (email: string) => {
      await page.getByLabel("Full Name").fill("Grace Hopper");
      await page.getByLabel("Email Address").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("compiler");
      await page.getByRole("button", { name: "Create Account" }).click();
    };
    await fill("grace@example.com");
    await expect(page.getByRole("status").filter({ hasText: "Account" })).toHaveText(
      "Account created! Please check your email to verify your account.",
    );
    const [signup] = received("POST", "/auth/v1/signup");
    expect(signup?.headers.apikey).toBe(ANON_KEY);
    expect(signup?.json).toMatchObject({ email: "grace@example.com", password: "compiler", data: { full_name: "Grace Hopper" } });
    // The confirmation link comes back to /login (supabase-js adds its PKCE flow id), with a PKCE challenge.
    const redirectTo = new URL(signup?.query.get("redirect_to") ?? "about:blank");
    expect(`${redirectTo.origin}${redirectTo.pathname}`).toBe(`${FULL}/login`);
    expect(signup?.json).toMatchObject({ code_challenge: expect.stringMatching(/^[\w-]{43}$/), code_challenge_method: "s256" });
    await fill(ADA.email);
    await expect(page.getByRole("alert").filter({ hasText: "registered" })).toHaveText("User already registered");
  });
});

test.describe("an auth link's credentials never stay in the address bar", () => {
  test("the confirmation e-mail's link signs in on /login through PKCE and leaves a clean URL", async ({ page }) => {
    // Sign-up, then a sign-in and the workspace's first load: three page loads of the wired build.
    test.setTimeout(60_000);
    await openLogin(page);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByLabel("Full Name").fill("Grace Hopper");
    await page.getByLabel("Email Address").fill("grace@example.com");
    await page.getByLabel("Password", { exact: true }).fill("compiler");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Account" })).toBeVisible();
    const [signup] = received("POST", "/auth/v1/signup");
    fake.profiles.push({ id: fake.accounts.at(-1)!.id, full_name: "Grace Hopper", role: "member", created_at: "2025-01-15T09:30:00.000Z" });

    await page.goto(fake.confirmationLink(signup!.query.get("redirect_to")!));
    await expect(page).toHaveURL(`${FULL}/dash`, { timeout: 15_000 });
    const [exchange] = received("POST", "/auth/v1/token");
    expect(exchange?.query.get("grant_type")).toBe("pkce");
    expect(exchange?.json).toMatchObject({ auth_code: "code-1" });
    await expect(page.getByText("Grace Hopper").first()).toBeVisible({ timeout: 15_000 });
    expect(page.url()).not.toMatch(/code|token|sb_flow_id/);
  });

  for (const [from, to] of [
    ["/#access_token=x&refresh_token=y&type=signup", "/login"],
    ["/login#access_token=x&refresh_token=y&expires_in=3600&token_type=bearer&type=signup", "/login"],
    ["/contact?code=unknown-code", "/login"],
    ["/login?next=%2Fdash%2Fcases&token_hash=h-1&type=signup", "/login?next=%2Fdash%2Fcases"],
  ] as const) {
    test(`${from} ends on ${to} with no token in the URL, signed out and with no request for it`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(`${FULL}${to}`);
      await hydrated(page);
      await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
      await expect(page).toHaveURL(`${FULL}${to}`);
      // Tokens in a fragment are not a PKCE answer: supabase-js refuses them, so nobody's session is taken from a link.
      expect(server.requests).toEqual([]);
      await page.goBack();
      expect(page.url()).toBe("about:blank");
    });
  }
});

test.describe("failures", () => {
  test.use({ allowConsoleErrors: [/status of 500/] });

  test("a server failure on sign-in shows the generic message", async ({ page }) => {
    server.setHandler(() => ({ status: 500, body: { message: "database unavailable" } }));
    await openLogin(page);
    await submitSignIn(page, ADA.email, ADA.password);
    await expect(page.getByRole("alert").filter({ hasText: "unexpected" })).toHaveText(
      "An unexpected error occurred. Please try again.",
    );
  });

  test("a profile fetch failure leaves the profile unset and the user signed in (the report is unit-tested)", async ({ page }) => {
    server.setHandler((request) => (request.path.startsWith("/rest/") ? { status: 500, body: { message: "boom" } } : fake.handler(request)));
    await openLogin(page);
    await submitSignIn(page, ADA.email, ADA.password);
    await expect(page).toHaveURL(/\/dash$/);
    await expect(page.locator("header")).toContainText(ADA.fullName);
    await expect(page.locator("header")).not.toContainText(ADA_PROFILE_NAME);
    // Each page load reads the profile once: /login after sign-in, then /dash.
    expect(received("GET", "/rest/v1/profiles")).toHaveLength(2);
  });
});

test.describe("signed in", () => {
  test("signs in with a spinner, fetches the own profile with the user's token, and signs out through the API", async ({ page }) => {
    const chunks: string[] = [];
    page.on("request", (request) => chunks.push(request.url()));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.setHandler(async (request) => {
      if (request.path === "/auth/v1/token") await held;
      return fake.handler(request);
    });
    await openLogin(page);
    await submitSignIn(page, ADA.email, ADA.password);
    const submit = page.getByRole("button", { name: "Sign In", exact: true });
    await expect(submit).toBeDisabled();
    await expect(submit.getByTestId("spinner")).toBeVisible();
    release();

    await expect(page).toHaveURL(/\/dash$/);
    await expect(page.locator("header")).toContainText(ADA_PROFILE_NAME);
    await expect(page.locator("header")).toContainText(ADA.email);
    await expect(page.getByText("Demo mode")).toHaveCount(0);
    expect(chunks.some((url) => /supabaseBackend\.[\w-]+\.js$/.test(url))).toBe(true);

    const [token] = [...fake.tokens.keys()];
    const [profile] = received("GET", "/rest/v1/profiles");
    expect(profile?.query.get("id")).toBe(`eq.${ADA.id}`);
    expect(profile?.query.get("select")).toBe("*");
    expect(profile?.headers.apikey).toBe(ANON_KEY);
    expect(bearerOf(profile)).toBe(`Bearer ${token}`);
    expect(profile?.headers.accept).toContain("application/vnd.pgrst.object+json");

    await page.getByRole("button", { name: "Sign Out" }).click();
    await confirmSignOut(page);
    await expect(page).toHaveURL(/\/$/);
    const [logout] = received("POST", "/auth/v1/logout");
    expect(bearerOf(logout)).toBe(`Bearer ${token}`);
    expect(logout?.headers.apikey).toBe(ANON_KEY);
  });
});

test.describe("password recovery", () => {
  // The old password, tried once on purpose, is refused with a 400.
  test.use({ allowConsoleErrors: [/status of 400/] });

  test("Forgot password? answers every address alike; the e-mailed link sets a new password, which then signs in", async ({ page }) => {
    // The request, the link's page, the workspace, and a sign-in again: four loads of the wired build.
    test.setTimeout(60_000);
    await openLogin(page);
    await page.getByLabel("Email Address").fill("nobody@example.com");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveValue("nobody@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    const answer = page.getByRole("status").filter({ hasText: authMessages.resetRequested });
    await expect(answer).toBeVisible();
    await expectNoAxeViolations(page, "forgot password: ");
    await page.getByLabel("Email Address").fill(ADA.email);
    await expect(answer).toBeHidden();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(answer).toBeVisible();

    const recover = received("POST", "/auth/v1/recover");
    expect(recover.map((r) => (r.json as { email: string }).email)).toEqual(["nobody@example.com", ADA.email]);
    expect(recover[1]?.json).toMatchObject({ code_challenge: expect.any(String), code_challenge_method: "s256" });
    const redirectTo = recover[1]!.query.get("redirect_to")!;
    expect(new URL(redirectTo).origin + new URL(redirectTo).pathname).toBe(`${FULL}/login`);

    await page.goto(fake.confirmationLink(redirectTo));
    await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(`${FULL}/login`);
    await expectNoAxeViolations(page, "set a new password: ");
    const newPassword = page.getByLabel("New Password", { exact: true });
    const confirm = page.getByLabel("Confirm New Password");
    await newPassword.fill("engine");
    await confirm.fill("engines");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(confirm).toHaveAccessibleDescription("Passwords do not match");
    await newPassword.fill("tiny");
    await confirm.fill("tiny");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(newPassword).toHaveAccessibleDescription("Password must be at least 6 characters");
    await expect(confirm).toHaveAccessibleDescription("");
    await expect(newPassword).toBeFocused();
    expect(received("PUT", "/auth/v1/user")).toHaveLength(0);

    await newPassword.fill("difference-engine");
    await confirm.fill("difference-engine");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(`${FULL}/dash`, { timeout: 15_000 });
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText(authMessages.passwordChanged.description);
    expect(received("PUT", "/auth/v1/user").map((r) => r.json)).toEqual([expect.objectContaining({ password: "difference-engine" })]);
    expect(page.url()).not.toMatch(/code|token|sb_flow_id/);

    // The notice sits over the header's account controls until dismissed.
    await page.getByRole("button", { name: `Dismiss notification: ${authMessages.passwordChanged.title}` }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await confirmSignOut(page);
    await expect(page).toHaveURL(`${FULL}/`);
    await openLogin(page);
    await submitSignIn(page, ADA.email, "analytical");
    await expect(page.getByRole("alert")).toContainText("Invalid login credentials");
    await submitSignIn(page, ADA.email, "difference-engine");
    await expect(page).toHaveURL(`${FULL}/dash`, { timeout: 15_000 });
  });
});

/** Signs Ada in through the form and waits for the dashboard. */
async function signInAda(page: Page) {
  await openLogin(page);
  await submitSignIn(page, ADA.email, ADA.password);
  await expect(page).toHaveURL(/\/dash$/);
  await expect(page.locator("header")).toContainText(ADA_PROFILE_NAME);
}

const SIGNED_OUT_HERE = "The sign-in server could not be reached, so you may still be signed in on your other devices.";

/** After Sign Out: on the home page with the one-time notice, and this device's session gone. */
async function expectSignedOutHereOnly(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  const notice = page.getByRole("region", { name: "Notifications" }).getByRole("status");
  await expect(notice).toContainText("Signed out on this device");
  await expect(notice).toContainText(SIGNED_OUT_HERE);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
  await page.reload();
  await expect(page.getByText(SIGNED_OUT_HERE)).toHaveCount(0);
  await openSignedOut(page, "/dash/settings");
}

test.describe("the auth server down", () => {
  test.use({ allowConsoleErrors: [/status of 500/] });

  test("Sign Out answered with 500 still signs this device out, goes home and says other devices may be signed in", async ({ page }) => {
    await signInAda(page);
    server.setHandler((request) => (request.path === "/auth/v1/logout" ? { status: 500, body: { message: "down" } } : fake.handler(request)));
    await page.getByRole("button", { name: "Sign Out" }).click();
    await confirmSignOut(page);
    await expectSignedOutHereOnly(page);
    expect(received("POST", "/auth/v1/logout").length).toBeGreaterThanOrEqual(1);
  });

  test("Sign Out with no answer at all gives up after 15 s and signs this device out", async ({ page }) => {
    await page.clock.install();
    await signInAda(page);
    server.setHandler((request) => (request.path === "/auth/v1/logout" ? "hang" : fake.handler(request)));
    const signOut = page.getByRole("button", { name: "Sign Out" });
    await signOut.click();
    await confirmSignOut(page);
    await expect.poll(() => received("POST", "/auth/v1/logout").length).toBe(1);
    // The installed clock also runs in real time: leave a margin before the 15 s mark.
    await page.clock.fastForward(11_000);
    await expect(page).toHaveURL(/\/dash$/);
    await expect(signOut).toHaveAttribute("aria-disabled", "true");
    await page.clock.fastForward(4_000);
    await expectSignedOutHereOnly(page);
  });

  test("Sign In with no answer stops the spinner after 15 s with the generic message, and the form works again", async ({ page }) => {
    await page.clock.install();
    server.setHandler((request) => (request.path === "/auth/v1/token" ? "hang" : fake.handler(request)));
    await openLogin(page);
    await submitSignIn(page, ADA.email, ADA.password);
    const submit = page.getByRole("button", { name: "Sign In", exact: true });
    await expect(submit.getByTestId("spinner")).toBeVisible();
    await expect.poll(() => received("POST", "/auth/v1/token").length).toBe(1);
    await page.clock.fastForward(11_000);
    await expect(submit.getByTestId("spinner")).toBeVisible();
    await page.clock.fastForward(4_000);
    await expect(page.getByRole("alert").filter({ hasText: "unexpected" })).toHaveText("An unexpected error occurred. Please try again.");
    await expect(submit.getByTestId("spinner")).toHaveCount(0);
    await expect(page.getByLabel("Email Address")).toHaveValue(ADA.email);
    server.setHandler(fake.handler);
    await submit.click();
    await expect(page).toHaveURL(/\/dash$/);
  });

  test("a session that cannot be refreshed shows an error with Retry instead of 'Loading...' forever; Retry goes on", async ({ page }) => {
    await page.clock.install();
    const stored = JSON.stringify(fake.expiredSession(ADA));
    await page.addInitScript(([key, value]) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem(key, value);
        sessionStorage.setItem("seeded", "1");
      }
    }, [STORAGE_KEY, stored] as const);
    server.setHandler((request) => (request.path === "/auth/v1/token" ? "hang" : fake.handler(request)));
    await page.goto("/dash/cases");
    await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
    const error = page.getByRole("alert").filter({ hasText: "We could not check your sign-in" });
    await expect.poll(() => received("POST", "/auth/v1/token").length).toBe(1);
    await page.clock.fastForward(11_000);
    await expect(error).toHaveCount(0);
    await page.clock.fastForward(4_000);
    await expect(error).toHaveText("We could not check your sign-in: the sign-in server did not answer. Check your connection and try again.");
    await expect(page).toHaveURL(/\/dash\/cases$/);
    const retry = page.getByRole("button", { name: "Retry" });
    await expect(retry).toBeFocused();
    await expectNoAxeViolations(page);

    server.setHandler(fake.handler);
    await retry.click();
    // supabase-js refreshes again on its own schedule (its refresh retries, then its 30 s tick).
    await expect(async () => {
      await page.clock.fastForward(5_000);
      await expect(page.locator("header")).toContainText(ADA_PROFILE_NAME, { timeout: 500 });
    }).toPass();
    await expect(page).toHaveURL(/\/dash\/cases$/);
  });
});

test("updateProfile through the store and real supabase-js changes only the own row (runs in Node)", async () => {
  const backend = createSupabaseBackend(server.url, ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
  const store = createAuthStore({ loadBackend: async () => backend });
  store.start();
  await expect.poll(() => store.$auth.get().loading).toBe(false);
  expect(await store.updateProfile({ full_name: "Nobody" })).toEqual({ data: null, error: { message: "No user logged in" } });
  expect(received("PATCH", "/rest/v1/profiles")).toEqual([]);

  expect(await store.signIn(ADA.email, ADA.password)).toEqual({ error: null });
  await expect.poll(() => store.$auth.get().profile?.full_name).toBe(ADA_PROFILE_NAME);
  const result = await store.updateProfile({ full_name: "Augusta Ada King" });
  expect(result).toEqual({ data: expect.objectContaining({ id: ADA.id, full_name: "Augusta Ada King" }), error: null });
  expect(store.$auth.get().profile?.full_name).toBe("Augusta Ada King");

  const [patch] = received("PATCH", "/rest/v1/profiles");
  expect(patch?.query.get("id")).toBe(`eq.${ADA.id}`);
  expect(patch?.json).toEqual({ full_name: "Augusta Ada King" });
  expect(patch?.headers.prefer).toContain("return=representation");
  expect(bearerOf(patch)).toBe(`Bearer ${[...fake.tokens.keys()][0]}`);
  expect(fake.profiles.find((p) => p.id === BOB_ID)?.full_name).toBe("Bob Marley");
  await store.signOut();
  expect(received("POST", "/auth/v1/logout")).toHaveLength(1);
});
