import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { holdIsland, hydrated, islandOf } from "./fixtures/islands";

// The panel slides: this file sees it as a visitor who has not asked for less motion (the config asks for less).
test.use({ reducedMotion: "no-preference" });

const ENTRIES = [
  "Home",
  "AI Workflows",
  "System Integrations",
  "Email Automation",
  "Document Parsing",
  "AI Chatbots",
  "AI Voice Callers",
  "Contact",
  "Book Call",
];

const toggle = (page: Page) => page.getByRole("button", { name: /menu/i }).first();
const dialog = (page: Page) => page.getByRole("dialog", { name: "Site menu" });
const item = (page: Page, name: string) => dialog(page).getByRole("navigation").getByRole("link", { name, exact: true });

/** The expanded state Chromium's accessibility tree gives the button named `name` (what a screen reader hears). */
async function expandedState(page: Page, name: string): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodes } = await cdp.send("Accessibility.queryAXTree", { nodeId: root.nodeId, accessibleName: name, role: "button" });
  await cdp.detach();
  return nodes[0]?.properties?.find((property) => property.name === "expanded")?.value.value;
}

/** Presses each key in turn, expecting focus on the named menu entry after it. */
async function expectKeysMoveFocus(page: Page, steps: readonly (readonly [key: string, entry: string])[]) {
  for (const [key, entry] of steps) {
    await page.keyboard.press(key);
    await expect(item(page, entry)).toBeFocused();
  }
}

/** Opens the menu once its keyboard model is live (it hydrates on idle) and lets the 150 ms focus delay pass. */
async function openMenu(page: Page) {
  await hydrated(page, "SlideMenu");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(item(page, "Home")).toBeFocused();
}

test.describe("with the menu's JavaScript blocked", () => {
  // The island's file, and Astro's second try at it a second later (?astro-retry=...).
  const MENU_SCRIPT = /\/_astro\/SlideMenu\.[^/?]+\.js(?:\?.*)?$/;

  test.use({ allowConsoleErrors: [/ERR_FAILED|hydrat|dynamically imported module|SlideMenu/] });
  // One visit, a step per behaviour (each was a test, and a page load, of its own).
  test("the menu already opens, closes on Escape and on a press outside (native popover), and the button's expanded state follows the popover", async ({ page }) => {
    // The island's code never arrives: what works is the static HTML alone.
    let blocked = 0;
    await page.route(MENU_SCRIPT, (route) => {
      blocked += 1;
      return route.abort();
    });
    await page.goto("/");
    const button = page.getByRole("button", { name: "Open menu" });
    await test.step("the button's expanded state follows the native popover, never a static aria-expanded=false", async () => {
      // No aria-expanded in the static HTML: Chromium exposes a popovertarget button's state itself.
      await expect(button).not.toHaveAttribute("aria-expanded");
      expect(await expandedState(page, "Open menu")).toBe(false);
      await button.click();
      await expect(dialog(page)).toBeVisible();
      await expect(button).not.toHaveAttribute("aria-expanded");
      expect(await expandedState(page, "Open menu")).toBe(true);
      await page.keyboard.press("Escape");
      await expect(dialog(page)).toBeHidden();
      expect(await expandedState(page, "Open menu")).toBe(false);
    });
    await test.step("the menu already opens, closes on Escape and on a press outside (native popover)", async () => {
      await button.click();
      await expect(dialog(page)).toBeVisible();
      await expect(item(page, "Contact")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog(page)).toBeHidden();
      await button.click();
      await expect(dialog(page)).toBeVisible();
      const viewport = page.viewportSize()!;
      await page.mouse.click(viewport.width - 40, viewport.height / 2);
      await expect(dialog(page)).toBeHidden();
      await button.click();
      await dialog(page).getByRole("button", { name: "Close menu" }).click();
      await expect(dialog(page)).toBeHidden();
    });
    expect(blocked).toBeGreaterThan(0);
  });
});

