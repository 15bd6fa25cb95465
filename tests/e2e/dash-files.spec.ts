import { expect, onScreen, test } from "./fixtures/workspaceTest";
import { expectNoAxeViolations } from "./fixtures/axe";
import { openDash, signInAs } from "./fixtures/dash";
import { card, expectChatWithChip, expectModalBehaviour, installClock, pauseClock, reloadPaused } from "./fixtures/workspace";

test.use(onScreen("/dash/files", "Files"));
// Axe scans of the workspace with a dialog open take several seconds each on a shared machine.
test.describe.configure({ timeout: 60_000 });

const AGREEMENT = "Construction Services Agreement, Kato Paphos Residences";
const SCAN = "Notice of Defects, Apartment 12 (scanned)";
const MEMO = "Internal Memo: Motion to Dismiss Template";
const GEORGIOU = "Georgiou v. Paphos Coastal Developments Ltd";
/** The samples' pages fetched and indexed on first use, on a shared two-core machine. */
const READ_SAMPLES = { timeout: 30_000 };

test("the samples are real documents read on first use: title, status, case, pages, date; search and status filter", async ({ page }) => {
  const documents = page.getByRole("list", { name: "Documents" }).getByRole("listitem");
  await expect(documents).toHaveCount(6);
  const agreement = card(page, AGREEMENT);
  await expect(agreement).toContainText("Indexed", READ_SAMPLES);
  await expect(agreement).toContainText(GEORGIOU);
  await expect(agreement).toContainText("Pages3");
  await expect(agreement).toContainText("10 Mar 2025");
  await expect(card(page, SCAN)).toContainText("Indexed", READ_SAMPLES);
  await expect(card(page, SCAN)).toContainText("Pages1");

  const search = page.getByRole("searchbox", { name: "Search files by title or case" });
  await search.fill("kyprianou");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
  await expect(card(page, MEMO)).toContainText("Indexed", READ_SAMPLES);
  await search.fill("");
  const status = page.getByLabel("Status");
  await expect(status.locator("option")).toHaveText(["All Status", "Indexed", "Processing", "Failed"]);
  await status.selectOption("Indexed");
  await expect(documents).toHaveCount(6, READ_SAMPLES);
  await status.selectOption("Failed");
  await expect(page.getByText("No documents found")).toBeVisible();
  await status.selectOption("All Status");
  // The search finds the text inside too: the lease by its title, and each document whose pages speak of a lease,
  // with its best page and the words marked.
  await search.fill("communal charges");
  const lease = card(page, "Lease of Flat 3, 18 Tombs of the Kings Road");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
  await expect(lease.getByRole("button", { name: /^Found on section \d/ })).toBeVisible();
  await expect(lease.locator("mark").first()).toHaveText(/communal/i);
  await lease.getByRole("button", { name: /^Found on section/ }).click();
  const viewer = page.getByRole("dialog", { name: "Lease of Flat 3, 18 Tombs of the Kings Road" });
  await expect(viewer.locator("mark")).toContainText(/communal charges/i);
  await page.keyboard.press("Escape");
  await search.fill("Lease");
  await expect(lease).toBeVisible();
});

test.describe("samples the site could not send", () => {
  // Chromium logs the refused fetch of the samples' pages; the page says what happened on each card.
  test.use({ workspaceScreen: null, allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED .*samples\/pages\.json|samples\/pages\.json.*ERR_INTERNET_DISCONNECTED/] });

  test("each fails with its reason; Re-index: Processing, then Indexed after 3000 ms, kept after a reload", async ({ page, context }) => {
    // The first visit happens while the samples' pages cannot be fetched (the connection dropped for that one file).
    await context.route("**/samples/pages.json", (route) => route.abort("internetdisconnected"));
    await signInAs(context);
    await installClock(page);
    await openDash(page, "/dash/files", "Files");
    const failed = card(page, AGREEMENT);
    await expect(failed).toContainText("Failed", READ_SAMPLES);
    await expect(failed).toContainText("This sample could not be loaded from the site. Check the connection and Re-index it.");
    await expect(failed).toContainText("PagesNone read");
    await expect(page.getByRole("button", { name: "Re-index" })).toHaveCount(6);

    await context.unroute("**/samples/pages.json");
    await pauseClock(page);
    await failed.getByRole("button", { name: "Re-index" }).click();
    await expect(failed).toContainText("Processing");
    await expect(failed.getByRole("button", { name: "Re-index" })).toHaveCount(0);
    await page.clock.runFor(2999);
    await expect(failed).toContainText("Processing");
    await page.clock.runFor(1);
    await expect(failed).toContainText("Indexed");
    await expect(failed).toContainText("Pages3");
    await expect(page.getByRole("button", { name: "Re-index" })).toHaveCount(5);
    await reloadPaused(page, "Files");
    await expect(card(page, AGREEMENT)).toContainText("Indexed");
  });
});

test("Preview opens the sample itself: its pages, a DOCX's sections, the scan's recognised text; modal and axe-clean", async ({ page }) => {
  await expect(card(page, SCAN)).toContainText("Indexed", READ_SAMPLES);
  await expectNoAxeViolations(page, "files: ");
  const preview = card(page, AGREEMENT).getByRole("button", { name: "Preview" });
  await preview.click();
  const dialog = page.getByRole("dialog", { name: AGREEMENT });
  await expect(dialog.getByText("Page 1 of 3")).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Page 1" })).toContainText("CONSTRUCTION SERVICES AGREEMENT");
  await dialog.getByRole("button", { name: "Next page" }).click();
  await expect(dialog.getByRole("region", { name: "Page 2" })).toContainText("The Defects Liability Period is 24 months");
  await expectNoAxeViolations(page, "files preview: ");
  await expectModalBehaviour(page, preview, AGREEMENT);

  await card(page, "Lease of Flat 3, 18 Tombs of the Kings Road").getByRole("button", { name: "Preview" }).click();
  const lease = page.getByRole("dialog", { name: "Lease of Flat 3, 18 Tombs of the Kings Road" });
  await expect(lease.getByText(/^Section 1 of \d+$/)).toBeVisible();
  await expect(lease.getByRole("region", { name: "Section 1" })).toContainText("Rent. EUR 950 a month");
  await page.keyboard.press("Escape");

  await card(page, SCAN).getByRole("button", { name: "Preview" }).click();
  const scan = page.getByRole("dialog", { name: SCAN });
  const recognised = scan.getByRole("region", { name: "Recognised text of page 1" });
  await expect(recognised).toContainText("Recognised by OCR");
  await expect(recognised).toContainText(/balcony/i);
  await expect(recognised).toContainText(/NOTICE OF DEFECTS/i);
});

test("Upload PDF goes to the uploads screen; Open in Chat lands in the chat with the file as a document chip", async ({ page }) => {
  await test.step("Upload PDF goes to the uploads screen", async () => {
    await page.getByRole("link", { name: "Upload PDF" }).click();
    await expect(page).toHaveURL(/\/dash\/uploads$/);
    await expect(page.getByRole("heading", { level: 1, name: "Uploads" })).toBeVisible();
  });
  await test.step("Open in Chat lands in the chat with the file as a document chip", async () => {
    await page.getByRole("link", { name: "Files", exact: true }).click();
    await card(page, MEMO).getByRole("button", { name: "Open in Chat" }).click();
    await expectChatWithChip(page, MEMO);
  });
});
