import { expect, test } from "./fixtures/test";
import { pageWalks, walkTitle } from "./fixtures/pages";
import { expectNoAxeViolations } from "./fixtures/axe";
import { recordViolations } from "./fixtures/csp";
import { hydrated } from "./fixtures/islands";
import { site } from "../../src/site.config";

// One visit of each public page (bare build) checks all that a plain visit can: axe, CSP, the console, the menu. The
// pages are walked in one tab per walk (fixtures/pages.ts), each page a step.
test.describe.configure({ mode: "parallel", timeout: 60_000 });

/** The pages the site menu links to: there the open menu marks the page it is on, elsewhere none. */
const menuPaths = new Set<string>(site.nav.map((item) => item.href));

for (const walk of pageWalks) {
  test.describe(() => {
    test.use({ allowConsoleErrors: walk.flatMap((p) => p.allowConsoleErrors ?? []) });
    test(walkTitle(walk, "each hydrates with no WCAG 2.2 A/AA violation, CSP violation, console error or uncaught exception, its menu open too"), async ({ page }) => {
      const violations = await recordViolations(page);
      for (const { path, ready } of walk) {
        await test.step(`${path} hydrates with no WCAG 2.2 A/AA violation, CSP violation, console error or uncaught exception, its menu open too`, async () => {
          await page.goto(path);
          await hydrated(page);
          if (ready) await expect(page.getByRole(ready.role, { name: ready.name }).first(), `${path} ready`).toBeVisible();
          await expectNoAxeViolations(page, `${path} axe: `);
          // Open the menu too: its panel and backdrop are styled only by the stylesheets.
          await page.getByRole("button", { name: "Open menu" }).click();
          const menu = page.getByRole("dialog", { name: "Site menu" });
          await expect(menu, `${path} menu`).toBeVisible();
          const current = menu.locator('[aria-current="page"]');
          await expect(current, `${path} menu's current page`).toHaveCount(menuPaths.has(path) ? 1 : 0);
          if (menuPaths.has(path)) await expect(current, `${path} menu marks this page current`).toHaveAttribute("href", path);
          // The open menu is the same on every page: one scan of it is enough.
          if (path === "/") await expectNoAxeViolations(page, `${path} menu open, axe: `);
          expect(await violations(), `${path} CSP violations`).toEqual([]);
        });
      }
    });
  });
}
