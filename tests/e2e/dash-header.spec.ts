import type { Locator, Page } from "@playwright/test";
import { confirmSignOut } from "./fixtures/signOut";
import { expect, test } from "./fixtures/test";
import { expectNoAxeViolations } from "./fixtures/axe";
import { ADA, openDash, signInAs } from "./fixtures/dash";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The demo notice's sentence after its bold 'Demo mode'. */
const DEMO_DETAILS = "accounts and sign-ins are kept in this browser only and nothing is sent to a server.";

const header = (page: Page): Locator => page.getByRole("banner");
const accountButton = (page: Page): Locator => header(page).getByRole("button", { name: "Account" });
const accountMenu = (page: Page): Locator => page.getByRole("menu", { name: `${ADA.fullName} ${ADA.email}` });
const demoBadge = (page: Page): Locator => header(page).getByRole("button", { name: "Demo mode" });

/** The header's rendered height in CSS pixels. */
async function headerHeight(page: Page): Promise<number> {
  const box = await header(page).boundingBox();
  if (!box) throw new Error("no header on the page");
  return box.height;
}

test.beforeEach(async ({ context }) => {
  await signInAs(context);
});

test.describe("on a phone (390 x 844)", () => {
  test.use({ viewport: PHONE });

  test.beforeEach(async ({ page }) => {
    await openDash(page, "/dash/chat", "Chat");
  });

  // One visit on a phone walks the header's controls, a step per behaviour (each was a test, and a page load, of its own).
  test("the header row, the account menu by click and by keyboard, and the 'Demo mode' badge", async ({ page }) => {
    await test.step("the header is one row of at most 64 px: drawer button, brand, a 'Demo mode' badge and the account menu button", async () => {
      expect(await headerHeight(page)).toBeLessThanOrEqual(64);
      const controls = [
        header(page).getByRole("button", { name: "Open navigation" }),
        header(page).getByRole("link", { name: "Paphos AI" }),
        demoBadge(page),
        accountButton(page),
      ];
      const middles: number[] = [];
      for (const control of controls) {
        await expect(control).toBeVisible();
        const box = await control.boundingBox();
        middles.push((box?.y ?? 0) + (box?.height ?? 0) / 2);
      }
      // One row: every control sits on the same horizontal line.
      expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(2);
      // The details and the account wait behind their buttons.
      await expect(page.getByText(DEMO_DETAILS)).toBeHidden();
      await expect(header(page).getByText(ADA.email)).toBeHidden();
      await expect(header(page).getByRole("button", { name: "Sign Out" })).toBeHidden();
    });
    await test.step("the account menu opens by click with the name and e-mail; Escape, Tab and a click outside close it", async () => {
      const button = accountButton(page);
      await expect(button).toHaveAttribute("aria-haspopup", "menu");
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await button.click();
      const menu = accountMenu(page);
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(menu.getByRole("menuitem")).toHaveText(["Keyboard shortcuts", "Sign Out"]);
      await expect(menu.getByRole("menuitem", { name: "Keyboard shortcuts" })).toBeFocused();
      await expect(page.getByText(ADA.fullName, { exact: true })).toBeVisible();
      await expect(page.getByText(ADA.email, { exact: true })).toBeVisible();
      // Below the header, inside the window.
      const box = await menu.boundingBox();
      expect(box?.y).toBeGreaterThanOrEqual(await headerHeight(page));
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      await expectNoAxeViolations(page, "account menu open ");

      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute("aria-expanded", "false");

      await button.click();
      await expect(menu).toBeVisible();
      await page.getByRole("heading", { level: 1, name: "Chat" }).click();
      await expect(menu).toBeHidden();

      await button.click();
      await expect(menu).toBeVisible();
      await button.click();
      await expect(menu).toBeHidden();
    });
    await test.step("the account menu opens from the keyboard: Enter, Space and Down Arrow focus its first item, Up Arrow Sign Out; Tab closes it", async () => {
      const button = accountButton(page);
      const shortcuts = accountMenu(page).getByRole("menuitem", { name: "Keyboard shortcuts" });
      const signOut = accountMenu(page).getByRole("menuitem", { name: "Sign Out" });
      for (const [key, focused, next] of [
        ["Enter", shortcuts, signOut],
        [" ", shortcuts, signOut],
        ["ArrowDown", shortcuts, signOut],
        ["ArrowUp", signOut, shortcuts],
      ] as const) {
        await button.focus();
        await page.keyboard.press(key);
        await expect(focused, key).toBeFocused();
        await page.keyboard.press("ArrowDown");
        await expect(next, `${key}, then ArrowDown moves on, wrapping after the last item`).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(button).toBeFocused();
      }
      await page.keyboard.press("Enter");
      await expect(shortcuts).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(accountMenu(page)).toBeHidden();
    });
    await test.step("the 'Demo mode' badge opens its details on demand, by click and by keyboard, without growing the header", async () => {
      const badge = demoBadge(page);
      const details = header(page).getByRole("note");
      await expect(badge).toHaveAttribute("aria-expanded", "false");
      await expect(details).toBeHidden();

      await badge.click();
      await expect(badge).toHaveAttribute("aria-expanded", "true");
      await expect(details).toBeVisible();
      await expect(details).toHaveText(`Demo mode: ${DEMO_DETAILS}`);
      await expect(badge).toHaveAttribute("aria-controls", (await details.getAttribute("id")) ?? "no id");
      expect(await headerHeight(page)).toBeLessThanOrEqual(64);
      await expectNoAxeViolations(page, "demo details open ");

      await page.keyboard.press("Escape");
      await expect(details).toBeHidden();
      await expect(badge).toBeFocused();
      await expect(badge).toHaveAttribute("aria-expanded", "false");

      await page.keyboard.press("Enter");
      await expect(details).toBeVisible();
      await page.keyboard.press(" ");
      await expect(details).toBeHidden();
      await page.keyboard.press("Enter");
      await expect(details).toBeVisible();
      // A tap anywhere else closes the details.
      await page.getByRole("main").click({ position: { x: 20, y: 400 } });
      await expect(details).toBeHidden();
    });
  });

  test("Sign Out from the account menu ends the session and goes home", async ({ page }) => {
    await accountButton(page).focus();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await confirmSignOut(page);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dash/settings");
    await expect(page).toHaveURL(/\/login\?next=%2Fdash%2Fsettings$/);
  });
});

test.describe("from lg up (1280 px)", () => {
  test.use({ viewport: DESKTOP });

  test("the header is as before: the full demo notice, name, e-mail and Sign Out in the header, no account menu", async ({ page }) => {
    await openDash(page, "/dash/chat", "Chat");
    const banner = header(page);
    expect(await headerHeight(page)).toBeLessThanOrEqual(72);
    await expect(banner.getByRole("note")).toHaveText(`Demo mode: ${DEMO_DETAILS}`);
    await expect(banner.getByText(ADA.fullName, { exact: true })).toBeVisible();
    await expect(banner.getByText(ADA.email, { exact: true })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Account" })).toHaveCount(0);
    await expect(banner.getByRole("button", { name: "Demo mode" })).toHaveCount(0);
    await expect(banner.getByRole("button", { name: "Open navigation" })).toBeHidden();
  });
});
