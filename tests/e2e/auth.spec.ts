import { readdirSync, readFileSync, statSync } from "node:fs";
import { confirmSignOut } from "./fixtures/signOut";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { buildDirs, fullEnv } from "./fixtures/sites";
import { DEMO_KEYS } from "../../src/lib/auth/demoRecords";
import { authMessages } from "../../src/lib/auth/messages";
import { hashPassword } from "../../src/lib/auth/password";
import { expectNoAxeViolations } from "./fixtures/axe";
import { hydrated } from "./fixtures/islands";
import { openLogin, submitSignIn } from "./fixtures/login";
import { openLoginSignedIn, openSignedOut } from "./fixtures/dash";

// Demo mode: the bare build has no Supabase, so accounts and sessions live in the browser.
const SIGN_UP_SUCCESS = "Account created! Please check your email to verify your account.";
const ADA = { name: "Ada Lovelace", email: "ada@example.com", password: "analytical" };
// PBKDF2 runs in the page; on a busy machine it takes a moment.
const SLOW = { timeout: 15_000 };

/** Stores Ada's demo account (a PBKDF2 hash, as sign-up would) in every page of the context. */
async function seedAccount(context: BrowserContext) {
  const account = {
    id: "0b6f3c1e-5d1a-4c36-9a57-1f0f8f1f7a11",
    email: ADA.email,
    fullName: ADA.name,
    role: "member",
    createdAt: "2025-01-15T09:30:00.000Z",
    password: await hashPassword(ADA.password, 1_000),
  };
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [DEMO_KEYS.accounts, JSON.stringify([account])] as const,
  );
}


const dashHeading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

test.describe("/login form", () => {
  // One visit of /login, a step per behaviour (each was a test with a page load of its own).
  test("shows every validation message on its field, clears it on edit, and starts afresh on toggle; Forgot password? in demo mode explains that no e-mail can be sent and offers Sign Up", async ({ page }) => {
    await openLogin(page);
    await test.step("shows every validation message on its field, clears it on edit, and starts afresh on toggle", async () => {
      await expect(page.getByRole("note")).toContainText("Demo mode");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
      const email = page.getByLabel("Email Address");
      const password = page.getByLabel("Password", { exact: true });

      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(email).toHaveAccessibleDescription("Email is required");
      await expect(password).toHaveAccessibleDescription("Password is required");
      await expect(email).toBeFocused();

      await email.fill("ada@");
      await expect(email).toHaveAccessibleDescription("");
      await expect(password).toHaveAccessibleDescription("Password is required");
      await password.fill("12345");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(email).toHaveAccessibleDescription("Please enter a valid email");
      await expect(password).toHaveAccessibleDescription("Password must be at least 6 characters");

      await page.getByRole("button", { name: "Show password" }).click();
      await expect(password).toHaveAttribute("type", "text");
      await page.getByRole("button", { name: "Hide password" }).click();
      await expect(password).toHaveAttribute("type", "password");

      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Account");
      await expect(page.getByRole("button", { name: "Sign Up" })).toHaveAttribute("aria-pressed", "true");
      await expect(email).toHaveValue("");
      await expect(password).toHaveValue("");
      await expect(page.getByText("Please enter a valid email")).toHaveCount(0);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByLabel("Full Name")).toHaveAccessibleDescription("Full name is required");
      await expect(page.getByLabel("Full Name")).toBeFocused();
      await expect(email).toHaveAccessibleDescription("Email is required");
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "Log In" }).click();
      await expect(page.getByLabel("Full Name")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
    });
    await test.step("Forgot password? in demo mode explains that no e-mail can be sent and offers Sign Up", async () => {
      // Nothing is sent anywhere. The site's own code may still be arriving (the sign-in island loads the demo backend's
      // chunk after it hydrates, sometimes after the click), so only those script downloads are left out.
      const requests: string[] = [];
      const origin = new URL(page.url()).origin;
      page.on("request", (request) => {
        const url = new URL(request.url());
        const ownScript = request.method() === "GET" && request.resourceType() === "script" && url.origin === origin && url.pathname.startsWith("/_astro/");
        if (!ownScript) requests.push(`${request.method()} ${request.url()}`);
      });
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
      await expect(page.getByText(authMessages.recoveryUnavailable)).toBeVisible();
      await expect(page.getByRole("textbox")).toHaveCount(0);
      await expect(page.getByRole("button", { name: /send/i })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Back to Log In" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Account");
      await expect(page.getByLabel("Full Name")).toBeVisible();
      expect(requests).toEqual([]);
    });
  });

  test("signs up, refuses a duplicate and a wrong password, then signs in to /dash through /dashboard", async ({ page }) => {
    test.slow(); // three PBKDF2 runs of 600,000 iterations in the page
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await openLogin(page);
    await page.getByRole("button", { name: "Sign Up" }).click();
    const fillSignUp = async () => {
      await page.getByLabel("Full Name").fill(ADA.name);
      await page.getByLabel("Email Address").fill(ADA.email);
      await page.getByLabel("Password", { exact: true }).fill(ADA.password);
      await page.getByRole("button", { name: "Create Account" }).click();
    };
    await fillSignUp();
    await expect(page.getByRole("status").filter({ hasText: "Account created" })).toHaveText(SIGN_UP_SUCCESS, SLOW);
    await expect(page.getByLabel("Email Address")).toHaveValue("");
    const stored = await page.evaluate((key) => localStorage.getItem(key), DEMO_KEYS.accounts);
    expect(stored).toContain(ADA.email);
    expect(stored).not.toContain(ADA.password);

    await fillSignUp();
    await expect(page.getByRole("alert").filter({ hasText: "registered" })).toHaveText("User already registered", SLOW);

    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("User already registered")).toHaveCount(0);
    await submitSignIn(page, ADA.email, "wrong-password");
    const banner = page.getByRole("alert").filter({ hasText: "credentials" });
    await expect(banner).toHaveText("Invalid login credentials", SLOW);
    await expect(page.getByLabel("Email Address")).toHaveValue(ADA.email);
    await page.getByLabel("Password", { exact: true }).fill(ADA.password);
    await expect(banner).toHaveCount(0);

    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/dash$/, SLOW);
    expect(requested.map((url) => new URL(url).pathname)).toContain("/dashboard");
    await expect(dashHeading(page, "Chat")).toBeVisible(SLOW);
    const header = page.getByRole("banner").or(page.locator("header"));
    await expect(header).toContainText(ADA.name);
    await expect(header).toContainText(ADA.email);
    await expect(header.getByRole("note")).toContainText("Demo mode");
    // The demo build never loads supabase-js (the Supabase spec sees the same chunk requested there).
    expect(requested.filter((url) => /supabase/i.test(url))).toEqual([]);
  });
});

