import { expect, onScreen, test } from "./fixtures/workspaceTest";
import { expectNoAxeViolations } from "./fixtures/axe";
import { card, expectChatWithChip, expectModalBehaviour, pauseClock, reloadPaused } from "./fixtures/workspace";

test.use(onScreen("/dash/files", "Files"));
// Axe scans of the workspace with a dialog open take several seconds each on a shared machine.
test.describe.configure({ timeout: 60_000 });

const FAILED = "Civil Engineer's Defects Report";

test("cards show title, status, case, pages and upload date; search by title or case; status filter", async ({ page }) => {
  const sale = card(page, "Sale Agreement, Apartment 12, Kato Paphos");
  await expect(sale).toContainText("Indexed");
  await expect(sale).toContainText("Georgiou v. Paphos Coastal Developments Ltd");
  await expect(sale).toContainText("34");
  await expect(sale).toContainText("10 Mar 2025");
  await expect(page.getByRole("list", { name: "Documents" }).getByRole("listitem")).toHaveCount(6);
  const search = page.getByRole("searchbox", { name: "Search files by title or case" });
  await search.fill("kyprianou");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
  await expect(card(page, "Employment Contract and Termination Letter")).toContainText("Processing");
  await search.fill("");
  const status = page.getByLabel("Status");
  await expect(status.locator("option")).toHaveText(["All Status", "Indexed", "Processing", "Failed"]);
  await status.selectOption("Failed");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
  await expect(card(page, FAILED)).toBeVisible();
  await search.fill("Sale Agreement");
  await expect(page.getByText("No documents found")).toBeVisible();
});

test("Re-index appears on failed files only: Failed -> Processing -> Indexed after 3000 ms, kept after a reload", async ({ page }) => {
  await pauseClock(page);
  await expect(page.getByRole("button", { name: "Re-index" })).toHaveCount(1);
  const failed = card(page, FAILED);
  await expect(failed).toContainText("Failed");
  await failed.getByRole("button", { name: "Re-index" }).click();
  await expect(failed).toContainText("Processing");
  await expect(failed.getByRole("button", { name: "Re-index" })).toHaveCount(0);
  await page.clock.runFor(2999);
  await expect(failed).toContainText("Processing");
  await page.clock.runFor(1);
  await expect(failed).toContainText("Indexed");
  await reloadPaused(page, "Files");
  await expect(card(page, FAILED)).toContainText("Indexed");
});

test("Preview: a dialog with the placeholder, modal behaviour and no axe violation", async ({ page }) => {
  await expectNoAxeViolations(page, "files: ");
  const preview = card(page, "Statement of Claim").getByRole("button", { name: "Preview" });
  await preview.click();
  const dialog = page.getByRole("dialog", { name: "Statement of Claim" });
  await expect(dialog.getByText("Document preview would be displayed here")).toBeVisible();
  await expectNoAxeViolations(page, "files preview: ");
  await expectModalBehaviour(page, preview, "Statement of Claim");
});

test("Upload PDF goes to the uploads screen", async ({ page }) => {
  await page.getByRole("link", { name: "Upload PDF" }).click();
  await expect(page).toHaveURL(/\/dash\/uploads$/);
  await expect(page.getByRole("heading", { level: 1, name: "Uploads" })).toBeVisible();
});

test("Open in Chat lands in the chat with the file as a document chip", async ({ page }) => {
  await card(page, "Statement of Claim").getByRole("button", { name: "Open in Chat" }).click();
  await expectChatWithChip(page, "Statement of Claim");
});
