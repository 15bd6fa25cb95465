import { expect, test } from "./fixtures/test";
import { scannedPages } from "./fixtures/pages";
import { expectNoAxeViolations } from "./fixtures/axe";

// An axe scan of a long page can take a while on a loaded two-core machine.
test.describe.configure({ timeout: 60_000 });

for (const { path, ready, allowConsoleErrors = [] } of scannedPages) {
  test.describe(path, () => {
    test.use({ allowConsoleErrors });
    test(`${path} has no WCAG 2.2 A/AA violation`, async ({ page }) => {
      await page.goto(path);
      if (ready) await expect(page.getByRole(ready.role, { name: ready.name }).first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test("the open menu has no WCAG 2.2 A/AA violation", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Site menu" })).toBeVisible();
  await expectNoAxeViolations(page);
});
