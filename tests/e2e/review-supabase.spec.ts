import type { Locator, Page } from "@playwright/test";
import { sidebar } from "./fixtures/chat";
import { MERIT_LIFE, cuadContract, uploadDocument } from "./fixtures/cuad";
import { captureSentryReports } from "./fixtures/sentry";
import { FULL } from "./fixtures/sites";
import type { FakeAccount } from "./fixtures/supabase";
import { otherDevice, rowCount, signInToWorkspace, useSupabaseWorkspace } from "./fixtures/supabaseWorkspace";
import { READ, workspaceContext } from "./fixtures/workspace";
import { expect, test } from "./fixtures/test";

// Review (issue 30, item 6) kept in the firm's Supabase: the full build against the fake Supabase, whose data API runs
// every request on PGlite with the project's migrations as the signed-in user. A review made on one device is a
// reviews row and its cells review_cells rows; a second device of the same user opens it as it was left, and another
// user's Review screen lists nothing. The contract is a real CUAD contract (CC BY 4.0, The Atticus Project).
test.use({ baseURL: FULL, ...workspaceContext });
// Uploading and reading the contract, then three browsers, on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

const ADA: FakeAccount = { id: "3c9e1f2a-7b4d-4a6e-8f1c-2d3e4f5a6b7c", email: "ada@example.com", password: "analytical", fullName: "Ada Lovelace" };
const BOB: FakeAccount = { id: "8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d", email: "bob@example.com", password: "reggae-1945", fullName: "Bob Marley" };
const KYPRIANOU = "Kyprianou v. Limassol Marine Services";
const TITLE = "MeritLife master services agreement";
const REVIEW = "Services agreements";
/** The presets asked, as their column headers, with their groups in the New Review dialog. */
const PRESETS = [
  { label: "Governing law", group: "Governing law and disputes" },
  { label: "Term", group: "Term, renewal and termination" },
];
const NOTE = "Checked against the signed copy.";

const database = useSupabaseWorkspace([ADA, BOB]);
/** The errors the workspace reported to Sentry, from any of the test's browsers: none is expected. */
const reports: string[] = [];

const reviewGrid = (page: Page): Locator => page.getByRole("grid", { name: `${REVIEW}: documents by questions` });
const firstCell = (grid: Locator): Locator =>
  grid.getByRole("row").filter({ has: grid.page().getByRole("rowheader", { name: TITLE }) }).getByRole("gridcell").first();
const cellDetail = (page: Page): Locator => page.getByRole("dialog", { name: `${PRESETS[0]!.label}: ${TITLE}` });

/** From the Review screen: a new review of the contract against the presets, every cell answered. */
async function startReview(page: Page): Promise<void> {
  await sidebar(page).getByRole("link", { name: "Review" }).click();
  await page.getByRole("button", { name: "New Review" }).click();
  const dialog = page.getByRole("dialog", { name: "New Review" });
  await dialog.getByRole("textbox", { name: "Review title" }).fill(REVIEW);
  await dialog.getByRole("checkbox", { name: new RegExp(`^${TITLE}`) }).check();
  for (const { label, group } of PRESETS) {
    const details = dialog.locator("details").filter({ has: page.getByText(group, { exact: true }) });
    if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await details.getByText(group, { exact: true }).click();
    await details.getByRole("checkbox", { name: label, exact: true }).check();
  }
  await dialog.getByRole("button", { name: "Start Review" }).click();
  await expect(page.getByText(`${String(PRESETS.length)} of ${String(PRESETS.length)} cells`)).toBeVisible(READ);
}

