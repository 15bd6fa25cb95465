import type { Page } from "@playwright/test";
import { expect, onScreen, test } from "./fixtures/workspaceTest";
import { expectNoAxeViolations } from "./fixtures/axe";
import { ask, messageInput, questions, sidebar } from "./fixtures/chat";
import { pauseClock } from "./fixtures/workspace";

test.use(onScreen("/dash/chat", "Chat"));
// Axe scans of the workspace with a dialog open take several seconds each on a shared machine.
test.describe.configure({ timeout: 60_000 });

const PHONE = { width: 390, height: 844 };
const shortcutsDialog = (page: Page) => page.getByRole("dialog", { name: "Keyboard shortcuts" });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search chats" });
const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const emptyChat = (page: Page) => page.getByRole("heading", { name: "How can I help you today?" });

// One visit walks the shortcuts list, a step per behaviour (each was a test, and a page load, of its own). Typing in the
// inputs comes last: it leaves their text behind.
test("the shortcuts list: ? and the header's button open it, a quick close and reopen keeps it open, ? in an input is a character", async ({ page }) => {
  await test.step("? lists the shortcuts with their keys, passes axe, and Escape gives focus back", async () => {
    const newChatButton = sidebar(page).getByRole("button", { name: "New Chat" });
    await newChatButton.focus();
    await page.keyboard.press("?");
    const dialog = shortcutsDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("term")).toHaveText([
      "New chat",
      "Focus the message input",
      "Search chats",
      "Stop the reply while it is being written",
      "Show keyboard shortcuts",
    ]);
    // Chromium on Linux: Ctrl, not ⌘.
    await expect(dialog.getByRole("definition")).toHaveText(["Ctrl+Shift+O", "Shift+Esc", "Ctrl+K", "Esc", "?"]);
    await expect(dialog.locator("kbd kbd")).toHaveCount(9);
    await expectNoAxeViolations(page, "shortcuts dialog ");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(newChatButton).toBeFocused();
    // ? again, with the page itself focused.
    await page.getByRole("main").focus();
    await page.keyboard.press("?");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("main")).toBeFocused();
  });
  await test.step("the header's Keyboard shortcuts button opens the list for a mouse", async () => {
    const button = page.getByRole("banner").getByRole("button", { name: "Keyboard shortcuts" });
    await button.click();
    await expect(shortcutsDialog(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(button).toBeFocused();
  });
  await test.step("closed and opened again at once, the list stays open: the first close's late event does not close it", async () => {
    const button = page.getByRole("banner").getByRole("button", { name: "Keyboard shortcuts" });
    await button.click();
    await expect(shortcutsDialog(page)).toBeVisible();
    // Close, then open again in the same task: the browser's close event of the first close arrives after both.
    const seen = await page.evaluate(async () => {
      const dialog = document.querySelector<HTMLDialogElement>("dialog[open]")!;
      const late = new Promise<string>((resolve) => {
        dialog.addEventListener("close", () => resolve("close event"), { once: true });
        setTimeout(() => resolve("no close event"), 5000);
      });
      dialog.querySelector<HTMLButtonElement>("button[aria-label='Close']")!.click();
      // React commits the click's update in a microtask.
      for (let i = 0; i < 100 && dialog.open; i += 1) await Promise.resolve();
      const closed = !dialog.open;
      document.querySelector<HTMLButtonElement>("header button[aria-label='Keyboard shortcuts']")!.click();
      for (let i = 0; i < 100 && !dialog.open; i += 1) await Promise.resolve();
      const reopened = dialog.open;
      const event = await late;
      await new Promise(requestAnimationFrame);
      return { closed, reopened, event, openAfterIt: dialog.open };
    });
    expect(seen).toEqual({ closed: true, reopened: true, event: "close event", openAfterIt: true });
    await expect(shortcutsDialog(page)).toBeVisible();
    await shortcutsDialog(page).getByRole("button", { name: "Close" }).click();
    await expect(shortcutsDialog(page)).toBeHidden();
    await expect(button).toBeFocused();
  });
  await test.step("? typed in the message input is a question mark and opens nothing", async () => {
    await messageInput(page).click();
    await page.keyboard.type("Is it void?");
    await expect(messageInput(page)).toHaveValue("Is it void?");
    await searchBox(page).click();
    await page.keyboard.type("?");
    await expect(searchBox(page)).toHaveValue("?");
    await expect(shortcutsDialog(page)).toHaveCount(0);
  });
});