test("full browser storage: sign-up and sign-in say so clearly, and keep what was typed", async ({ page, context }) => {
  await seedAccount(context);
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  const message = "This browser did not let the demo save your account: its storage is full or blocked. Free some space or allow site data for this site, then try again.";
  await openLogin(page);
  await submitSignIn(page, ADA.email, ADA.password);
  await expect(page.getByRole("alert").filter({ hasText: "storage" })).toHaveText(message, SLOW);
  await expect(page.getByLabel("Email Address")).toHaveValue(ADA.email);
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("the guard", () => {
  test("static dashboard HTML holds nothing protected, only the loading screen", async ({ request }) => {
    const html = await (await request.get("/dash/cases")).text();
    expect(html).toContain("Loading...");
    for (const text of ["Sign Out", "Knowledge Base", "Cases</h1>"]) expect(html).not.toContain(text);
  });

  test("shows 'Loading...' while the session is read, then sends a visitor to /login with next, and back after sign-in", async ({ page, context }) => {
    await seedAccount(context);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/demoBackend\.[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/dash/cases");
    const loading = page.getByRole("status").filter({ hasText: "Loading..." });
    await expect(loading).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/\/login\?next=%2Fdash%2Fcases$/);
    await hydrated(page);
    await submitSignIn(page, ADA.email, ADA.password);
    await expect(page).toHaveURL(/\/dash\/cases$/, SLOW);
    await expect(dashHeading(page, "Cases")).toBeVisible();
    await expect(page.getByRole("link", { name: "Cases" })).toHaveAttribute("aria-current", "page");
  });

  // safeNextPath's own test (src/lib/auth/redirect.test.ts) refuses every hostile value; here, that /login follows
  // its answer for a dot segment and for a tab that only the query string's decoding brings back. One sign-in for
  // both tests that were here (PBKDF2 runs in the page).
  test("a signed-in visitor opening /login goes to the dashboard, also with a hostile `next`; Sign Out goes home and locks the dashboard", async ({ page, context }) => {
    await seedAccount(context);
    const elsewhere: string[] = [];
    await page.route((url) => url.hostname.endsWith("evil.example"), async (route) => {
      elsewhere.push(route.request().url());
      await route.fulfill({ status: 200, contentType: "text/html", body: "<title>evil</title>" });
    });
    await openLogin(page);
    await submitSignIn(page, ADA.email, ADA.password);
    await expect(page).toHaveURL(/\/dash$/, SLOW);
    await test.step("a signed-in visitor opening /login with a hostile `next` stays on this site", async () => {
      const origin = new URL(page.url()).origin;
      for (const next of ["/.//evil.example", "/\t/evil.example"]) {
        await openLoginSignedIn(page, next);
        await expect(page, next).toHaveURL(`${origin}/dash`);
      }
      expect(elsewhere).toEqual([]);
    });
    await test.step("a signed-in visitor opening /login goes to the dashboard; Sign Out goes home and locks the dashboard", async () => {
      await openLoginSignedIn(page);

      await page.getByRole("link", { name: "Knowledge Base" }).click();
      await expect(page).toHaveURL(/\/dash\/knowledge$/);
      await expect(dashHeading(page, "Knowledge Base")).toBeVisible();

      await page.getByRole("button", { name: "Sign Out" }).click();
      await confirmSignOut(page);
      await expect(page).toHaveURL(/\/$/);
      await openSignedOut(page, "/dash/settings");
    });
  });

  test("two tabs share the session: sign-in in one moves the other on, sign-out in one sends the other home", async ({ context }) => {
    await seedAccount(context);
    const first = await context.newPage();
    const second = await context.newPage();
    await openLogin(first);
    await openLogin(second);
    await submitSignIn(first, ADA.email, ADA.password);
    await expect(first).toHaveURL(/\/dash$/, SLOW);
    await expect(second).toHaveURL(/\/dash$/, SLOW);
    await expect(dashHeading(second, "Chat")).toBeVisible();

    await first.getByRole("button", { name: "Sign Out" }).click();
    await confirmSignOut(first);
    await expect(first).toHaveURL(/\/$/);
    await expect(second).toHaveURL(/\/$/);
  });
});

/** Every text file of a build folder, recursively. */
function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return textFiles(full);
    return /\.(png|jpe?g|avif|webp|gif|ico|woff2?|mp3|ogg|wav)$/.test(name) ? [] : [full];
  });
}

