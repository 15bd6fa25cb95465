import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { expectNoAxeViolations } from "./fixtures/axe";
import { answers, ask, conversation, messageInput, questions, sidebar } from "./fixtures/chat";
import { openDash, signInAs } from "./fixtures/dash";
import { pauseClock } from "./fixtures/workspace";

const START = new Date("2026-03-02T09:00:00.000Z");
// Each test first waits for the sample documents to be read (one of them by OCR) on a shared two-core machine.
test.describe.configure({ timeout: 60_000 });
const typing = (page: Page) => page.getByTestId("typing-indicator");
const status = (page: Page) => page.getByRole("main").getByRole("status");

/** The axe scan needs running timers: time flows for the scan, then stops again. */
async function scanWithClock(page: Page, label: string) {
  await page.clock.resume();
  await expectNoAxeViolations(page, label);
  await pauseClock(page, 1000);
}

// The answers here quote the knowledge base (KB scope), which needs no document read; grounded-answers.spec quotes pages.
const QUESTION = "What are the Miranda rights requirements?";
const ITEM = "Miranda rights and the rights of arrested persons";
const QUOTED = "they have the right to remain silent";
const scope = (page: Page) => page.getByRole("combobox", { name: "Scope" });

/** Signs Ada in, opens the chat at `width` px, then pauses the clock. */
async function openChat(page: Page, context: import("@playwright/test").BrowserContext, width = 1280) {
  await page.setViewportSize({ width, height: 800 });
  await signInAs(context);
  await page.clock.install({ time: START });
  // Time runs while the session and workspace load, then stops: from here on only runFor moves it.
  await openDash(page, "/dash/chat", "Chat");
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
}

