import type { PGlite } from "@electric-sql/pglite";
import type { Page } from "@playwright/test";
import { BROWSER_INDEX_MAX_PAGES } from "../../src/lib/search/handover";
import { replyCopy } from "../../src/stores/dash/replyScheduler";
import { GOVERNING_LAW, MERIT_LIFE, askAboutDocument, askWithDocument, collapse, cuadContract, quotes, uploadDocument } from "./fixtures/cuad";
import { openDash, signInAs } from "./fixtures/dash";
import type { FakeServer } from "./fixtures/server";
import { BARE, FULL } from "./fixtures/sites";
import type { FakeAccount } from "./fixtures/supabase";
import { allowMigrating, emptyWorkspace, rowCount, signInToWorkspace, startSupabaseWorkspace } from "./fixtures/supabaseWorkspace";
import { installClock, workspaceContext } from "./fixtures/workspace";
import { expect, test } from "./fixtures/test";

// One retrieval standard for both backends (issue 29): the same question about the same uploaded contract (a real CUAD
// contract, CC BY 4.0, The Atticus Project) quotes the same first passage whether the workspace searches in the
// browser (the bare build) or in Postgres through search_pages (the full build against the fake Supabase, whose data
// API runs every request on PGlite with the project's migrations).
test.use({ baseURL: FULL, ...workspaceContext });
// Uploading and reading the contract twice, on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

const ADA: FakeAccount = { id: "5b0d7c3e-2a4f-4e61-9c8d-0f1e2d3c4b5a", email: "ada@example.com", password: "analytical", fullName: "Ada Lovelace" };
const KYPRIANOU = "Kyprianou v. Limassol Marine Services";
const merit = cuadContract(MERIT_LIFE);
const TITLE = "MeritLife master services agreement";

let db: PGlite;
let server: FakeServer;

test.beforeAll(async () => {
  allowMigrating();
  ({ db, server } = await startSupabaseWorkspace([ADA]));
});
// A repeat of the test starts from an empty workspace too.
test.beforeEach(() => emptyWorkspace(db));
test.afterAll(async () => {
  await server?.close();
  await db?.close();
});

const uploadMerit = (page: Page) =>
  uploadDocument(page, { name: `${TITLE}.txt`, mimeType: "text/plain", buffer: Buffer.from(merit.text) }, KYPRIANOU, TITLE);

/** Signs Ada in to the full build and uploads the contract, until its pages are in document_pages. */
async function uploadMeritToSupabase(page: Page): Promise<void> {
  await signInToWorkspace(page, ADA, db);
  await page.goto("/dash/uploads");
  await uploadMerit(page);
  await expect.poll(() => rowCount(db, "document_pages", "owner_id = $1 and text like '%laws of the Arizona%'", [ADA.id]), { timeout: 15_000 }).toBe(1);
}

/** How many search_pages requests the fake Supabase has received since the `since`-th request. */
const searchPagesSince = (since: number): number => server.requests.slice(since).filter((r) => r.path === "/rest/v1/rpc/search_pages").length;

test("the governing-law question about an uploaded TXT contract quotes the same first passage from search_pages as from the browser's index", async ({ browser, page }) => {
  // The bare build: the contract in the browser's own index.
  const bareContext = await browser.newContext({ ...workspaceContext, baseURL: BARE });
  let bareQuote: string;
  try {
    await signInAs(bareContext);
    const bare = await bareContext.newPage();
    await installClock(bare);
    await openDash(bare, "/dash/uploads", "Uploads");
    await uploadMerit(bare);
    const answer = await askAboutDocument(bare, TITLE, GOVERNING_LAW);
    await expect(quotes(answer).first()).toContainText(collapse(merit.span("Governing Law")));
    bareQuote = collapse((await quotes(answer).first().textContent()) ?? "");
  } finally {
    await bareContext.close();
  }

  // The full build: the contract's pages in document_pages, the question answered through search_pages. The clock
  // (at today's time, as supabase-js's sessions need) lets askAboutDocument run the reply's 2 s at once.
  await page.clock.install();
  await uploadMeritToSupabase(page);
  const searched = server.requests.length;
  const answer = await askAboutDocument(page, TITLE, GOVERNING_LAW);
  expect(searchPagesSince(searched)).toBeGreaterThanOrEqual(1);
  await expect(quotes(answer).first()).toHaveText(bareQuote);
});

test.describe("a workspace past the browser index's budget", () => {
  // The test cuts search_pages off: the browser logs each refused request.
  test.use({ allowConsoleErrors: [/net::ERR_FAILED @ \S+\/rest\/v1\/rpc\/search_pages$/] });

  test("only search_pages searches the documents, and a server that cannot answer is said, not nothing found", async ({ page }) => {
    await page.clock.install();
    await uploadMeritToSupabase(page);

    // Below the budget, with the server down, the browser's index answers from the pages read on this device.
    await page.route("**/rest/v1/rpc/search_pages", (route) => route.abort());
    await expect(quotes(await askAboutDocument(page, TITLE, GOVERNING_LAW)).first()).toContainText(collapse(merit.span("Governing Law")));

    // Another device's archive takes the workspace past the budget: a document of BROWSER_INDEX_MAX_PAGES pages, read.
    const { rows } = await db.query<{ case_id: string; case_title: string }>("select case_id, case_title from documents where owner_id = $1 and title = $2", [ADA.id, TITLE]);
    await db.query(
      `insert into documents (owner_id, id, title, file_name, kind, case_id, case_title, page_count, status, read_at, done_at)
       values ($1, 'archive-2019', 'Archive of 2019', 'archive-2019.pdf', 'pdf', $2, $3, $4, 'done', now(), now())`,
      [ADA.id, rows[0]!.case_id, rows[0]!.case_title, BROWSER_INDEX_MAX_PAGES],
    );
    await page.reload();
    await page.getByRole("link", { name: "Files" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    await expect(page.getByRole("main").getByText("Archive of 2019")).toBeVisible({ timeout: 15_000 });

    // The server down: the reply says the search could not be made, and quotes nothing from the browser's index.
    const failed = await askWithDocument(page, TITLE, GOVERNING_LAW);
    await expect(failed).toContainText(replyCopy.searchFailed, { timeout: 15_000 });
    await expect(quotes(failed)).toHaveCount(0);

    // The server back: search_pages finds the clause, and the worker ranks its passages as before.
    await page.unroute("**/rest/v1/rpc/search_pages");
    const searched = server.requests.length;
    const answer = await askAboutDocument(page, TITLE, GOVERNING_LAW);
    expect(searchPagesSince(searched)).toBeGreaterThanOrEqual(1);
    await expect(quotes(answer).first()).toContainText(collapse(merit.span("Governing Law")));
  });
});