/** Service-role JWTs (their payload says role service_role) and Supabase secret keys in a text. */
function findSecrets(text: string): string[] {
  const jwts = [...text.matchAll(/eyJ[\w-]+\.(eyJ[\w-]+)\.[\w-]*/g)].filter((m) =>
    /"role"\s*:\s*"service_role"/.test(Buffer.from(m[1]!, "base64url").toString("utf8")),
  );
  const keys = [...text.matchAll(/sb_secret_[A-Za-z0-9_-]{8,}|SUPABASE_SERVICE_ROLE\w*/g)];
  return [...jwts, ...keys].map((m) => m[0]);
}

test("no service-role key or secret is in either build, while the public anon key is", () => {
  const serviceJwt = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from('{"role":"service_role"}').toString("base64url")}.sig`;
  expect(findSecrets(`a ${serviceJwt} sb_secret_abcdefghijkl SUPABASE_SERVICE_ROLE_KEY b`)).toHaveLength(3);
  const found: string[] = [];
  let anonKeySeen = false;
  for (const dir of Object.values(buildDirs)) {
    for (const file of textFiles(dir)) {
      const text = readFileSync(file, "utf8");
      anonKeySeen ||= text.includes(fullEnv.PUBLIC_SUPABASE_ANON_KEY);
      found.push(...findSecrets(text).map((secret) => `${file}: ${secret}`));
    }
  }
  expect(found).toEqual([]);
  expect(anonKeySeen).toBe(true);
});

test("public/_redirects sends /dashboard to /dash on hosts that read it", () => {
  const rules = readFileSync(join(buildDirs.bare, "_redirects"), "utf8");
  expect(rules).toMatch(/^\/dashboard\s+\/dash\s+301$/m);
});

test("the build without Supabase settings holds no supabase-js code; the configured build does", () => {
  const holdsSupabaseJs = (dir: string) =>
    textFiles(dir).some((file) => file.endsWith(".js") && readFileSync(file, "utf8").includes("GoTrueClient"));
  expect(holdsSupabaseJs(buildDirs.bare)).toBe(false);
  expect(holdsSupabaseJs(buildDirs.full)).toBe(true);
});
