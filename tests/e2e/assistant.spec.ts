import type { BrowserContext, Page } from "@playwright/test";
import { startFakeAssistant, type FakeAssistant } from "./fixtures/assistant";
import { answers, ask, waitForSamples } from "./fixtures/chat";
import { ADA, openDash, signInAs } from "./fixtures/dash";
import { ASSISTANT_SITE } from "./fixtures/sites";
import { pauseClock, workspaceContext } from "./fixtures/workspace";
import { expect, test } from "./fixtures/test";

// Grounded answers with a model (issue 18): the "assistant" build's PUBLIC_ASSISTANT_URL names a fake OpenAI-compatible
// server on 127.0.0.1 that this spec owns and drives piece by piece.
test.use({ baseURL: ASSISTANT_SITE, ...workspaceContext });
test.describe.configure({ mode: "serial", timeout: 120_000 });

const QUESTION = "What is the defects liability period?";
const QUOTED = "The Defects Liability Period is 24 months";

let fake: FakeAssistant;
test.beforeAll(async () => {
  fake = await startFakeAssistant(900_000);
});
test.afterAll(() => fake.close());

const writing = (page: Page) => page.getByRole("article", { name: "Assistant (writing)" });

/** Signs Ada in, waits for the samples to be read (the passages come from them), and opens the chat in All. */
async function openChat(page: Page, context: BrowserContext) {
  await signInAs(context);
  await page.clock.install({ time: new Date("2025-03-14T10:00:00+02:00") });
  await waitForSamples(page);
  await openDash(page, "/dash/chat", "Chat");
  await page.getByRole("combobox", { name: "Scope" }).selectOption("all");
}

test("the answer streams in pieces, written from only the passages sent; an invented [7] is dropped and said so", async ({ page, context }) => {
  await openChat(page, context);
  fake.respond({ pieces: ["The defects liability period ", "is 24 months from completion [1]", ", as clause 4.2 says [7]."], held: true });
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
  expect(body.messages[1]?.content).toMatch(/\[1\][\s\S]*Construction Services Agreement[\s\S]*24 months/);
  expect(request.headers.authorization).toBe(`Bearer demo-access-${ADA.id}`);

  fake.release();
  await expect(writing(page)).toContainText("The defects liability period");
  await expect(writing(page)).not.toContainText("24 months");
  fake.release();
  await expect(writing(page)).toContainText("is 24 months from completion");
  fake.release();
  const answer = answers(page).last();
  await expect(answer).toContainText("The defects liability period is 24 months from completion [1], as clause 4.2 says.");
  await expect(answer).not.toContainText("[7]");
  await expect(answer).toContainText("One citation was removed: it named a passage the assistant was not given.");
  await expect(writing(page)).toHaveCount(0);
  // The marker the model kept opens its source.
  await answer.getByRole("button", { name: /^\[1\] Construction Services Agreement/ }).click();
  await expect(page.getByRole("dialog", { name: "Construction Services Agreement, Kato Paphos Residences" }).getByText("Page 2 of 3")).toBeVisible();
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

test.describe("a failed request", () => {
  test.use({ allowConsoleErrors: [/status of 500/] });

  test("gives a clear message plus the quoted passages", async ({ page, context }) => {
    await openChat(page, context);
    fake.respond({ status: 500 });
    await ask(page, QUESTION);
    const answer = answers(page).last();
    await expect(answer).toContainText("The assistant could not answer (error 500). Try again later. Here is what your sources say instead:", { timeout: 15_000 });
    await expect(answer.locator("blockquote").first()).toContainText(QUOTED);
  });
});
