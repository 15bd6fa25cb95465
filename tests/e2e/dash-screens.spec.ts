import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { expectNoAxeViolations } from "./fixtures/axe";
import { recordViolations } from "./fixtures/csp";
import { ADA, openDash, signInAs } from "./fixtures/dash";
import { dashPages, dashScreens } from "./fixtures/pages";

// One visit of each workspace screen (bare build, Ada signed in through the demo backend) checks all that a plain
// visit can: direct URL and reload, title, landmarks, #anchors, CSP, the console, axe. The screens are walked in two
// tabs, each screen a step.
test.describe.configure({ mode: "parallel", timeout: 60_000 });

/**
 * Screens whose opening state (Ada signed in, nothing opened) another spec already scans with axe, and where; a second
 * scan of the same DOM here would only cost time. /dash/chat draws the same screen as /dash, which is scanned here.
 */
const SCANNED_ELSEWHERE: Record<string, string> = {
  "/dash/chat": "/dash (the same screen), here",
  "/dash/knowledge": "dash-knowledge.spec.ts 'knowledge: '",
  "/dash/files": "dash-files.spec.ts 'files: '",
  "/dash/cases": "dash-cases.spec.ts 'cases: '",
  "/dash/uploads": "dash-uploads.spec.ts 'uploads: '",
  "/dash/settings": "dash-settings.spec.ts 'settings: '",
};

/** The fragments of in-page links that name no element: the workspace draws its links in the browser. */
const missingAnchors = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')].map((a) => a.hash.slice(1)).filter((id) => id && !document.getElementById(decodeURIComponent(id))),
  );

test("the walk below covers every /dash route of the workspace", () => {
  expect(dashScreens.map(([path]) => path)).toEqual(dashPages);
});

/** The screens in two walks of one signed-in tab each (a warm cache after the first screen), for two workers. */
const half = Math.ceil(dashScreens.length / 2);
const walks = [dashScreens.slice(0, half), dashScreens.slice(half)];

for (const walk of walks) {
  test(`${walk.map(([path]) => path).join(", ")}: each opens by direct URL and by reload as its screen, with its title, one banner, sidebar and main, live #anchors, no CSP violation and no WCAG 2.2 A/AA violation where not scanned elsewhere`, async ({ page, context }) => {
    const violations = await recordViolations(page);
    await signInAs(context, ADA);
    for (const [path, heading] of walk) {
      await test.step(`${path} opens by direct URL and by reload as ${heading}, with its title, one banner, sidebar and main, live #anchors and no CSP violation${SCANNED_ELSEWHERE[path] ? "" : " or WCAG 2.2 A/AA violation"}`, async () => {
        await openDash(page, path, heading);
        await expect(page, `${path} title`).toHaveTitle(`${heading} | Paphos AI`);
        await expect(page.getByText(ADA.email).first(), `${path} signed in`).toBeVisible();
        await expect(page.getByRole("banner"), `${path} banner`).toHaveCount(1);
        await expect(page.getByRole("main"), `${path} main`).toHaveCount(1);
        await expect(page.getByRole("complementary", { name: "Workspace" }), `${path} sidebar`).toHaveCount(1);
        await expect(page.getByRole("main").getByRole("banner"), `${path} no banner inside main`).toHaveCount(0);
        expect(await missingAnchors(page), `${path} #anchors`).toEqual([]);
        if (!SCANNED_ELSEWHERE[path]) await expectNoAxeViolations(page, `${path} axe: `);
        expect(await violations(), `${path} CSP violations`).toEqual([]);

        await page.reload();
        await expect(page.getByRole("heading", { level: 1, name: heading }), `${path} after reload`).toBeVisible({ timeout: 15_000 });
        await expect(page, `${path} after reload`).toHaveURL(new RegExp(`${path}$`));
        await expect(page, `${path} title after reload`).toHaveTitle(`${heading} | Paphos AI`);
        expect(await violations(), `${path} CSP violations after reload`).toEqual([]);
      });
    }
  });
}
