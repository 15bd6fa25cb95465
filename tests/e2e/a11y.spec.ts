import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures/test";
import { scannedPages } from "./fixtures/pages";

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

for (const { path, ready, allowConsoleErrors = [] } of scannedPages) {
  test.describe(path, () => {
    test.use({ allowConsoleErrors });
    test(`${path} has no WCAG 2.2 A/AA violation`, async ({ page }) => {
      await page.goto(path);
      if (ready) await expect(page.getByRole(ready.role, { name: ready.name }).first()).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
      expect(summary).toEqual([]);
    });
  });
}

test("the open menu has no WCAG 2.2 A/AA violation", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Site menu" })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
