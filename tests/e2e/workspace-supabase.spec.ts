import type { PGlite } from "@electric-sql/pglite";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import type { FakeServer, RecordedRequest, Reply } from "./fixtures/server";
import { FULL } from "./fixtures/sites";
import { ask, conversation, messageInput, sidebar } from "./fixtures/chat";
import { ANON_KEY, type FakeAccount } from "./fixtures/supabase";
import { allowMigrating, emptyWorkspace, rowCount, signInToWorkspace, startSupabaseWorkspace, type SupabaseWorkspace } from "./fixtures/supabaseWorkspace";

// The workspace kept in the firm's Supabase: the full build against the fake Supabase, whose data API and Storage
// run every request on PGlite with the project's migrations, as the signed-in user: row-level security, not the
// fake, decides what each one sees.
test.use({ baseURL: FULL, timezoneId: "Europe/Nicosia", locale: "en-GB" });
test.describe.configure({ mode: "serial" });

const ADA: FakeAccount = {
  id: "2f1c6a0e-8b3d-4c5e-9f70-1a2b3c4d5e6f",
  email: "ada@example.com",
  password: "analytical",
  fullName: "Ada Lovelace",
};
const BOB: FakeAccount = {
  id: "7e6d5c4b-3a29-4180-8f7e-6d5c4b3a2918",
  email: "bob@example.com",
  password: "reggae-1945",
  fullName: "Bob Marley",
};

/** A one-page document with a sentence no sample has. */
const LEASE_TEXT = "Lease of a berth.\n\nThe berth at Latchi marina is let to Eleni Charalambous for nine years.\n";

let db: PGlite;
let server: FakeServer;
let fake: SupabaseWorkspace["fake"];

test.beforeAll(async () => {
  allowMigrating();
  ({ db, server, fake } = await startSupabaseWorkspace([ADA, BOB]));
});
// Each test starts from an empty workspace (a repeat of a test too): its users' first sync is what fills it.
test.beforeEach(() => emptyWorkspace(db));
test.afterAll(async () => {
  // No request of any test carried anything but the anon key, and no token but a signed-in user's.
  for (const request of server.requests) expect(carriesOnlyPublicKeys(request), `${request.method} ${request.path}`).toBe(true);
  await server?.close();
  await db?.close();
});

/** The apikey is the anon key and the bearer is the anon key or a user's token: never a service-role key. */
function carriesOnlyPublicKeys(request: RecordedRequest): boolean {
  const bearer = String(request.headers.authorization ?? "").replace(/^Bearer /, "");
  const claims = bearer.split(".")[1];
  const role = claims
    ? (
        JSON.parse(Buffer.from(claims, "base64url").toString()) as {
          role?: string;
        }
      ).role
    : undefined;
  const signedUrl = request.path.startsWith("/storage/v1/object/sign/") && request.method === "GET";
  return (signedUrl || request.headers.apikey === ANON_KEY) && (!bearer || bearer === ANON_KEY || role === "authenticated");
}

const writes = (since: number) => server.requests.slice(since).filter((r) => r.path === "/rest/v1/rpc/apply_changes");
const count = (table: string, where: string, params: unknown[] = []) => rowCount(db, table, where, params);
const signIn = (page: Page, account: FakeAccount) => signInToWorkspace(page, account, db);

async function newContext(browser: { newContext: (options: object) => Promise<BrowserContext> }) {
  return browser.newContext({
    baseURL: FULL,
    timezoneId: "Europe/Nicosia",
    locale: "en-GB",
  });
}

async function createCase(page: Page, title: string, docket: string) {
  await page.goto("/dash/cases");
  await page.getByRole("button", { name: "New Case" }).click();
  const dialog = page.getByRole("dialog", { name: "New Case" });
  await dialog.getByLabel("Case Title").fill(title);
  await dialog.getByLabel("Docket Number").fill(docket);
  await dialog.getByRole("button", { name: "Create Case" }).click();
  await expect(page.getByRole("listitem", { name: title, exact: true })).toBeVisible();
}

