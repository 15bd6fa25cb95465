import { expect, test } from "./fixtures/test";
import { expectNoAxeViolations } from "./fixtures/axe";
import { conversation, conversationMenu, groupTitles, sidebar } from "./fixtures/chat";
import { ADA, GRACE, openDash, signInAs } from "./fixtures/dash";
import { navScreens } from "./fixtures/pages";

const h1 = (page: import("@playwright/test").Page, name: string) => page.getByRole("heading", { level: 1, name });

test.describe("routes", () => {
  // One signed-in visit for the nav links and the sidebar's width, a step each (each was a test with a workspace of its own).
  test("the nav links move between screens, marked current, and back/forward retrace them; the sidebar is 300 px wide, collapses to 84 px of named icons with tooltips, and stays collapsed after a reload", async ({ page, context }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(context);
    await openDash(page, "/dash", "Chat");
    await test.step("the nav links move between screens, marked current, and back/forward retrace them", async () => {
      const nav = sidebar(page).getByRole("navigation", { name: "Workspace screens" });
      for (const [, heading] of navScreens.slice(2)) {
        await nav.getByRole("link", { name: heading }).click();
        await expect(h1(page, heading)).toBeVisible();
        await expect(nav.getByRole("link", { name: heading })).toHaveAttribute("aria-current", "page");
        await expect(page).toHaveTitle(`${heading} | Paphos AI`);
      }
      for (const [path, heading] of [...navScreens.slice(2, -1)].reverse()) {
        await page.goBack();
        await expect(h1(page, heading)).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
      }
      await page.goBack();
      await expect(h1(page, "Chat")).toBeVisible();
      await page.goForward();
      await expect(h1(page, "Knowledge Base")).toBeVisible();
    });
    await test.step("the sidebar is 300 px wide, collapses to 84 px of named icons with tooltips, and stays collapsed after a reload", async () => {
      await page.goto("/dash/chat");
      await expect(h1(page, "Chat")).toBeVisible({ timeout: 15_000 });
      const aside = sidebar(page);
      expect((await aside.boundingBox())?.width).toBe(300);
      const collapse = aside.getByRole("button", { name: "Collapse" });
      await expect(collapse).toHaveAttribute("aria-pressed", "false");
      await collapse.click();
      await expect(collapse).toHaveAttribute("aria-pressed", "true");
      await expect.poll(async () => (await aside.boundingBox())?.width).toBe(84);

      const cases = aside.getByRole("link", { name: "Cases" });
      await expect(cases).toBeVisible();
      await expect(aside.getByRole("button", { name: "New Chat" })).toBeVisible();
      const tooltip = cases.locator("[aria-hidden=true]", { hasText: "Cases" });
      await expect(tooltip).toBeHidden();
      await cases.hover();
      await expect(tooltip).toBeVisible();

      await page.reload();
      await expect(h1(page, "Chat")).toBeVisible({ timeout: 15_000 });
      await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(84);
      await sidebar(page).getByRole("button", { name: "Collapse" }).click();
      await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(300);
    });
  });

  test.describe("an unknown path", () => {
    // The host answers an unknown /dash address with status 404, which the browser logs.
    test.use({ allowConsoleErrors: [/status of 404 .*\/dash\/nowhere/] });

    test("an unknown /dash path shows a not-found screen with a way back", async ({ page, context, request }) => {
      // The host has no page there: it answers 404 with the workspace's shell (public/_redirects), so the app says so.
      expect((await request.get("/dash/nowhere")).status()).toBe(404);
      await signInAs(context);
      await openDash(page, "/dash/nowhere", "Page not found");
      await page.getByRole("link", { name: "Back to Chat" }).click();
      await expect(h1(page, "Chat")).toBeVisible();
      await openDash(page, "/dash/files", "Files");
      // Inside the app (an old link, a mistyped address pushed by the router) the workspace says so itself.
      await page.evaluate(() => {
        history.pushState(null, "", "/dash/nowhere");
        dispatchEvent(new PopStateEvent("popstate"));
      });
      await expect(h1(page, "Page not found")).toBeVisible();
      await expect(page).toHaveTitle("Page not found | Paphos AI");
      await page.getByRole("link", { name: "Back to Chat" }).click();
      await expect(h1(page, "Chat")).toBeVisible();
    });
  });
});

