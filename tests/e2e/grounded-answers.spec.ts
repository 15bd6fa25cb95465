import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { REPLY_DELAY_MS } from "../../src/lib/dash/chat";
import { textPdf } from "../fixtures/documents";
import { expectNoAxeViolations } from "./fixtures/axe";
import { answers, ask, messageInput, questions, sidebar, waitForSamples } from "./fixtures/chat";
import { GRACE, openDash, signInAs } from "./fixtures/dash";
import { READ, card, installClock, workspaceContext } from "./fixtures/workspace";
import { expect, onScreen, test } from "./fixtures/workspaceTest";

// Grounded answers (issue 18): the chat answers from the user's own pages and knowledge items, and every citation
// opens the page it quotes. No model is configured in this build: answers quote the passages found.
test.use(onScreen("/dash/uploads", "Uploads"));
// Uploading and reading a PDF, and the samples read on first use (one by OCR), on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

const KYPRIANOU = "Kyprianou v. Limassol Marine Services";
const PAGE_TWO = "The olive groves of Tala pass to the second defendant.";
const SENTENCE = PAGE_TWO.slice(0, -1);
const QUESTION = "Who do the olive groves of Tala pass to?";

const citationsButton = (page: Page) => answers(page).last().getByRole("button", { name: /^\d+ Citations?$/ });
const scope = (page: Page) => page.getByRole("combobox", { name: "Scope" });

