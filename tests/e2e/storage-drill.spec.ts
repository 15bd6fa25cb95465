import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { FULL, fullEnv } from "./fixtures/sites";
import { dashPages, scannedPages } from "./fixtures/pages";
import { ADA, signInAs } from "./fixtures/dash";
import { hydrated } from "./fixtures/islands";
import { DEMO_KEYS } from "../../src/lib/auth/demoRecords";

// Failure drill: corrupt values in every localStorage key the site reads must leave every page working,
// signed out where the session itself was corrupt. The keys are discovered, not listed: a signed-in visit
// of every page records each key the site reads, so a key a new feature adds is drilled too.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const CORRUPT = ["{not json", '{"version":999,"items":"x"}', "[null,42]"];
const AUTH_KEYS: string[] = [DEMO_KEYS.accounts, DEMO_KEYS.session];

/** Records every key the page reads from localStorage, across navigations. */
async function recordKeyReads(context: BrowserContext): Promise<(page: Page) => Promise<string[]>> {
  await context.addInitScript(() => {
    const read = new Set<string>(JSON.parse(sessionStorage.getItem("__keysRead") ?? "[]") as string[]);
    const original = Storage.prototype.getItem;
    Storage.prototype.getItem = function getItem(this: Storage, key: string) {
      if (this === window.localStorage) {
        read.add(key);
        sessionStorage.setItem("__keysRead", JSON.stringify([...read]));
      }
      return original.call(this, key);
    };
  });
  return async (page) => {
    const read = await page.evaluate(() => JSON.parse(sessionStorage.getItem("__keysRead") ?? "[]") as string[]);
    const stored = await page.evaluate(() => Object.keys(localStorage));
    return [...new Set([...read, ...stored])].sort();
  };
}

/** Writes `value` into each key before any script of any page runs. */
async function seed(context: BrowserContext, keys: string[], value: string) {
  await context.addInitScript(
    ([names, text]) => {
      for (const name of names) localStorage.setItem(name, text);
    },
    [keys, value] as const,
  );
}

/** The page is usable: its main heading shows and its islands hydrated. */
async function expectWorking(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  await hydrated(page);
}

let siteKeys: string[] = [];

test("a signed-in visit of every page reads the demo session and accounts, and every other key it reads is recorded", async ({ browser }) => {
  const context = await browser.newContext();
  const keysRead = await recordKeyReads(context);
  const page = await context.newPage();
  await signInAs(context, ADA);
  for (const path of [...scannedPages.map((p) => p.path), ...dashPages]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
  siteKeys = await keysRead(page);
  expect(siteKeys).toEqual(expect.arrayContaining(AUTH_KEYS));
  await context.close();
});

for (const value of CORRUPT) {
  test(`with ${value} in every key but the session, every dashboard screen still works for the signed-in user`, async ({ page }) => {
    test.skip(siteKeys.length === 0, "needs the key discovery above");
    await signInAs(page.context(), ADA);
    await seed(page.context(), siteKeys.filter((key) => !AUTH_KEYS.includes(key)), value);
    for (const path of dashPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      await expect(page.getByText(ADA.email).first(), path).toBeVisible();
    }
  });

  test(`with ${value} in every key, every page works and the visitor is signed out`, async ({ page }) => {
    test.skip(siteKeys.length === 0, "needs the key discovery above");
    await seed(page.context(), siteKeys, value);
    for (const { path } of scannedPages.filter((p) => !p.path.includes("does-not-exist"))) await expectWorking(page, path);
    await page.goto(dashPages[0]!);
    await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  });
}

test.describe("the wired build", () => {
  test.use({ baseURL: FULL });
  // supabase-js keeps its session under sb-<first label of the project host>-auth-token.
  const supabaseKey = `sb-${new URL(fullEnv.PUBLIC_SUPABASE_URL).hostname.split(".")[0]!}-auth-token`;
  for (const value of CORRUPT) {
    test(`a corrupt Supabase session (${value}) leaves /login working and /dash signed out`, async ({ page }) => {
      await seed(page.context(), [supabaseKey, "paphos-ai:bookings"], value);
      await expectWorking(page, "/login");
      await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
      // The booking page reads its stored bookings (only the wired build takes bookings).
      await expectWorking(page, "/book");
      await expect(page.getByRole("grid", { name: /\d{4}/ })).toBeVisible();
      await page.goto(dashPages[0]!);
      await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
    });
  }
});