test.describe("sidebar", () => {
  test("below lg it is a drawer: opens from the header, traps focus, closes on Escape and on navigation", async ({ page, context }) => {
    // 25 Tab presses and two axe scans while a new workspace reads its samples: slow on a shared two-core machine.
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(context);
    await openDash(page, "/dash/chat", "Chat");
    await expect(sidebar(page)).toBeHidden();
    const opener = page.getByRole("button", { name: "Open navigation" });

    await opener.click();
    const drawer = page.getByRole("dialog", { name: "Workspace" });
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())?.x).toBe(0);
    // The page behind is inert: Tab cycles through the drawer (and the browser's own controls, where the
    // document's active element is the body), never to the page.
    let inside = 0;
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press("Tab");
      const where = await drawer.evaluate((el) => (el.contains(document.activeElement) ? "inside" : document.activeElement === document.body ? "browser" : "page"));
      expect(where).not.toBe("page");
      if (where === "inside") inside += 1;
    }
    expect(inside).toBeGreaterThan(20);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await drawer.getByRole("link", { name: "Files" }).click();
    await expect(h1(page, "Files")).toBeVisible();
    await expect(drawer).toBeHidden();

    await opener.click();
    await conversation(drawer, /Breach of contract under Cap\. 149/).click();
    await expect(h1(page, "Chat")).toBeVisible();
    await expect(drawer).toBeHidden();
    await expectNoAxeViolations(page, "chat at 390 px ");
    await opener.click();
    await expect(drawer).toBeVisible();
    await expectNoAxeViolations(page, "drawer open ");
  });
});