/** Uploads a 3-page PDF whose page 2 holds PAGE_TWO, under Kyprianou, and waits until it is Indexed. */
async function uploadSettlement(page: Page) {
  const pdf = await textPdf([["Settlement agreement, Paphos District Court."], [PAGE_TWO], ["Signed at Paphos on 3 March 2025."]]);
  await page.getByLabel("Choose File").setInputFiles({ name: "Settlement.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
  await page.getByLabel("Target Case").selectOption({ label: KYPRIANOU });
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByRole("main").getByRole("listitem", { name: "Settlement", exact: true })).toContainText("Indexed", READ);
}

/** Asks a question and runs the page's clock past the reply's 2 s floor, so no test waits them out in real time. */
async function askNow(page: Page, question: string) {
  await ask(page, question);
  await page.clock.runFor(REPLY_DELAY_MS);
}

/** A new chat in this scope. */
async function newChat(page: Page, value: "all" | "firm" | "case" | "kb" | "web") {
  await sidebar(page).getByRole("button", { name: "New Chat" }).click();
  await expect(page.getByRole("heading", { name: "How can I help you today?" })).toBeVisible();
  await scope(page).selectOption(value);
}

test("an uploaded PDF's page 2 is quoted and cited in All, opens at page 2 highlighted, is found by Files' search, never in KB scope, a document chip narrows, and another user never sees it", async ({ page, browser }) => {
  await uploadSettlement(page);

  // Files' search finds the sentence inside, with its page.
  await sidebar(page).getByRole("link", { name: "Files" }).click();
  await page.getByRole("searchbox", { name: "Search files by title or case" }).fill("olive groves of Tala");
  const settlement = card(page, "Settlement");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
  // A snippet runs from its first word to its last: the sentence without its full stop.
  await expect(settlement.getByRole("button", { name: /^Found on p\. 2/ })).toContainText(SENTENCE);
  await expect(settlement.locator("mark").first()).toHaveText("olive");
  await expectNoAxeViolations(page, "files with a text hit ");

  // All: the reply quotes page 2 and cites the document, p. 2.
  await newChat(page, "all");
  await askNow(page, QUESTION);
  const answer = answers(page).last();
  await expect(answer).toContainText(SENTENCE, READ);
  await expect(answer).toContainText(/^I found \d relevant passages? in your documents and knowledge base/);
  await expect(answer.locator("strong").first()).toHaveText("Settlement");
  await citationsButton(page).click();
  const panel = page.getByRole("dialog", { name: "Citations" });
  const first = panel.getByRole("listitem").first();
  await expect(first).toContainText("Settlement");
  await expect(first).toContainText(`${KYPRIANOU} · Page 2`);
  // The citation in the panel opens the viewer at page 2 with the passage highlighted.
  await first.getByRole("button").click();
  const viewer = page.getByRole("dialog", { name: "Settlement" });
  await expect(viewer.getByText("Page 2 of 3")).toBeVisible();
  await expect(viewer.locator(".textLayer .highlight").first()).toBeVisible();
  await expect(viewer.locator(".textLayer .highlight")).toContainText([/olive groves/]);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  // So does the marker [1] in the answer.
  await answer.getByRole("button", { name: /^\[1\] Settlement, page 2$/ }).click();
  await expect(viewer.getByText("Page 2 of 3")).toBeVisible();
  await page.keyboard.press("Escape");

  // KB scope: nothing, said plainly, no citation.
  await newChat(page, "kb");
  await askNow(page, QUESTION);
  await expect(answers(page).last()).toContainText("I found nothing in the knowledge base that answers this", READ);
  await expect(answers(page).last()).toContainText("wider scope");
  await expect(citationsButton(page)).toHaveCount(0);

  // Web is not available here: the answer says so and offers All, which asks again there.
  await newChat(page, "web");
  await askNow(page, QUESTION);
  await expect(answers(page).last()).toContainText("Web search is not available here", READ);
  await expect(citationsButton(page)).toHaveCount(0);
  await answers(page).last().getByRole("button", { name: "Ask again in All" }).click();
  await expect(scope(page)).toHaveValue("all");
  await page.clock.runFor(REPLY_DELAY_MS);
  await expect(answers(page).last()).toContainText(SENTENCE, READ);
  // The reply is done (Regenerate is enabled again) before the scan: a button turning from disabled (half opacity)
  // to enabled during it was once measured half-faded.
  await expect(answers(page).last().getByRole("button", { name: "Regenerate" })).toBeEnabled();
  await expectNoAxeViolations(page, "grounded answers ");

  // A document chip narrows the search to that document: the memo's motion to dismiss is not in the settlement.
  await newChat(page, "all");
  await page.getByRole("button", { name: "Attach" }).click();
  await page.getByRole("dialog", { name: "Attach a document" }).getByRole("button", { name: /^Settlement/ }).click();
  await askNow(page, "Draft a motion to dismiss template");
  await expect(answers(page).last()).toContainText("I found nothing in “Settlement”", READ);
  await expect(citationsButton(page)).toHaveCount(0);
  await messageInput(page).fill("");
  await page.getByRole("button", { name: "Attach" }).click();
  await page.getByRole("dialog", { name: "Attach a document" }).getByRole("button", { name: /^Settlement/ }).click();
  await askNow(page, "olive groves");
  await expect(answers(page).last()).toContainText(SENTENCE, READ);
  await citationsButton(page).click();
  await expect(panel.getByRole("listitem")).toHaveText([/Settlement/]);
  await page.keyboard.press("Escape");

  // Another user of this browser: the same question never cites Ada's document.
  const graceContext = await browser.newContext(workspaceContext);
  try {
    await signInAs(graceContext, GRACE);
    const grace = await graceContext.newPage();
    await installClock(grace);
    await openDash(grace, "/dash/chat", "Chat");
    await scope(grace).selectOption("all");
    await askNow(grace, QUESTION);
    await expect(answers(grace).last()).toContainText("I found nothing in your documents and knowledge base", READ);
    await expect(citationsButton(grace)).toHaveCount(0);
  } finally {
    await graceContext.close();
  }
});

test("the three suggested prompts each quote and cite a sample source", async ({ page }) => {
  await waitForSamples(page);
  await openDash(page, "/dash/chat", "Chat");
  for (const [prompt, source] of [
    ["Summarise the key terms and risks of this contract", "Construction Services Agreement, Kato Paphos Residences"],
    ["What are the Miranda rights requirements?", "Miranda rights and the rights of arrested persons"],
    ["Draft a motion to dismiss template", "Internal Memo: Motion to Dismiss Template"],
  ] as const) {
    await sidebar(page).getByRole("button", { name: "New Chat" }).click();
    await page.getByRole("button", { name: prompt }).click();
    await messageInput(page).press("Enter");
    await expect(questions(page)).toHaveText([prompt]);
    await page.clock.runFor(REPLY_DELAY_MS);
    await expect(citationsButton(page)).toBeVisible(READ);
    await citationsButton(page).click();
    await expect(page.getByRole("dialog", { name: "Citations" }).getByRole("listitem").first()).toContainText(source);
    await page.keyboard.press("Escape");
  }
});

test("edit and resend the last question; export the conversation as Markdown with its citations as footnotes", async ({ page }) => {
  await waitForSamples(page);
  await openDash(page, "/dash/chat", "Chat");
  await askNow(page, "What is the defects liability peroid?");
  await expect(answers(page)).toHaveCount(1, READ);
  await page.getByRole("button", { name: "Edit" }).click();
  const editor = page.getByRole("textbox", { name: "Edit your question" });
  await expect(editor).toBeFocused();
  await editor.fill("How much are the liquidated damages for delay?");
  await page.getByRole("button", { name: "Save and send" }).click();
  await expect(questions(page)).toHaveText(["How much are the liquidated damages for delay?"]);
  await page.clock.runFor(REPLY_DELAY_MS);
  await expect(answers(page)).toHaveCount(1);
  await expect(answers(page)).toContainText("liquidated damages of EUR", READ);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^[a-z0-9-]+\.md$/);
  const markdown = readFileSync((await file.path()) ?? "", "utf8");
  expect(markdown).toContain("How much are the liquidated damages for delay?");
  expect(markdown).toMatch(/\[\^1\]/);
  expect(markdown).toMatch(/^\[\^1\]: Construction Services Agreement.*Georgiou.*, p\. 1: ".*liquidated damages/m);
});