// Real timers: the island's JavaScript is held back until the press has happened, as on a slow connection.
test("a press on the menu button before the island is live: once live, the menu is expanded, Home is focused and the keys work", async ({ page }) => {
  const island = await holdIsland(page, "SlideMenu");
  await page.goto("/");
  const button = page.getByRole("button", { name: "Open menu" });
  await button.click();
  await expect(dialog(page)).toBeVisible();
  await expect(islandOf(button)).toHaveAttribute("ssr");
  island.release();
  await hydrated(page, "SlideMenu");
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
  await expect(toggle(page)).toHaveAccessibleName("Close menu");
  await expect(item(page, "Home")).toBeFocused();
  await expectKeysMoveFocus(page, [
    ["ArrowDown", "AI Workflows"],
    ["End", "Book Call"],
    ["Home", "Home"],
  ]);
  await page.keyboard.press("Shift+Tab");
  await expect(dialog(page).getByRole("button", { name: "Close menu" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(item(page, "Home")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(toggle(page)).toBeFocused();
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
});

test("a press on the voice button while it is still disabled makes it live at once, without waiting for an idle moment", async ({ page }) => {
  // Time stands still, so no idle callback comes: only the press can hydrate the island.
  const start = new Date("2026-03-02T09:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  await page.goto("/");
  const talk = page.getByRole("button", { name: "Talk to the product (AI Voice)" });
  await expect(talk).toBeDisabled();
  await talk.click({ force: true });
  await expect(talk).toBeEnabled();
  // The menu, which nobody pressed, still waits for its idle moment.
  await expect(islandOf(page.getByRole("button", { name: "Open menu" }))).toHaveAttribute("ssr");
});

test("the first item gets focus 150 ms after opening, not before", async ({ page }) => {
  const start = new Date("2026-03-02T09:00:00Z");
  await page.clock.install({ time: start });
  await page.goto("/");
  await hydrated(page, "SlideMenu");
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(dialog(page)).toBeVisible();
  await page.clock.runFor(140);
  await expect(item(page, "Home")).not.toBeFocused();
  await page.clock.runFor(10);
  await expect(item(page, "Home")).toBeFocused();
});

// One visit walks the menu's whole model, a step per behaviour (each its own test once, each a page load of its own).
test("the fixed top-left button opens a menu with every entry and the booking footer; its keys, Tab, Escape, a click outside, scrolling, links, and the slide", async ({ page }) => {
  await test.step("the menu and the voice button hydrate after the first paint, not at load, and the voice button is disabled until its island is live", async () => {
    await page.goto("/");
    // client:painted: after the first contentful paint, when the browser is idle (bundles.spec measures it).
    for (const island of ["SlideMenu", "VoiceCall"]) {
      await expect(page.locator(`astro-island[component-url*="/${island}."]`)).toHaveAttribute("client", "painted");
      await expect(page.locator(`astro-island[component-url*="/${island}."]`)).toHaveAttribute("opts", /"value":true/);
    }
    const html = await (await page.request.get("/")).text();
    expect(html).toMatch(/<button[^>]*\bdisabled\b[^>]*>(?:(?!<\/button>)[\s\S])*Talk to the product \(AI Voice\)/);
    await hydrated(page, "VoiceCall");
    await expect(page.getByRole("button", { name: "Talk to the product (AI Voice)" })).toBeEnabled();
  });
  await test.step("without reduced motion the panel slides in", async () => {
    await expect(page.locator('[role="dialog"]')).toHaveCSS("transition-property", /transform/);
  });
  await test.step("the fixed top-left button opens a menu with every entry and the booking footer", async () => {
    await hydrated(page, "SlideMenu");
    const button = page.getByRole("button", { name: "Open menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(dialog(page)).toBeHidden();
    const box = await button.boundingBox();
    expect(box && box.x < 40 && box.y < 40).toBe(true);
    await expect(button).toHaveCSS("position", "fixed");

    await button.click();
    await expect(dialog(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" }).first()).toHaveAttribute("aria-expanded", "true");
    await expect(dialog(page).getByRole("navigation").getByRole("link")).toHaveText(ENTRIES);
    const hrefs = await dialog(page).getByRole("navigation").getByRole("link").evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(hrefs).toEqual([
      "/",
      "/services/ai-workflows",
      "/services/system-integrations",
      "/services/email-automation",
      "/services/document-parsing",
      "/services/ai-chatbots",
      "/services/ai-voice-callers",
      "/contact",
      "/book",
    ]);
    await expect(dialog(page).getByText("Ready to automate your business?")).toBeVisible();
    await expect(dialog(page).getByRole("link", { name: "Book Free Call" })).toHaveAttribute("href", "/book");
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
  });
  await test.step("arrow keys move between items and wrap; Home and End jump to the ends", async () => {
    await openMenu(page);
    await expectKeysMoveFocus(page, [
      ["ArrowDown", "AI Workflows"],
      ["ArrowUp", "Home"],
      ["ArrowUp", "Book Call"],
      ["ArrowDown", "Home"],
      ["End", "Book Call"],
      ["Home", "Home"],
    ]);
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
  });
  await test.step("Tab and Shift+Tab cycle inside the open menu", async () => {
    await openMenu(page);
    const close = dialog(page).getByRole("button", { name: "Close menu" });
    const bookFree = dialog(page).getByRole("link", { name: "Book Free Call" });
    await page.keyboard.press("End");
    await page.keyboard.press("Tab");
    await expect(bookFree).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(bookFree).toBeFocused();
    // A full lap of Tab presses never leaves the dialog.
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press("Tab");
      expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
  });
  await test.step("Escape closes the menu and gives focus back to the button", async () => {
    await openMenu(page);
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    const button = page.getByRole("button", { name: "Open menu" });
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });
  await test.step("a click outside the menu closes it", async () => {
    await openMenu(page);
    const viewport = page.viewportSize()!;
    await page.mouse.click(viewport.width - 40, viewport.height / 2);
    await expect(dialog(page)).toBeHidden();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
  });
  await test.step("the page cannot scroll while the menu is open, and comes back to the same place", async () => {
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    const heading = page.getByRole("heading", { name: "What our clients say" });
    const before = (await heading.boundingBox())!.y;

    await openMenu(page);
    await page.mouse.move(page.viewportSize()!.width - 40, 300);
    await page.mouse.wheel(0, 900);
    await page.keyboard.press("PageDown");
    expect((await heading.boundingBox())!.y).toBe(before);

    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    expect(await page.evaluate(() => window.scrollY)).toBe(1200);
    expect((await heading.boundingBox())!.y).toBe(before);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1200);
  });
  await test.step("following a menu link closes the menu, also when the visitor comes back", async () => {
    await openMenu(page);
    await item(page, "Contact").click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(dialog(page)).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(dialog(page)).toBeHidden();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
  });
  await test.step("an in-page link in the menu closes it (a route change without a new page)", async () => {
    await page.goto("/contact");
    await openMenu(page);
    await page.evaluate(() => {
      window.location.hash = "get-in-touch";
    });
    await expect(dialog(page)).toBeHidden();
  });
  await test.step("with reduced motion, the panel appears without a slide animation", async () => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const panel = page.locator('[role="dialog"]');
    await expect(panel).toHaveCSS("transition-property", "none");
    await openMenu(page);
  });
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });
  test("a touch outside the menu closes it", async ({ page }) => {
    await page.goto("/");
    await openMenu(page);
    const viewport = page.viewportSize()!;
    await page.touchscreen.tap(viewport.width - 40, viewport.height / 2);
    await expect(dialog(page)).toBeHidden();
  });
});