test.describe("conversations", () => {
  // One signed-in visit walks the sidebar's conversations, a step per behaviour (each was a test, and a page load, of its own).
  test("sample conversations, Search chats, the conversation menu (Pin, Unpin), Rename and Delete", async ({ page, context }) => {
    await signInAs(context);
    await openDash(page, "/dash/chat", "Chat");
    const aside = sidebar(page);
    await test.step("a new user starts with sample conversations, some pinned, Recent newest first with a relative date", async () => {
      expect(await groupTitles(aside, "Pinned")).toEqual([
        "Commercial lease dispute, District Court of Limassol",
        "GDPR Law 125(I)/2018: client data retention",
      ]);
      expect(await groupTitles(aside, "Recent")).toEqual([
        "Breach of contract under Cap. 149",
        "Appeal deadlines before the Supreme Court of Cyprus",
        "Probate application, District Court of Paphos",
      ]);
      const recent = aside.getByRole("region", { name: "Recent" });
      await expect(recent.locator("time")).toHaveText(["1 hour ago", "2 days ago", "last week"]);
    });
    await test.step("'Search chats...' filters by title and by message text", async () => {
      const search = aside.getByRole("searchbox", { name: "Search chats" });
      await expect(search).toHaveAttribute("placeholder", "Search chats...");
      await search.fill("paphos");
      expect([...(await groupTitles(aside, "Pinned")), ...(await groupTitles(aside, "Recent"))]).toEqual(["Probate application, District Court of Paphos"]);
      await search.fill("interim injunction");
      expect(await groupTitles(aside, "Pinned")).toEqual(["Commercial lease dispute, District Court of Limassol"]);
      expect(await groupTitles(aside, "Recent")).toEqual([]);
      await search.fill("no such words anywhere");
      await expect(aside.getByText("No chats found")).toBeVisible();
      await search.fill("");
      expect(await groupTitles(aside, "Recent")).toHaveLength(3);
    });
    await test.step("the menu is a real menu button: arrows, Home/End, Escape with focus return; Pin and Unpin", async () => {
      const button = conversationMenu(aside, "Breach of contract under Cap. 149");
      await button.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu", { name: "Options for Breach of contract under Cap. 149" });
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(menu.getByRole("menuitem")).toHaveText(["Pin", "Rename", "Delete"]);
      await expect(menu.getByRole("menuitem", { name: "Pin" })).toBeFocused();
      await expectNoAxeViolations(page, "conversation menu open ");
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name: "Rename" })).toBeFocused();
      await page.keyboard.press("End");
      await expect(menu.getByRole("menuitem", { name: "Delete" })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name: "Pin" })).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(menu.getByRole("menuitem", { name: "Delete" })).toBeFocused();
      await page.keyboard.press("Home");
      await expect(menu.getByRole("menuitem", { name: "Pin" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute("aria-expanded", "false");

      await page.keyboard.press("ArrowUp");
      await expect(menu.getByRole("menuitem", { name: "Delete" })).toBeFocused();
      await page.keyboard.press("Home");
      await page.keyboard.press("Enter");
      expect(await groupTitles(aside, "Pinned")).toContain("Breach of contract under Cap. 149");
      await conversationMenu(aside, "Breach of contract under Cap. 149").click();
      await page.getByRole("menuitem", { name: "Unpin" }).click();
      expect(await groupTitles(aside, "Pinned")).not.toContain("Breach of contract under Cap. 149");
      expect(await groupTitles(aside, "Recent")).toContain("Breach of contract under Cap. 149");
    });
    await test.step("Rename works inline: Enter saves, Escape cancels, a blank title is refused", async () => {
      await conversationMenu(aside, "Probate application, District Court of Paphos").click();
      await page.getByRole("menuitem", { name: "Rename" }).click();
      const field = aside.getByRole("textbox", { name: "Conversation title" });
      await expect(field).toBeFocused();
      await field.fill("   ");
      await field.press("Enter");
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(aside.getByRole("alert")).toHaveText("Enter a title, or press Escape to keep the old one.");
      await field.press("Escape");
      await expect(field).toBeHidden();
      await expect(conversation(aside, /Probate application, District Court of Paphos/)).toBeFocused();

      await conversationMenu(aside, "Probate application, District Court of Paphos").click();
      await page.getByRole("menuitem", { name: "Rename" }).click();
      await field.fill("Estate of Maria Georgiou");
      await field.press("Enter");
      await expect(conversation(aside, /Estate of Maria Georgiou/)).toBeFocused();
      await expect(aside.getByText("Probate application, District Court of Paphos")).toHaveCount(0);

      await page.reload();
      await expect(conversation(sidebar(page), /Estate of Maria Georgiou/)).toBeVisible({ timeout: 15_000 });
    });
    await test.step("Delete asks first; deleting the open conversation clears the chat", async () => {
      await openDash(page, "/dash/knowledge", "Knowledge Base");
      await conversation(aside, /Appeal deadlines/).click();
      await expect(h1(page, "Chat")).toBeVisible();
      await expect(page.getByRole("log", { name: "Messages" })).toContainText("42 days");

      await conversationMenu(aside, "Appeal deadlines before the Supreme Court of Cyprus").click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete conversation?" });
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
      await expect(conversationMenu(aside, "Appeal deadlines before the Supreme Court of Cyprus")).toBeFocused();

      await conversationMenu(aside, "Appeal deadlines before the Supreme Court of Cyprus").click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(aside.getByText("Appeal deadlines before the Supreme Court of Cyprus")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "How can I help you today?" })).toBeVisible();
      await expect(aside.getByRole("button", { name: "New Chat" })).toBeFocused();
      await page.reload();
      await expect(h1(page, "Chat")).toBeVisible({ timeout: 15_000 });
      await expect(sidebar(page).getByText("Appeal deadlines before the Supreme Court of Cyprus")).toHaveCount(0);
    });
  });

  test("New Chat clears the open conversation; a second user in the same browser sees none of the first user's chats", async ({ page, context, browser }) => {
    await signInAs(context, ADA);
    await openDash(page, "/dash/chat", "Chat");
    const aside = sidebar(page);
    await conversation(aside, /GDPR Law/).click();
    await expect(page.getByRole("log", { name: "Messages" })).toBeVisible();
    await aside.getByRole("button", { name: "New Chat" }).click();
    await expect(page.getByRole("heading", { name: "How can I help you today?" })).toBeVisible();
    await conversationMenu(aside, "GDPR Law 125(I)/2018: client data retention").click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    await aside.getByRole("textbox", { name: "Conversation title" }).fill("Ada's private matter");
    await page.keyboard.press("Enter");
    await expect(conversation(aside, /Ada's private matter/)).toBeVisible();
    // The rename is saved after a short delay: Grace's browser must hold it, or her not seeing it proves nothing.
    await expect.poll(() => page.evaluate(() => Object.values(localStorage).some((value) => value.includes("Ada's private matter")))).toBe(true);
    const storage = await context.storageState();

    // Grace signs in to the same browser profile (same localStorage), after Ada.
    const graceContext = await browser.newContext({ storageState: storage });
    await signInAs(graceContext, GRACE);
    const gracePage = await graceContext.newPage();
    await openDash(gracePage, "/dash/chat", "Chat");
    await expect(sidebar(gracePage).getByRole("region", { name: "Pinned" })).toBeVisible();
    await expect(sidebar(gracePage).getByText("Ada's private matter")).toHaveCount(0);
    await expect(conversation(sidebar(gracePage), /GDPR Law 125/)).toBeVisible();
    await graceContext.close();
  });
});