// Signing a user in waits for their first sync with the fake project: Ada's laptop and Bob sign in once, and each
// behaviour is a step of its own (a failure names the step).
test("opening reads each table once, in parallel; a question is one write; another device of the same user shows a new case within 30 s, a new conversation when it regains focus, and an uploaded document: its search hit and its viewer; two users each see only their own records; Clear workspace data removes Ada's rows and originals", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signIn(page, ADA);

  await test.step("opening reads each table once, in parallel; a question is one write", async () => {
    // The first page's own requests are all in before the count starts (the server's log stops growing between two
    // looks half a second apart): on a busy machine a late read of the page being replaced was counted as this one's.
    let seen = -1;
    await expect
      .poll(
        () => {
          const settled = server.requests.length === seen;
          seen = server.requests.length;
          return settled;
        },
        { intervals: [500], timeout: 15_000 },
      )
      .toBe(true);
    // Opening the workspace (a reload of it): the profile and each table once, in parallel, and nothing to write.
    const opened = server.requests.length;
    await page.reload();
    const reads = () => server.requests.slice(opened).filter((r) => r.method === "GET" && r.path.startsWith("/rest/v1/"));
    // The reviews' two tables are read when the Review screen opens (its records join the workspace then), not here.
    // The opening read is the first 7: a focus the page gets after it has loaded may read the tables again, as
    // coming back into view does (session.ts), which is not the opening's.
    await expect.poll(() => reads().length).toBeGreaterThanOrEqual(7);
    expect(
      reads()
        .slice(0, 7)
        .map((r) => r.path)
        .sort(),
    ).toEqual(["cases", "conversations", "documents", "knowledge_items", "messages", "preferences", "profiles"].map((t) => `/rest/v1/${t}`));
    expect(writes(opened)).toEqual([]);

    // Ask in the KB scope: the answer searches the knowledge base, so no sample document needs reading.
    await page.getByRole("combobox", { name: "Scope" }).selectOption("kb");
    const before = server.requests.length;
    await ask(page, "Ada's question about the Miranda practice note");
    await expect.poll(() => writes(before).length).toBeGreaterThanOrEqual(1);
    const [first] = writes(before);
    const sent = (first?.json as { changes: { table: string; op: string }[] }).changes;
    expect(sent.map((c) => `${c.op} ${c.table}`).sort()).toEqual(["upsert conversations", "upsert messages"]);
    await expect.poll(() => count("messages", "owner_id = $1 and content like 'Ada''s question%'", [ADA.id])).toBe(1);
    await createCase(page, "Ada's confidential matter", "CV-2026-000101");
    await expect.poll(() => count("cases", "owner_id = $1 and title = $2", [ADA.id, "Ada's confidential matter"])).toBe(1);
  });

  await test.step("another device of the same user shows a new case within 30 s, a new conversation when it regains focus, and an uploaded document: its search hit and its viewer", async () => {
    const phoneContext = await newContext(browser);
    const phone = await phoneContext.newPage();
    await phone.clock.install();
    await signIn(phone, ADA);
    await phone.goto("/dash/cases");
    await expect(phone.getByRole("heading", { level: 1, name: "Cases" })).toBeVisible();

    await createCase(page, "Matter opened on the laptop", "CV-2026-000303");
    await expect.poll(() => count("cases", "owner_id = $1 and title = 'Matter opened on the laptop'", [ADA.id])).toBe(1);
    await phone.clock.runFor(30_000);
    await expect(phone.getByRole("listitem", { name: "Matter opened on the laptop", exact: true })).toBeVisible();

    await page.goto("/dash/chat");
    await page.getByRole("combobox", { name: "Scope" }).selectOption("kb");
    await ask(page, "Question asked on the laptop");
    await expect.poll(() => count("messages", "owner_id = $1 and content = 'Question asked on the laptop'", [ADA.id])).toBe(1);
    // The phone has stayed on Cases: its sidebar learns of the conversation when it regains focus, not before.
    await expect(conversation(sidebar(phone), /^Question asked on the laptop/)).toHaveCount(0);
    await phone.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(conversation(sidebar(phone), /^Question asked on the laptop/)).toBeVisible();

    // A document uploaded on the laptop: its original goes to the bucket, its page to document_pages.
    await page.goto("/dash/uploads");
    await page.getByLabel("Choose File").setInputFiles({ name: "Marina lease.txt", mimeType: "text/plain", buffer: Buffer.from(LEASE_TEXT) });
    await page.getByLabel("Target Case").selectOption({ label: "Kyprianou v. Limassol Marine Services" });
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page.getByRole("main").getByRole("listitem", { name: "Marina lease", exact: true })).toContainText("Indexed", {
      timeout: 30_000,
    });
    await expect.poll(() => count("document_pages", "owner_id = $1 and text like '%Latchi marina%'", [ADA.id]), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() =>
        count("documents", "owner_id = $1 and title = 'Marina lease' and storage_path like $2", [ADA.id, `${ADA.id}/%/Marina lease.txt`]),
      )
      .toBe(1);

    // The phone finds it by a word inside, on its page, and opens it: the original comes from the bucket.
    await phone.goto("/dash/files");
    await phone.getByRole("searchbox", { name: "Search files by title or case" }).fill("Latchi marina");
    const lease = phone.getByRole("main").getByRole("listitem", { name: "Marina lease", exact: true });
    // The freshly opened phone pulls every table while it still reads its samples (edits of the same documents list),
    // then asks search_pages again, all answered by PGlite inside this test's own process: 15 s, as the other waits here.
    await expect(lease.getByRole("button", { name: /^Found on p\. 1/ })).toContainText("Latchi marina", { timeout: 15_000 });
    await lease.getByRole("button", { name: /^Found on p\. 1/ }).click();
    const viewer = phone.getByRole("dialog", { name: "Marina lease" });
    await expect(viewer).toContainText("The berth at Latchi marina is let to Eleni Charalambous for nine years.");
    await phoneContext.close();
  });

  await test.step("two users each see only their own records: Bob sees none of Ada's question, case or document", async () => {
    const bobs = await newContext(browser);
    const bob = await bobs.newPage();
    await signIn(bob, BOB);
    await expect(sidebar(bob).getByRole("button", { name: /Ada's question/ })).toHaveCount(0);
    await bob.goto("/dash/cases");
    await expect(
      bob.getByRole("listitem", {
        name: "Ada's confidential matter",
        exact: true,
      }),
    ).toHaveCount(0);
    await expect(
      bob.getByRole("listitem", {
        name: "Georgiou v. Paphos Coastal Developments Ltd",
        exact: true,
      }),
    ).toBeVisible();
    // Ada has the samples and her two new cases; Bob the samples only.
    expect(await count("cases", "owner_id = $1", [BOB.id])).toBe((await count("cases", "owner_id = $1", [ADA.id])) - 2);

    // Bob's Files neither lists Ada's document nor finds its words.
    await bob.goto("/dash/files");
    await expect(
      bob.getByRole("main").getByRole("listitem", { name: "Internal Memo: Motion to Dismiss Template", exact: true }),
    ).toBeVisible();
    await expect(bob.getByRole("main").getByRole("listitem", { name: "Marina lease", exact: true })).toHaveCount(0);
    await bob.getByRole("searchbox", { name: "Search files by title or case" }).fill("Latchi marina");
    await expect(bob.getByRole("main").getByText("Latchi")).toHaveCount(0);
    await bobs.close();
  });

  await test.step("Clear workspace data, after its confirmation: Ada's rows are the samples again, and her originals are gone", async () => {
    expect(await count("documents", "owner_id = $1 and title = 'Marina lease'", [ADA.id])).toBe(1);
    await page.goto("/dash/settings");
    await page.getByRole("button", { name: "Clear workspace data" }).click();
    await page.getByRole("dialog", { name: "Clear workspace data?" }).getByRole("button", { name: "Clear Data" }).click();
    await expect.poll(() => count("documents", "owner_id = $1 and title = 'Marina lease'", [ADA.id]), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => db.query("select name from storage.objects where name like $1", [`${ADA.id}/%`]).then((r) => r.rows.length))
      .toBe(0);
    await expect.poll(() => count("cases", "owner_id = $1 and title = 'Matter opened on the laptop'", [ADA.id])).toBe(0);
    expect(await count("document_pages", "owner_id = $1 and text like '%Latchi marina%'", [ADA.id])).toBe(0);
    expect(await count("cases", "owner_id = $1 and id = 'case-georgiou-v-paphos-developments'", [ADA.id])).toBe(1);
    expect(await count("documents", "owner_id = $1 and title = 'Marina lease'", [BOB.id])).toBe(0);
  });
});

test.describe("offline", () => {
  // The refused writes (503) and the requests cut off by the reload are what the drill is about.
  test.use({ allowConsoleErrors: [/status of 503|ERR_|Failed to fetch/] });

  test("refused, then unanswered writes keep a question and a new case across a reload, and they arrive once when the server is back", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    await signIn(page, ADA);
    const down: Reply = {
      status: 503,
      body: { message: "Service Unavailable" },
    };
    let mode: "refuse" | "hang" | "up" = "refuse";
    server.setHandler((request) => {
      const isData = request.path.startsWith("/rest/v1/") && request.path !== "/rest/v1/profiles";
      if (mode === "refuse" && request.path === "/rest/v1/rpc/apply_changes") return down;
      if (mode === "hang" && isData) return "hang";
      return fake.handler(request);
    });

    await page.getByRole("combobox", { name: "Scope" }).selectOption("kb");
    await ask(page, "Offline question about limitation periods");
    await createCase(page, "Offline matter", "CV-2026-000202");
    const status = page.getByRole("banner").getByRole("status");
    await expect(status).toHaveText(/^Offline: \d+ changes waiting$/, {
      timeout: 15_000,
    });
    mode = "hang";
    await page.reload();
    await expect(page.getByRole("listitem", { name: "Offline matter", exact: true })).toBeVisible();
    await expect(status).toHaveText(/^Offline: \d+ changes waiting$/);
    await page.goto("/dash/chat");
    await expect(conversation(sidebar(page), /^Offline question about limitation periods/)).toBeVisible();
    expect(await count("cases", "title = 'Offline matter'", [])).toBe(0);

    mode = "up";
    // The unanswered requests give up after 15 s; the next attempt goes through.
    await page.clock.runFor(16_000);
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect(page.getByRole("banner").getByText(/changes? waiting/)).toHaveCount(0, { timeout: 15_000 });
    expect(await count("cases", "owner_id = $1 and title = 'Offline matter'", [ADA.id])).toBe(1);
    expect(await count("messages", "owner_id = $1 and content = 'Offline question about limitation periods'", [ADA.id])).toBe(1);
    expect(await count("conversations", "owner_id = $1 and title = 'Offline question about limitation periods'", [ADA.id])).toBe(1);
    await expect(messageInput(page)).toBeVisible();
  });
});
