import type { BrowserContext, Page } from "@playwright/test";
import { REPLY_DELAY_MS } from "../../src/lib/dash/chat";
import { startFakeAssistant, type FakeAssistant } from "./fixtures/assistant";
import { answers, ask } from "./fixtures/chat";
import { openDash, signInAs } from "./fixtures/dash";
import { ASSISTANT_SITE } from "./fixtures/sites";
import { card, expectChatWithChip, pauseClock, workspaceContext } from "./fixtures/workspace";
import { expect, test } from "./fixtures/test";

// Grounded answers with a model (issue 18): the "assistant" build's PUBLIC_ASSISTANT_URL names a fake OpenAI-compatible
// server on 127.0.0.1 that this spec owns and drives piece by piece.
test.use({ baseURL: ASSISTANT_SITE, ...workspaceContext });
test.describe.configure({ mode: "serial", timeout: 120_000 });

// Asked in KB scope: the passages come from the knowledge base, which needs no sample document read.
const QUESTION = "What are the Miranda rights requirements?";
const ITEM = "Miranda rights and the rights of arrested persons";
const QUOTED = "they have the right to remain silent";

let fake: FakeAssistant;
test.beforeAll(async () => {
  fake = await startFakeAssistant(900_000);
});
test.afterAll(() => fake.close());

const writing = (page: Page) => page.getByRole("article", { name: "Assistant (writing)" });

/** Signs Ada in and opens the chat in KB scope. */
async function openChat(page: Page, context: BrowserContext) {
  await signInAs(context);
  // A cookie of the page's host, which the endpoint (the same host, another port) must not be sent.
  await context.addCookies([{ name: "site-session", value: "secret", domain: "127.0.0.1", path: "/" }]);
  await page.clock.install({ time: new Date("2025-03-14T10:00:00+02:00") });
  await openDash(page, "/dash/chat", "Chat");
  await page.getByRole("combobox", { name: "Scope" }).selectOption("kb");
}

test("the answer streams in pieces, written from only the passages sent; an invented [7] is dropped and said so", async ({ page, context }) => {
  await openChat(page, context);
  fake.respond({ pieces: ["Before questioning ", "the suspect must hear the right to remain silent [1]", ", as the note says [7]."], held: true });
  await ask(page, QUESTION);
  const request = await fake.waitForRequest();
  // What left the browser: the question and the numbered passages found, with the instruction, to the endpoint only.
  expect(request.path).toBe("/v1/chat/completions");
  const body = request.body as { stream: boolean; model: string; messages: { role: string; content: string }[] };
  expect(body.stream).toBe(true);
  expect(body.model).toBe("test-model");
  expect(body.messages.map((m) => m.role)).toEqual(["system", "user"]);
  expect(body.messages[0]?.content).toMatch(/only/i);
  expect(body.messages[1]?.content).toContain(QUESTION);
  expect(body.messages[1]?.content).toMatch(/\[1\][\s\S]*Miranda rights and the rights of arrested persons[\s\S]*remain silent/);
  // A model called directly is not the project's Edge Function: it gets no access token and no cookie (item 6).
  expect(request.headers.authorization).toBeUndefined();
  expect(request.headers.cookie).toBeUndefined();

  fake.release();
  await expect(writing(page)).toContainText("Before questioning");
  await expect(writing(page)).not.toContainText("remain silent");
  fake.release();
  await expect(writing(page)).toContainText("the suspect must hear the right to remain silent");
  fake.release();
  const answer = answers(page).last();
  await expect(answer).toContainText("Before questioning the suspect must hear the right to remain silent [1], as the note says.");
  await expect(answer).not.toContainText("[7]");
  await expect(answer).toContainText("One citation was removed: it named a passage the assistant was not given.");
  await expect(writing(page)).toHaveCount(0);
  // The marker the model kept opens its source.
  await answer.getByRole("button", { name: /^\[1\] Miranda rights/ }).click();
  await expect(page.getByRole("dialog", { name: ITEM }).locator("mark")).toContainText("remain silent");
});

test("Stop ends the request: the fake sees the abort, and no answer is added", async ({ page, context }) => {
  await openChat(page, context);
  fake.respond({ pieces: ["An answer that never ", "ends"], held: true });
  await ask(page, QUESTION);
  await fake.waitForRequest();
  fake.release();
  await expect(writing(page)).toContainText("An answer that never");
  await page.getByRole("button", { name: "Stop" }).click();
  await expect.poll(() => fake.aborted()).toBe(true);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Reply stopped");
  await expect(writing(page)).toHaveCount(0);
  await expect(answers(page)).toHaveCount(0);
});

test("a server that never answers: after 20 s the message and the quoted passages, so the user never has nothing", async ({ page, context }) => {
  await openChat(page, context);
  await pauseClock(page);
  fake.respond("hang");
  await ask(page, QUESTION);
  await fake.waitForRequest();
  await page.clock.runFor(19_900);
  await expect(answers(page)).toHaveCount(0);
  await page.clock.runFor(100);
  const answer = answers(page).last();
  await expect(answer).toContainText("The assistant did not start answering within 20 seconds. Here is what your sources say instead:");
  await expect(answer.locator("blockquote").first()).toContainText(QUOTED);
  await expect(answer.getByRole("button", { name: /^\d Citations?$/ })).toBeVisible();
  await expect.poll(() => fake.aborted()).toBe(true);
});

