import type { BrowserContext, Page } from "@playwright/test";
import { expect, test as base } from "../fixtures/test";
import { BARE, FULL, fullEnv } from "../fixtures/sites";
import { dashPages, scannedPages } from "../fixtures/pages";
import { ADA, openDash, openLoginSignedIn, openSignedOut, signInAs } from "../fixtures/dash";
import { answers, conversation, messageInput, questions, sidebar } from "../fixtures/chat";
import { hydrated } from "../fixtures/islands";
import { TODAY, installClock, pauseClock } from "../fixtures/workspace";
import { DEMO_KEYS } from "../../../src/lib/auth/demoRecords";
import { featureKey } from "../../../src/lib/dash/browserStorage";
import { REPLY_DELAY_MS } from "../../../src/lib/dash/chat";

// Failure drill: corrupt values in every localStorage key the site reads must leave every page working,
// signed out where the session itself was corrupt. The keys are discovered, not listed: a signed-in visit
// of every page records each key the site reads, so a key a new feature adds is drilled too.

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

/**
 * Opens `path` for the signed-in user and waits for the state the page settles in. A signed-in visit of /login
 * shows its static heading first and then moves on, through /dashboard, to the workspace: waiting for that heading
 * would let the next navigation collide with the redirect (net::ERR_ABORTED).
 */
async function visitSignedIn(page: Page, path: string) {
  if (path === "/login") await openLoginSignedIn(page);
  else await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible({ timeout: 15_000 });
  if (dashPages.includes(path)) await expect(page.getByText(ADA.email).first(), path).toBeVisible();
  await hydrated(page);
}

/**
 * The keys a signed-in visit of every page reads or leaves, found once per worker, so that each test of this file
 * stands alone: run by itself (`-g`), it still has the keys to drill. The file runs in one worker (the config's
 * one-worker project), so the walk is made once a run, not once on each worker (about 10 s each).
 */
const test = base.extend<object, { siteKeys: string[] }>({
  siteKeys: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: BARE });
      const keysRead = await recordKeyReads(context);
      await signInAs(context, ADA);
      const page = await context.newPage();
      for (const path of [...scannedPages.map((p) => p.path), ...dashPages]) await visitSignedIn(page, path);
      const keys = await keysRead(page);
      await context.close();
      await use(keys);
    },
    // Some 18 page loads: about 40 s on a quiet machine, several minutes on a busy one.
    { scope: "worker", timeout: 300_000 },
  ],
});
test.describe.configure({ mode: "default", timeout: 120_000 });

test("a signed-in visit of every page reads the demo session and accounts and the workspace's records, and every other key it reads is recorded", ({ siteKeys }) => {
  expect(siteKeys).toEqual(expect.arrayContaining([...AUTH_KEYS, featureKey(ADA.id, "conversations"), featureKey(ADA.id, "preferences")]));
});

for (const value of CORRUPT) {
  test(`with ${value} in every key but the session, every dashboard screen still works for the signed-in user`, async ({ page, siteKeys }) => {
    await signInAs(page.context(), ADA);
    await seed(page.context(), siteKeys.filter((key) => !AUTH_KEYS.includes(key)), value);
    for (const path of dashPages) {
      await page.goto(path);
      // Each screen is loaded when first opened: on a busy machine that takes longer than expect's 5 s.
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(ADA.email).first(), path).toBeVisible();
    }
  });

  test(`with ${value} in every key, every page works and the visitor is signed out`, async ({ page, siteKeys }) => {
    await seed(page.context(), siteKeys, value);
    for (const { path } of scannedPages.filter((p) => !p.path.includes("does-not-exist"))) await expectWorking(page, path);
    await openSignedOut(page, dashPages[0]!);
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
      await openSignedOut(page, dashPages[0]!);
    });
  }
});