test("a full exchange: typing, no reply at 1999 ms, the reply at 2000 ms quoting the knowledge base; citations, regenerate, copy, stop", async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openChat(page, context);
  await expect(page.getByRole("heading", { name: "How can I help you today?" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Scope" })).toHaveValue("firm");
  await expect(page.getByRole("combobox", { name: "Scope" }).getByRole("option")).toHaveText(["All", "Firm", "Case", "KB", "Web"]);
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
  await scope(page).selectOption("kb");

  await ask(page, QUESTION);
  await expect(messageInput(page)).toHaveValue("");
  await expect(messageInput(page)).toBeFocused();
  await expect(typing(page)).toBeVisible();
  await expect(status(page)).toHaveText("Assistant is typing");
  await expect(sidebar(page).getByRole("region", { name: "Recent" }).getByRole("button").first()).toContainText(
    QUESTION,
  );
  await messageInput(page).fill("A second question");
  await messageInput(page).press("Enter");
  await expect(messageInput(page)).toHaveValue("A second question");
  await expect(questions(page)).toHaveCount(1);

  await page.clock.runFor(1999);
  await expect(answers(page)).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(answers(page)).toHaveCount(1);
  await expect(typing(page)).toBeHidden();
  await expect(status(page)).toHaveText("Answer ready");
  const answer = answers(page).first();
  await expect(answer).toContainText(/^I found 1 relevant passage in the knowledge base\./);
  await expect(answer.locator("blockquote").first()).toContainText(QUOTED);
  await expect(answer.locator("strong").first()).toHaveText(ITEM);
  const citationsButton = answer.getByRole("button", { name: /^\d Citations?$/ });
  // Its text, not innerText: an answer's box skips rendering (content-visibility: auto) until it is laid out on screen,
  // and innerText of a skipped box can be empty.
  const count = Number(/^\d+/.exec((await citationsButton.textContent())?.trim() ?? "")?.[0]);
  expect(count).toBeGreaterThan(0);

  await citationsButton.click();
  const panel = page.getByRole("dialog", { name: "Citations" });
  await expect(panel.getByRole("listitem")).toHaveCount(count);
  await expect(panel.getByRole("listitem").first()).toContainText(ITEM);
  await expect(panel.getByRole("listitem").first()).toContainText("Internal · Page 1");
  await expect(panel.getByRole("listitem").first()).toContainText(QUOTED);
  const box = await panel.boundingBox();
  expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(1280);
  expect(box?.height).toBe(800);
  await scanWithClock(page, "citations panel ");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(citationsButton).toBeFocused();

  await answer.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`**${ITEM}**`);

  // Regenerate searches again: the same sources give the same answer, replaced after the same 2 s.
  await answer.getByRole("button", { name: "Regenerate" }).click();
  await expect(answer).toHaveAttribute("aria-busy", "true");
  await page.clock.runFor(1999);
  await expect(answer).toHaveAttribute("aria-busy", "true");
  await page.clock.runFor(1);
  await expect(answer).not.toHaveAttribute("aria-busy");
  await expect(answer).toContainText(QUOTED);
  await expect(answers(page)).toHaveCount(1);

  await ask(page, "And the limitation period?");
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(status(page)).toHaveText("Reply stopped");
  await page.clock.runFor(5000);
  await expect(answers(page)).toHaveCount(1);
  await expect(questions(page)).toHaveCount(2);
  await expect(messageInput(page)).toBeFocused();

  await messageInput(page).fill("Escape stops too");
  await messageInput(page).press("Enter");
  await expect(typing(page)).toBeVisible();
  await messageInput(page).press("Escape");
  await expect(typing(page)).toBeHidden();
  await page.clock.runFor(5000);
  await expect(answers(page)).toHaveCount(1);

  await page.clock.resume();
  await page.reload();
  await expect(page.getByRole("heading", { name: "How can I help you today?" })).toBeVisible({ timeout: 15_000 });
  await conversation(sidebar(page), /What are the Miranda rights requirements/).click();
  await expect(questions(page)).toHaveCount(3, { timeout: 15_000 });
  await expect(answers(page)).toContainText(QUOTED);
});

test("Use in new chat opens a new conversation with that answer as a chip; Attach adds a document chip; chips are removable", async ({ page, context }) => {
  await openChat(page, context);
  await conversation(sidebar(page), /Breach of contract under Cap\. 149/).click();
  await answers(page).first().getByRole("button", { name: "Use in new chat" }).click();
  await expect(page.getByRole("heading", { name: "How can I help you today?" })).toBeVisible();
  const chips = page.getByRole("list", { name: "Context" });
  await expect(chips.getByRole("listitem")).toHaveText([/^Answer: Under Cap\. 149 the injured party may/]);
  await expect(messageInput(page)).toBeFocused();

  await page.getByRole("button", { name: "Attach" }).click();
  const picker = page.getByRole("dialog", { name: "Attach a document" });
  const first = picker.getByRole("list").getByRole("button").first();
  const title = (await first.locator("span span").first().textContent()) ?? "";
  await first.click();
  await expect(picker).toBeHidden();
  await expect(chips.getByRole("listitem")).toHaveCount(2);
  await expect(chips.getByRole("listitem").nth(1)).toHaveText(title);

  await chips.getByRole("button", { name: /^Remove Answer:/ }).click();
  await expect(chips.getByRole("listitem")).toHaveText([title]);
  await expect(messageInput(page)).toBeFocused();
  await ask(page, "Summarise this document");
  await expect(questions(page).first().getByRole("list", { name: "Context" })).toHaveText(title);
  await expect(page.getByRole("list", { name: "Context" })).toHaveCount(1);
});

// One chat for the input's behaviour and a keyboard-only exchange, a step each (each was a test with a workspace of its own).
test("suggested prompts fill the input without sending; Shift+Enter is a new line; the input grows to about 8rem, then scrolls; a keyboard-only exchange: prompt, send, answer, citations, back to the input", async ({ page, context }) => {
  await openChat(page, context);
  await test.step("suggested prompts fill the input without sending; Shift+Enter is a new line; the input grows to about 8rem, then scrolls", async () => {
    await page.getByRole("button", { name: "Draft a motion to dismiss template" }).click();
    await expect(messageInput(page)).toHaveValue("Draft a motion to dismiss template");
    await expect(questions(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Summarise the key terms and risks of this contract" })).toBeVisible();
    await expect(page.getByRole("button", { name: "What are the Miranda rights requirements?" })).toBeVisible();

    const input = messageInput(page);
    await expect(input).toHaveAttribute("placeholder", "Ask me anything...");
    await input.fill("");
    const oneLine = (await input.boundingBox())?.height ?? 0;
    await input.pressSequentially("Line 1");
    for (let i = 2; i <= 12; i += 1) {
      await input.press("Shift+Enter");
      await input.pressSequentially(`Line ${String(i)}`);
    }
    await expect(questions(page)).toHaveCount(0);
    expect((await input.inputValue()).split("\n")).toHaveLength(12);
    // The Enter that confirms an input method's composition (Japanese, Greek accents on some keyboards) never sends.
    await input.evaluate((el) => {
      el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", isComposing: true, bubbles: true, cancelable: true }));
      el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", keyCode: 229, bubbles: true, cancelable: true }));
    });
    await expect(questions(page)).toHaveCount(0);
    const tall = (await input.boundingBox())?.height ?? 0;
    expect(tall).toBeGreaterThan(oneLine);
    expect(tall).toBe(128);
    expect(await input.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await input.fill("");
  });
  await test.step("a keyboard-only exchange: prompt, send, answer, citations, back to the input", async () => {
    await scope(page).selectOption("kb");
    await messageInput(page).focus();
    await page.keyboard.type(QUESTION);
    await page.keyboard.press("Enter");
    await expect(messageInput(page)).toBeFocused();
    await page.clock.runFor(2000);
    await expect(answers(page)).toHaveCount(1);
    const citations = page.getByRole("button", { name: /^\d Citations?$/ });
    await page.keyboard.press("Shift+Tab");
    await expect(citations).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Citations" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(citations).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(messageInput(page)).toBeFocused();
    await page.keyboard.type("Thanks");
    await page.keyboard.press("Enter");
    await page.clock.runFor(2000);
    await expect(answers(page)).toHaveCount(2);
  });
});

test("switching conversations or leaving the chat mid-reply leaves the reply in its own conversation", async ({ page, context }) => {
  await openChat(page, context);
  await ask(page, "Question asked in a new chat");
  await page.clock.runFor(500);
  await conversation(sidebar(page), /Breach of contract under Cap\. 149/).click();
  await expect(typing(page)).toBeHidden();
  await page.clock.runFor(1500);
  await expect(answers(page)).toHaveCount(1);
  await expect(questions(page)).toHaveText(["Summarise the remedies for breach of contract under Cap. 149."]);
  await conversation(sidebar(page), /Question asked in a new chat/).click();
  await expect(answers(page)).toHaveCount(1);

  await ask(page, "Asked before leaving");
  await sidebar(page).getByRole("link", { name: "Cases" }).click();
  await page.clock.runFor(2000);
  await page.goBack();
  await expect(questions(page)).toHaveCount(2);
  await expect(answers(page)).toHaveCount(2);
});

test("the citations open as a bottom sheet at 390 px", async ({ page, context }) => {
  test.setTimeout(90_000);
  await openChat(page, context, 390);
  await scope(page).selectOption("kb");
  await ask(page, QUESTION);
  await page.clock.runFor(2000);
  const citations = page.getByRole("button", { name: /^\d Citations?$/ });
  await citations.click();
  const sheet = page.getByRole("dialog", { name: "Citations" });
  await expect(sheet.getByRole("listitem").first()).toContainText(ITEM);
  const box = await sheet.boundingBox();
  expect(box?.width).toBe(390);
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(800);
  await scanWithClock(page, "citations sheet ");
  await page.keyboard.press("Escape");
  await expect(citations).toBeFocused();
});