test("a review made on one device opens on a second device with the same cells and its Verified mark; another user sees none of it", async ({ page, browser }) => {
  reports.length = 0;
  await captureSentryReports(page.context(), reports);
  const db = database();
  const merit = cuadContract(MERIT_LIFE);
  await signInToWorkspace(page, ADA, db);
  await page.goto("/dash/uploads");
  await uploadDocument(page, { name: `${TITLE}.txt`, mimeType: "text/plain", buffer: Buffer.from(merit.text) }, KYPRIANOU, TITLE);
  await startReview(page);

  // The lawyer's check on the first device: Verified, with a note.
  const grid = reviewGrid(page);
  await firstCell(grid).getByRole("button", { name: /^Found/ }).click();
  await cellDetail(page).getByRole("button", { name: "Verified" }).click();
  await cellDetail(page).getByLabel("Note").fill(NOTE);
  await page.keyboard.press("Escape");
  await expect(firstCell(grid)).toContainText("Verified");
  const answered = await grid.getByRole("gridcell").allTextContents();
  // In the project: the review's row and its cells, the mark and the note with them.
  await expect.poll(() => rowCount(db, "reviews", "owner_id = $1 and title = $2", [ADA.id, REVIEW]), READ).toBe(1);
  await expect.poll(() => rowCount(db, "review_cells", "owner_id = $1", [ADA.id]), READ).toBe(PRESETS.length);
  await expect.poll(() => rowCount(db, "review_cells", "owner_id = $1 and mark ->> 'state' = 'verified' and note = $2", [ADA.id, NOTE]), READ).toBe(1);

  // A second device of the same user opens the same review: the same cells, the mark with who and when, the note.
  const problems: string[] = [];
  const second = await otherDevice(browser, ADA, db, problems, reports);
  await second.goto("/dash/review");
  await second.getByRole("button", { name: `Open ${REVIEW}` }).click();
  const there = reviewGrid(second);
  await expect(there.getByRole("gridcell")).toHaveText(answered);
  await expect(there.getByRole("columnheader", { name: new RegExp(`^${PRESETS[0]!.label}`) })).toContainText("1 of 1 verified");
  await firstCell(there).getByRole("button", { name: /^Found/ }).click();
  await expect(cellDetail(second).getByText(/^Verified by Ada Lovelace on /)).toBeVisible();
  await expect(cellDetail(second).getByLabel("Note")).toHaveValue(NOTE);
  await second.context().close();

  // Another user: nothing of it, on the screen or in the project.
  const bob = await otherDevice(browser, BOB, db, problems, reports);
  await bob.goto("/dash/review");
  await expect(bob.getByRole("heading", { level: 1, name: "Review" })).toBeVisible();
  await expect(bob.getByText("No reviews yet")).toBeVisible();
  await expect(bob.getByRole("list", { name: "Saved reviews" })).toHaveCount(0);
  expect(await rowCount(db, "reviews", "owner_id = $1", [BOB.id])).toBe(0);
  expect(await rowCount(db, "review_cells", "owner_id = $1", [BOB.id])).toBe(0);
  await bob.context().close();
  expect(problems).toEqual([]);
  expect(reports, "errors the workspace reported to Sentry").toEqual([]);
});

test.describe("a contract read a moment ago, its pages not yet on the server", () => {
  // The test refuses every write: the browser logs each refused request.
  test.use({ allowConsoleErrors: [/status of 503/] });

  test("is reviewed from this browser's copy of its pages, never Not found for being new; the pages reach the project once it takes writes", async ({ page }) => {
    reports.length = 0;
    await captureSentryReports(page.context(), reports);
    const db = database();
    await signInToWorkspace(page, ADA, db);
    // The project reads (search_pages answers) but takes no write: the contract's pages wait in the outbox.
    await page.route("**/rest/v1/rpc/apply_changes", (route) => route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Service Unavailable"}' }));
    await page.goto("/dash/uploads");
    await uploadDocument(page, { name: `${TITLE}.txt`, mimeType: "text/plain", buffer: Buffer.from(cuadContract(MERIT_LIFE).text) }, KYPRIANOU, TITLE);
    await startReview(page);
    expect(await rowCount(db, "document_pages", "true")).toBe(0);
    const grid = reviewGrid(page);
    const cells = grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name: TITLE }) }).getByRole("gridcell");
    await expect(cells).toHaveCount(PRESETS.length);
    for (const cell of await cells.all()) await expect(cell.getByRole("button", { name: /^Found/ })).toBeVisible();
    await firstCell(grid).getByRole("button", { name: /^Found/ }).click();
    await expect(cellDetail(page)).toContainText(/governed by/i);
    await page.keyboard.press("Escape");

    // Writes taken again (the browser back online): the pages arrive, and the same review is answered the same.
    await page.unroute("**/rest/v1/rpc/apply_changes");
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect.poll(() => rowCount(db, "document_pages", "true"), READ).toBeGreaterThan(0);
    expect(reports, "errors the workspace reported to Sentry").toEqual([]);
  });
});
