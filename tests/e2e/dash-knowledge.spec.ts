import { expect, onScreen, test } from "./fixtures/workspaceTest";
import { expectNoAxeViolations } from "./fixtures/axe";
import { TODAY_LABEL, card, expectChatWithChip, expectModalBehaviour } from "./fixtures/workspace";

test.use(onScreen("/dash/knowledge", "Knowledge Base"));
// Axe scans of the workspace with a dialog open take several seconds each on a shared machine.
test.describe.configure({ timeout: 60_000 });

test("cards show title, type, description, updated date and source; search covers title and description", async ({ page }) => {
  const law = card(page, "Contract Law, Cap. 149");
  await expect(law).toContainText("Law");
  await expect(law).toContainText("Formation, performance and breach of contracts");
  await expect(law).toContainText("Updated18 Sept 2024");
  await expect(law).toContainText("SourceCyprus Bar Association Library");
  const search = page.getByRole("searchbox", { name: "Search the knowledge base" });
  await search.fill("title deeds");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
  await expect(card(page, "Supreme Court of Cyprus: specific performance of property sales")).toBeVisible();
  await search.fill("zzz nothing");
  await expect(page.getByText("No resources found")).toBeVisible();
});

test("filter tabs are real tabs: arrow keys, Home and End move and filter", async ({ page }) => {
  const all = page.getByRole("tab", { name: "All" });
  await expect(page.getByRole("tablist", { name: "Resource type" })).toBeVisible();
  await expect(all).toHaveAttribute("aria-selected", "true");
  await all.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Internal" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "Internal" })).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel", { name: "Internal" });
  await expect(panel.getByRole("listitem")).toHaveCount(3);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tabpanel", { name: "Laws" }).getByRole("listitem")).toHaveCount(3);
  await page.keyboard.press("End");
  await expect(page.getByRole("tab", { name: "Judgments" })).toBeFocused();
  await expect(page.getByRole("tabpanel", { name: "Judgments" }).getByRole("listitem")).toHaveCount(2);
  await page.keyboard.press("ArrowRight");
  await expect(all).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Home");
  await expect(all).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Laws" })).toHaveAttribute("tabindex", "-1");
  await page.getByRole("tab", { name: "Judgments" }).click();
  await page.getByRole("searchbox", { name: "Search the knowledge base" }).fill("Cap. 149");
  await expect(page.getByText("No resources found")).toBeVisible();
});

test("Add KB Item: validation, the source rule, dated today, kept after a reload", async ({ page }) => {
  const opener = page.getByRole("button", { name: "Add KB Item" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Add Knowledge Base Item" });
  const add = dialog.getByRole("button", { name: "Add Item" });
  await expect(add).toBeDisabled();
  await dialog.getByLabel("Title").fill("Tenancy memo");
  await dialog.getByLabel("Description").fill("   ");
  await expect(add).toBeDisabled();
  await expect(dialog.getByLabel("Type")).toHaveValue("internal");
  await expect(dialog.getByLabel("Type").locator("option")).toHaveText(["Internal", "Law", "Judgment"]);
  await dialog.getByLabel("Description").fill("Rent Control Law notes for the Paphos office.");
  await add.click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  const memo = card(page, "Tenancy memo");
  await expect(memo).toContainText("Internal");
  await expect(memo).toContainText(`Updated${TODAY_LABEL}`);
  await expect(memo).toContainText("SourceInternal");

  await opener.click();
  await dialog.getByLabel("Title").fill("Rent Control Law 23/1983");
  await dialog.getByLabel("Type").selectOption("Law");
  await dialog.getByLabel("Description").fill("Statutory tenancies and rent increases.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, "Rent Control Law 23/1983")).toHaveCount(0);
  await opener.click();
  await expect(dialog.getByLabel("Title")).toHaveValue("");
  await dialog.getByLabel("Title").fill("Rent Control Law 23/1983");
  await dialog.getByLabel("Type").selectOption("Law");
  await dialog.getByLabel("Description").fill("Statutory tenancies and rent increases.");
  await add.click();
  await expect(card(page, "Rent Control Law 23/1983")).toContainText("SourceExternal");
  await page.getByRole("tab", { name: "Laws" }).click();
  await expect(page.getByRole("tabpanel").getByRole("listitem").first()).toHaveAccessibleName("Rent Control Law 23/1983");

  await page.clock.runFor(1000);
  await page.reload();
  await expect(card(page, "Tenancy memo")).toBeVisible();
});

test("Preview shows the item in a dialog that behaves as a modal; axe with each dialog open; Open in Chat lands in the chat with the item as a knowledge chip", async ({ page }) => {
  await expectNoAxeViolations(page, "knowledge: ");
  const preview = card(page, "Client intake and conflict check guide").getByRole("button", { name: "Preview" });
  await preview.click();
  const dialog = page.getByRole("dialog", { name: "Client intake and conflict check guide" });
  await expect(dialog).toContainText("identity checks, conflict search and the engagement letter");
  await expect(dialog).toContainText("1 Mar 2025");
  await expectNoAxeViolations(page, "knowledge preview: ");
  await expectModalBehaviour(page, preview, "Client intake and conflict check guide");

  const add = page.getByRole("button", { name: "Add KB Item" });
  await add.click();
  await expectNoAxeViolations(page, "add KB item: ");
  await expectModalBehaviour(page, add, "Add Knowledge Base Item");

  await test.step("Open in Chat lands in the chat with the item as a knowledge chip", async () => {
    await card(page, "Contract Law, Cap. 149").getByRole("button", { name: "Open in Chat" }).click();
    await expectChatWithChip(page, "Contract Law, Cap. 149");
  });
});
