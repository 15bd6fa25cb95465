import { expect, test } from "./fixtures/test";
import { startFakeServer, type FakeServer, type RecordedRequest } from "./fixtures/server";
import { FULL, ports } from "./fixtures/sites";
import { openLogin, submitSignIn } from "./fixtures/login";
import { ANON_KEY, createFakeSupabase, type FakeAccount } from "./fixtures/supabase";
import { createAuthStore } from "../../src/lib/auth/authStore";
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

test.beforeAll(async () => {
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
    await fill(ADA.email);
    await expect(page.getByRole("alert").filter({ hasText: "registered" })).toHaveText("User already registered");
  });
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
    await expect(page).toHaveURL(/\/$/);
    const [logout] = received("POST", "/auth/v1/logout");
    expect(bearerOf(logout)).toBe(`Bearer ${token}`);
    expect(logout?.headers.apikey).toBe(ANON_KEY);
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
