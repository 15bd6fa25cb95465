import { expect, onScreen, test } from "./fixtures/workspaceTest";
import { expectNoAxeViolations } from "./fixtures/axe";
import { TODAY_LABEL, card, expectChatWithChip, expectModalBehaviour } from "./fixtures/workspace";

test.use(onScreen("/dash/cases", "Cases"));
// Axe scans of the workspace with a dialog open take several seconds each on a shared machine.
test.describe.configure({ timeout: 60_000 });

const GEORGIOU = "Georgiou v. Paphos Coastal Developments Ltd";

test("cards show title, status, docket, jurisdiction, updated, members and documents; search and filter", async ({ page }) => {
  const georgiou = card(page, GEORGIOU);
  for (const text of ["Active", "CV-2024-001187", "District Court of Paphos", "12 Mar 2025", "Members4", "Documents3"]) {
    await expect(georgiou).toContainText(text);
  }
  const search = page.getByRole("searchbox", { name: "Search cases by title or docket" });
  await search.fill("CR-2023");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
  await expect(card(page, "Republic v. Charalambous")).toContainText("Closed");
  await search.fill("");
  await page.getByRole("tab", { name: "Pending" }).click();
  await expect(page.getByRole("tabpanel", { name: "Pending" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("tab", { name: "Pending" }).press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Closed" })).toHaveAttribute("aria-selected", "true");
  await search.fill("Georgiou");
  await expect(page.getByText("No cases found")).toBeVisible();
});

test("New Case: Create Case waits for title and docket; with and without jurisdiction; then delete with confirmation", async ({ page }) => {
  const opener = page.getByRole("button", { name: "New Case" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "New Case" });
  const create = dialog.getByRole("button", { name: "Create Case" });
  await expect(dialog.getByLabel("Docket Number")).toHaveAttribute("placeholder", "CV-2024-000000");
  await expect(create).toBeDisabled();
  await dialog.getByLabel("Case Title").fill("Ioannou v. Ioannou");
  await expect(create).toBeDisabled();
  await dialog.getByLabel("Docket Number").fill("CV-2025-000777");
  await create.click();
  await expect(dialog).toBeHidden();
  const first = card(page, "Ioannou v. Ioannou");
  for (const text of ["Active", "CV-2025-000777", "Not specified", TODAY_LABEL, "Members1", "Documents0"]) {
    await expect(first).toContainText(text);
  }

  await opener.click();
  await dialog.getByLabel("Case Title").fill("Petrou Shipping v. Larnaca Port Authority");
  await dialog.getByLabel("Docket Number").fill("CV-2025-000778");
  await dialog.getByLabel("Jurisdiction").fill("Admiralty jurisdiction, Supreme Court of Cyprus");
  await create.click();
  await expect(card(page, "Petrou Shipping v. Larnaca Port Authority")).toContainText("Admiralty jurisdiction, Supreme Court of Cyprus");
  await expect(page.getByRole("main").getByRole("listitem").first()).toHaveAccessibleName("Petrou Shipping v. Larnaca Port Authority");

  const remove = first.getByRole("button", { name: "Delete Ioannou v. Ioannou" });
  await remove.click();
  const confirm = page.getByRole("dialog", { name: "Delete this case?" });
  await expect(confirm).toContainText('"Ioannou v. Ioannou" will be removed');
  await expectNoAxeViolations(page, "delete case: ");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(first).toBeVisible();
  await remove.click();
  await confirm.getByRole("button", { name: "Delete Case" }).click();
  await expect(card(page, "Ioannou v. Ioannou")).toHaveCount(0);
  await page.clock.runFor(1000);
  await page.reload();
  await expect(card(page, "Petrou Shipping v. Larnaca Port Authority")).toBeVisible();
  await expect(card(page, "Ioannou v. Ioannou")).toHaveCount(0);
});

test("View shows the case's details with its documents from Files; dialogs are modal and pass axe", async ({ page }) => {
  await expectNoAxeViolations(page, "cases: ");
  const view = card(page, GEORGIOU).getByRole("button", { name: "View" });
  await view.click();
  const dialog = page.getByRole("dialog", { name: GEORGIOU });
  await expect(dialog.getByRole("listitem")).toHaveCount(3);
  await expect(dialog).toContainText("Construction Services Agreement, Kato Paphos Residences");
  await expect(dialog).toContainText("Notice of Defects, Apartment 12 (scanned)");
  await expectNoAxeViolations(page, "case view: ");
  await expectModalBehaviour(page, view, GEORGIOU);

  const opener = page.getByRole("button", { name: "New Case" });
  await opener.click();
  await expectNoAxeViolations(page, "new case: ");
  await expectModalBehaviour(page, opener, "New Case");
});

test("Upload Doc goes to uploads with this case already selected; Open in Chat lands in the chat with the case as a case chip", async ({ page }) => {
  await test.step("Upload Doc goes to uploads with this case already selected", async () => {
    await card(page, "Republic v. Charalambous").getByRole("link", { name: "Upload Doc" }).click();
    await expect(page).toHaveURL(/\/dash\/uploads\?case=case-republic-v-charalambous$/);
    await page.getByLabel("Choose File").setInputFiles({ name: "appeal.txt", mimeType: "text/plain", buffer: Buffer.from("Notice of appeal") });
    await expect(page.getByLabel("Target Case")).toHaveValue("case-republic-v-charalambous");
    await expect(page.getByRole("button", { name: "Upload Document" })).toBeEnabled();
  });
  await test.step("Open in Chat lands in the chat with the case as a case chip", async () => {
    await page.getByRole("link", { name: "Cases", exact: true }).click();
    await card(page, GEORGIOU).getByRole("button", { name: "Open in Chat" }).click();
    await expectChatWithChip(page, GEORGIOU);
  });
});