test("a hostile answer: a link dressed as a citation and an image show their addresses as text; only the real marker is a button", async ({ page, context }) => {
  const offSite: string[] = [];
  page.on("request", (request) => void (request.url().includes("evil.example") && offSite.push(request.url())));
  await openChat(page, context);
  fake.respond({
    pieces: [
      "Silence is a right [1]. See [\\[1\\]](https://evil.example/?d=miranda-silence) ",
      "and ![the chart](https://evil.example/pixel.png?d=miranda) and [the note](#citation-1).",
    ],
    held: true,
  });
  await ask(page, QUESTION);
  await fake.waitForRequest();
  fake.release();
  // While it streams: text, no link, no image.
  await expect(writing(page)).toContainText("https://evil.example/?d=miranda-silence");
  await expect(writing(page).getByRole("link")).toHaveCount(0);
  await expect(writing(page).locator("img")).toHaveCount(0);
  fake.release();
  const answer = answers(page).last();
  await expect(answer).toContainText("Silence is a right [1]. See [1] (https://evil.example/?d=miranda-silence) and the chart (https://evil.example/pixel.png?d=miranda) and the note (#citation-1).");
  await expect(answer.getByRole("link")).toHaveCount(0);
  await expect(answer.locator("img")).toHaveCount(0);
  await expect(answer.getByRole("button", { name: /^\[\d+\]/ })).toHaveCount(1);
  await answer.getByRole("button", { name: /^\[1\] Miranda rights/ }).click();
  await expect(page.getByRole("dialog", { name: ITEM })).toBeVisible();
  expect(offSite).toEqual([]);
});

// One chat asks twice: a failed request, then one past the quota (each was a test with a workspace of its own).
test.describe("a failed request, and one past the daily quota", () => {
  test.use({ allowConsoleErrors: [/status of (500|429)/] });

  test("a failed request gives a clear message plus the quoted passages; past the daily quota the reply says only that the limit is reached, then quotes the passages", async ({ page, context }) => {
    await openChat(page, context);
    await test.step("a failed request gives a clear message plus the quoted passages", async () => {
      fake.respond({ status: 500 });
      await ask(page, QUESTION);
      // The reply lands no earlier than 2 s after the question: the clock runs them rather than the test waiting.
      await page.clock.runFor(REPLY_DELAY_MS);
      const answer = answers(page).last();
      await expect(answer).toContainText("The assistant could not answer (error 500). Try again later. Here is what your sources say instead:", { timeout: 15_000 });
      await expect(answer.locator("blockquote").first()).toContainText(QUOTED);
    });
    await test.step("past the daily quota, the reply says only that the limit is reached, then quotes the passages", async () => {
      fake.respond({ status: 429, message: "Daily assistant limit reached.", code: "daily_limit" });
      await ask(page, QUESTION);
      await page.clock.runFor(REPLY_DELAY_MS);
      await expect(answers(page)).toHaveCount(2);
      const answer = answers(page).last();
      await expect(answer.locator("p").first()).toHaveText("Daily assistant limit reached; the quoted passages are below.", { timeout: 15_000 });
      await expect(answer.locator("blockquote").first()).toContainText(QUOTED);
      await expect(answer).not.toContainText("Here is what your sources say instead");
      await expect(answer).not.toContainText(/error 429|busy/);
    });
  });
});