// One visit of the workspace for the three shortcuts that move focus, a step each (each was a test with a workspace of
// its own).
test("Shift+Escape focuses the message input; Ctrl+K focuses 'Search chats...' and expands a collapsed sidebar; Ctrl+Shift+O starts a new chat, ready to type", async ({ page }) => {
  await test.step("Shift+Escape focuses the message input, going to the chat from another screen", async () => {
    await searchBox(page).fill("lease");
    await page.keyboard.press("Shift+Escape");
    await expect(messageInput(page)).toBeFocused();

    await sidebar(page).getByRole("link", { name: "Settings" }).click();
    await expect(h1(page, "Settings")).toBeVisible();
    await page.keyboard.press("Shift+Escape");
    await expect(page).toHaveURL(/\/dash\/chat$/);
    await expect(messageInput(page)).toBeFocused();
    await searchBox(page).fill("");
  });
  await test.step("Ctrl+K focuses 'Search chats...', from the message input too, and expands a collapsed sidebar", async () => {
    await messageInput(page).fill("draft");
    await messageInput(page).press("Control+k");
    await expect(searchBox(page)).toBeFocused();
    await expect(messageInput(page)).toHaveValue("draft");

    await sidebar(page).getByRole("button", { name: "Collapse" }).click();
    await expect(searchBox(page)).toHaveCount(0);
    await page.keyboard.press("Control+k");
    await expect(searchBox(page)).toBeFocused();
    await expect(sidebar(page).getByRole("button", { name: "Collapse" })).toHaveAttribute("aria-pressed", "false");
  });
  await test.step("Ctrl+Shift+O starts a new chat from the chat and from another screen, ready to type", async () => {
    await ask(page, "What remedies does Cap. 149 give?");
    await sidebar(page).getByRole("button", { name: "New Chat" }).focus();
    await page.keyboard.press("Control+Shift+O");
    await expect(emptyChat(page)).toBeVisible();
    await expect(questions(page)).toHaveCount(0);
    await expect(messageInput(page)).toBeFocused();
    await page.keyboard.type("A fresh question");
    await expect(messageInput(page)).toHaveValue("A fresh question");

    await sidebar(page).getByRole("link", { name: "Files" }).click();
    await expect(h1(page, "Files")).toBeVisible();
    await page.keyboard.press("Control+Shift+O");
    await expect(page).toHaveURL(/\/dash\/chat$/);
    await expect(emptyChat(page)).toBeVisible();
    await expect(messageInput(page)).toHaveValue("");
    await expect(messageInput(page)).toBeFocused();
  });
});

test("Escape stops a pending reply when focus is outside the input; the browser keeps the keys it owns", async ({ page }) => {
  const typing = page.getByTestId("typing-indicator");
  await pauseClock(page, 1000);
  await ask(page, "And the limitation period?");
  await expect(typing).toBeVisible();
  await sidebar(page).getByRole("button", { name: "New Chat" }).focus();
  await page.keyboard.press("Escape");
  await expect(typing).toBeHidden();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Reply stopped");
  await page.clock.runFor(5000);
  await expect(page.getByRole("log", { name: "Messages" }).getByRole("article", { name: "Assistant" })).toHaveCount(0);

  // Which keydowns the page took from the browser: only its own shortcuts, and Escape only while a reply is pending.
  await page.evaluate(() => {
    const taken: string[] = [];
    Object.assign(window, { taken });
    window.addEventListener("keydown", (event) => taken.push(`${event.key}:${String(event.defaultPrevented)}`));
  });
  for (const key of ["Escape", "Control+o", "Control+Shift+K", "Control+Alt+k", "Control+Shift+O"]) await page.keyboard.press(key);
  expect(await page.evaluate(() => (window as unknown as { taken: string[] }).taken.filter((entry) => !/^(Control|Shift|Alt):/.test(entry)))).toEqual([
    "Escape:false",
    "o:false",
    "K:false",
    "k:false",
    "O:true",
  ]);
});

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: PHONE });

  test("Ctrl+K opens the drawer with 'Search chats...' focused; the account menu lists the shortcuts", async ({ page }) => {
    await page.getByRole("main").focus();
    await page.keyboard.press("Control+k");
    const drawer = page.getByRole("dialog", { name: "Workspace" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("searchbox", { name: "Search chats" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    const account = page.getByRole("banner").getByRole("button", { name: "Account" });
    await account.click();
    await page.getByRole("menuitem", { name: "Keyboard shortcuts" }).click();
    await expect(shortcutsDialog(page)).toBeVisible();
    await expectNoAxeViolations(page, "shortcuts dialog at 390 px ");
    await page.keyboard.press("Escape");
    await expect(account).toBeFocused();
  });
});
