import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { hydrated } from "./fixtures/islands";

// The counters are motion: this file sees them as a visitor who has not asked for less of it (the config asks for less).
test.use({ reducedMotion: "no-preference" });

const START = new Date("2025-03-03T09:00:00Z");

// What search engines, no-JS readers and assistive technology get: the final values.
const EMAIL_STATS = `
- list "Email automation results":
  - listitem:
    - paragraph: 70%
    - paragraph: More Sales
  - listitem:
    - paragraph: 8+
    - paragraph: Hours Saved
  - listitem:
    - paragraph: 91%
    - paragraph: Open Rate
`;
const WHY_IT_MATTERS = `
- list "Why It Matters":
  - listitem:
    - paragraph: 90%
    - paragraph: Faster
  - listitem:
    - paragraph: 100%
    - paragraph: Accuracy
  - listitem:
    - paragraph: 100%
    - paragraph: Consistent
  - listitem:
    - paragraph: "0"
    - paragraph: Manual Input
`;

/** The counting number of the stat card with `label` in the list named `list`. */
function counter(page: Page, list: string, label: string) {
  return page.getByRole("list", { name: list }).getByRole("listitem").filter({ hasText: label }).getByTestId("stat-count");
}

async function pauseClock(page: Page) {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(new Date(START.getTime() + 60_000));
}

test.describe("stat counters", () => {
  test("email page: 70%, 8+ and 91% count up from 0 in 60 steps over 2000 ms", async ({ page }) => {
    await pauseClock(page);
    await page.goto("/services/email-automation");
    const sales = counter(page, "Email automation results", "More Sales");
    const hours = counter(page, "Email automation results", "Hours Saved");
    const open = counter(page, "Email automation results", "Open Rate");
    await sales.scrollIntoViewIfNeeded();
    await expect(sales).toHaveText("0%");
    await expect(hours).toHaveText("0+");
    await expect(open).toHaveText("0%");
    await page.clock.runFor(33);
    await expect(sales).toHaveText("1%");
    await page.clock.runFor(967);
    await expect(sales).toHaveText("35%");
    await expect(hours).toHaveText("4+");
    await expect(open).toHaveText("46%");
    await page.clock.runFor(999);
    await expect(sales).toHaveText("69%");
    await page.clock.runFor(1);
    await expect(sales).toHaveText("70%");
    await expect(hours).toHaveText("8+");
    await expect(open).toHaveText("91%");
  });

  test("document page: 90% and 100% count once, when they scroll into view; the static claims never move", async ({ page }) => {
    await pauseClock(page);
    await page.goto("/services/document-parsing");
    const faster = counter(page, "Why It Matters", "Faster");
    const accuracy = counter(page, "Why It Matters", "Accuracy");
    const cards = page.getByRole("list", { name: "Why It Matters" }).getByRole("listitem");
    await expect(page.getByRole("list", { name: "Why It Matters" })).toMatchAriaSnapshot(WHY_IT_MATTERS);

    await faster.scrollIntoViewIfNeeded();
    await expect(faster).toHaveText("0%");
    await expect(accuracy).toHaveText("0%");
    await page.clock.runFor(1000);
    await expect(faster).toHaveText("45%");
    await expect(accuracy).toHaveText("50%");
    await page.clock.runFor(1000);
    await expect(faster).toHaveText("90%");
    await expect(accuracy).toHaveText("100%");

    // Once only: scrolling away and back does not start again.
    await page.getByRole("heading", { level: 1 }).scrollIntoViewIfNeeded();
    await faster.scrollIntoViewIfNeeded();
    await page.clock.runFor(100);
    await expect(faster).toHaveText("90%");
    await expect(cards.filter({ hasText: "Consistent" })).toContainText("100%");
    await expect(cards.filter({ hasText: "Manual Input" })).toContainText("0");
  });

  test("assistive technology reads the final value, never the moving one", async ({ page }) => {
    await pauseClock(page);
    await page.goto("/services/email-automation");
    const list = page.getByRole("list", { name: "Email automation results" });
    await counter(page, "Email automation results", "More Sales").scrollIntoViewIfNeeded();
    await expect(counter(page, "Email automation results", "More Sales")).toHaveText("0%");
    await expect(list).toMatchAriaSnapshot(EMAIL_STATS);
  });

  test.describe("with prefers-reduced-motion", () => {
    test.use({ reducedMotion: "reduce" });
    test("the final values show at once", async ({ page }) => {
      await pauseClock(page);
      await page.goto("/services/email-automation");
      const sales = counter(page, "Email automation results", "More Sales");
      await sales.scrollIntoViewIfNeeded();
      await hydrated(sales);
      await page.clock.runFor(100);
      await expect(sales).toHaveText("70%");
      await expect(counter(page, "Email automation results", "Open Rate")).toHaveText("91%");
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the final numbers are in the static HTML", async ({ page }) => {
      await page.goto("/services/email-automation");
      await expect(page.getByRole("list", { name: "Email automation results" })).toMatchAriaSnapshot(EMAIL_STATS);
      await expect(page.getByTestId("stat-count")).toHaveText(["70%", "8+", "91%"]);
      await page.goto("/services/document-parsing");
      await expect(page.getByRole("list", { name: "Why It Matters" })).toMatchAriaSnapshot(WHY_IT_MATTERS);
      await expect(page.getByTestId("stat-count")).toHaveText(["90%", "100%"]);
    });
  });
});