// Review with a model (issue 30, item 7): a Found cell may also get a one-line answer, written from that cell's passage
// alone and shown beside the quote; one that names what the passage does not say is dropped.
test("a review's Found cell gets the model's one-line answer beside its quote, from its passage only; an unfounded one is dropped", async ({ page, context }) => {
  await openChat(page, context);
  const clause = "This Agreement shall be governed by the laws of the State of Illinois.";
  const text = `SUPPLY AGREEMENT\n\n1. Supply. The Supplier shall deliver the goods monthly.\n\n12. Governing Law. ${clause}\n\n13. Assignment. Neither party may assign this Agreement without the prior written consent of the other party.\n`;
  await page.goto("/dash/uploads");
  await page.getByLabel("Choose File").setInputFiles({ name: "Supply agreement.txt", mimeType: "text/plain", buffer: Buffer.from(text) });
  await page.getByLabel("Target Case").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByRole("main").getByRole("listitem", { name: "Supply agreement", exact: true })).toContainText("Indexed", { timeout: 45_000 });

  fake.respond({ pieces: ["Illinois [1]"], held: false });
  await page.goto("/dash/review");
  await page.getByRole("button", { name: "New Review" }).click();
  const dialog = page.getByRole("dialog", { name: "New Review" });
  await dialog.getByRole("checkbox", { name: /^Supply agreement/ }).check();
  await dialog.getByText("Governing law and disputes", { exact: true }).click();
  await dialog.getByRole("checkbox", { name: "Governing law", exact: true }).check();
  // The requests of this test only (an earlier test may have left one that nobody waited for).
  const seen = fake.requests.length;
  await dialog.getByRole("button", { name: "Start Review" }).click();
  await expect.poll(() => fake.requests.length).toBeGreaterThan(seen);
  const request = fake.requests[seen]!;
  const body = request.body as { messages: { role: string; content: string }[] };
  expect(body.messages[1]?.content).toContain("Which law governs this agreement? Answer in one short line");
  // One passage only: the cell's own clause.
  expect(body.messages[1]?.content).toContain(clause);
  expect(body.messages[1]?.content).not.toContain("[2]");
  const grid = page.getByRole("grid", { name: /documents by questions/ });
  const cell = grid.getByRole("gridcell").first();
  await expect(cell).toContainText("Illinois");
  await expect(cell).toContainText(clause);

  // A one-line answer naming what the passage does not say is left out; the quote stays.
  fake.respond({ pieces: ["Only with the consent of Delaware courts [1]"], held: false });
  await page.getByRole("button", { name: "Add question" }).click();
  const add = page.getByRole("dialog", { name: "Add questions" });
  await add.getByText("Assignment and change of control", { exact: true }).click();
  await add.getByRole("checkbox", { name: "Assignment", exact: true }).check();
  await add.getByRole("button", { name: "Add to review" }).click();
  await expect.poll(() => fake.requests.length).toBeGreaterThan(seen + 1);
  const second = grid.getByRole("gridcell").nth(1);
  await expect(second).toContainText("prior written consent");
  await expect(page.getByText("2 of 2 cells")).toBeVisible();
  await expect(second).not.toContainText("Delaware");
});

// Compare with a model (issue 45, item 4): Ask about these changes quotes each change from both versions and adds the
// model's one-line summary of it, asked from the change's clause in both versions only; a line naming what neither
// clause says is dropped, its quote kept.
test("Ask about these changes: each quoted change gets the model's one-line summary from its clauses; an unfounded one is dropped", async ({ page, context }) => {
  await openChat(page, context);
  const contract = (law: string) =>
    `SUPPLY AGREEMENT\n\n1. Supply. The Supplier shall deliver the goods monthly.\n\n12. Governing Law. This Agreement shall be governed by the laws of the State of ${law}.\n\n13. Assignment. Neither party may assign this Agreement without the prior written consent of the other party.\n`;
  const titles = ["Supply v1", "Supply v2"];
  await page.goto("/dash/uploads");
  for (const [i, law] of ["Illinois", "Delaware"].entries()) {
    await page.getByLabel("Choose File").setInputFiles({ name: `${titles[i] ?? ""}.txt`, mimeType: "text/plain", buffer: Buffer.from(contract(law)) });
    await page.getByLabel("Target Case").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page.getByRole("main").getByRole("listitem", { name: titles[i], exact: true })).toContainText("Indexed", { timeout: 45_000 });
  }
  await page.goto("/dash/files");
  const ids = await Promise.all(titles.map(async (title) => ((await card(page, title).getByRole("heading", { level: 2 }).getAttribute("id")) ?? "").replace(/^file-/, "")));
  await page.goto(`/dash/compare?a=${ids[0] ?? ""}&b=${ids[1] ?? ""}`);
  await expect(page.getByRole("heading", { level: 2, name: "1 clause changed, 0 added, 0 removed, 0 moved" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Ask about these changes" }).click();
  await expectChatWithChip(page, titles[1] ?? "");

  fake.respond({ pieces: ["Governing law moves from Illinois ", "to Delaware [1, 2]."], held: false });
  const seen = fake.requests.length;
  await ask(page, "Which governing law applies now?");
  const quote = "Governing Law: 'State of Illinois' → 'State of Delaware', clause 12, p. 1 / p. 1";
  await expect(answers(page).last()).toContainText(`${quote} Summary: Governing law moves from Illinois to Delaware.`);
  // One request for the one change: its clause in the older version as [1], in the newer as [2], nothing else.
  expect(fake.requests.length).toBe(seen + 1);
  const prompt = (fake.requests[seen]?.body as { messages: { content: string }[] }).messages[1]?.content ?? "";
  expect(prompt).toMatch(/Answer in one short line .* from passages \[1\] and \[2\] only/);
  expect(prompt).toMatch(/\[1\][\s\S]*State of Illinois[\s\S]*\[2\][\s\S]*State of Delaware/);
  expect(prompt).not.toContain("Supplier shall deliver");

  // A line naming a state neither clause has is left out; the quote stays.
  fake.respond({ pieces: ["Governing law moves from Illinois to Texas."], held: false });
  await ask(page, "And the governing law, once more?");
  await expect(answers(page)).toHaveCount(2);
  await expect(answers(page).last()).toContainText(quote);
  await expect(answers(page).last()).not.toContainText("Summary");
  await expect(answers(page).last()).not.toContainText("Texas");
});