test.describe("hostile ids in the stored workspace records", () => {
  // Ids that name what every plain object inherits: a record keyed by them must stay a record.
  const HOSTILE_IDS = ["constructor", "toString", "__proto__"];
  const titleOf = (id: string) => `Kept under ${id}`;
  const minutesAgo = (minutes: number) => new Date(TODAY.getTime() - minutes * 60_000).toISOString();

  /** Ada's stored conversations, message index, messages and pending replies, all keyed by the hostile ids. */
  function hostileRecords(): [string, string][] {
    const envelope = (data: unknown) => JSON.stringify({ v: 1, data });
    const messages = (id: string) => [
      { id: `${id}-q`, role: "user", content: `Stored question of ${id}`, timestamp: minutesAgo(10), scope: "firm" },
      // Answers are Markdown: the id as code, or __proto__ would read as a bold "proto".
      { id: `${id}-a`, role: "assistant", content: `Stored answer of \`${id}\``, timestamp: minutesAgo(9), scope: "firm" },
    ];
    // A pending reply of each conversation, asked for before this visit: it lands when the workspace opens.
    const pending = `{${HOSTILE_IDS.map((id) => `${JSON.stringify(id)}:{"since":${JSON.stringify(minutesAgo(5))}}`).join(",")}}`;
    return [
      [featureKey(ADA.id, "conversations"), envelope(HOSTILE_IDS.map((id, i) => ({ id, title: titleOf(id), pinned: false, updatedAt: minutesAgo(i + 1) })))],
      [featureKey(ADA.id, "messages"), envelope(HOSTILE_IDS)],
      ...HOSTILE_IDS.map((id): [string, string] => [`${featureKey(ADA.id, "messages")}/shard/${id}`, envelope(messages(id))]),
      // Written as text: JSON.stringify of an object would drop its own "__proto__" key.
      [featureKey(ADA.id, "pending-replies"), `{"v":1,"data":${pending}}`],
    ];
  }

  test("conversations stored with the ids constructor, toString and __proto__ open, show their messages, and the chat sends and answers after 2 s with no page error", async ({ page, context }) => {
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await signInAs(context, ADA);
    await context.addInitScript((records) => {
      // Only before the first page: what the workspace writes back must stand.
      if (sessionStorage.getItem("e2e-hostile-seeded")) return;
      sessionStorage.setItem("e2e-hostile-seeded", "1");
      for (const [key, value] of records) localStorage.setItem(key, value);
    }, hostileRecords());
    await installClock(page);
    await openDash(page, "/dash", "Chat");
    await pauseClock(page);
    const aside = sidebar(page);
    for (const id of HOSTILE_IDS) {
      await conversation(aside, titleOf(id)).click();
      await expect(questions(page).first(), id).toContainText(`Stored question of ${id}`);
      await expect(answers(page).first(), id).toContainText(`Stored answer of ${id}`);
      // The stored answer, and the reply that was pending when the page opened.
      await expect(answers(page), id).toHaveCount(2);
      await messageInput(page).fill(`A new question under ${id}`);
      await messageInput(page).press("Enter");
      await expect(questions(page).last(), id).toContainText(`A new question under ${id}`);
      await page.clock.runFor(REPLY_DELAY_MS - 1);
      await expect(answers(page), id).toHaveCount(2);
      await page.clock.runFor(1);
      await expect(answers(page), id).toHaveCount(3);
    }
    expect(pageErrors).toEqual([]);
  });

  test("'Clear workspace data' leaves none of the user's backups of unreadable values", async ({ page, context }) => {
    const backups = () =>
      page.evaluate((prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix) && key.includes("/backup/")), featureKey(ADA.id, ""));
    await signInAs(context, ADA);
    await context.addInitScript((key) => {
      if (sessionStorage.getItem("e2e-corrupt-seeded")) return;
      sessionStorage.setItem("e2e-corrupt-seeded", "1");
      localStorage.setItem(key, "{not json");
    }, featureKey(ADA.id, "conversations"));
    await openDash(page, "/dash/settings", "Settings");
    // The unreadable value was copied aside, never dropped.
    await expect.poll(backups).toHaveLength(1);
    await page.getByRole("button", { name: "Clear workspace data in this browser" }).click();
    await page.getByRole("dialog", { name: "Clear workspace data?" }).getByRole("button", { name: "Clear Data" }).click();
    await expect(page.getByText("Workspace data cleared")).toBeVisible();
    await expect.poll(backups).toEqual([]);
  });
});
