import type { PGlite } from "@electric-sql/pglite";
import type { Page } from "@playwright/test";
import { GOVERNING_LAW, MERIT_LIFE, askAboutDocument, collapse, cuadContract, quotes, uploadDocument } from "./fixtures/cuad";
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
  await signInToWorkspace(page, ADA, db);
  await page.goto("/dash/uploads");
  await uploadMerit(page);
  await expect.poll(() => rowCount(db, "document_pages", "owner_id = $1 and text like '%laws of the Arizona%'", [ADA.id]), { timeout: 15_000 }).toBe(1);
  const searched = server.requests.length;
  const answer = await askAboutDocument(page, TITLE, GOVERNING_LAW);
  expect(server.requests.slice(searched).filter((r) => r.path === "/rest/v1/rpc/search_pages").length).toBeGreaterThanOrEqual(1);
  await expect(quotes(answer).first()).toHaveText(bareQuote);
});
