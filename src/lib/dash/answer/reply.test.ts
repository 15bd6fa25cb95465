import { describe, expect, it, vi } from "vitest";
import { AssistantError, type AnswerInput, type AssistantClient } from "../../assistant/client";
import { failures } from "../../assistant/errors";
import type { ChatMessage, ReplyRequest } from "../chat";
import { DOCUMENTS, KNOWLEDGE, LEASE } from "../../../../tests/fixtures/searchFixtures";
import { assistantCopy, createReplyWriter, modelPassage } from "./reply";
import { rebuild } from "../../search/worker/searchIndex";

const index = rebuild(DOCUMENTS, KNOWLEDGE);
const retriever = { search: vi.fn((query: string, options?: Parameters<typeof index.search>[1]) => Promise.resolve(index.search(query, options))) };
const context = () => ({ caseOf: () => undefined, caseTitle: () => undefined, isKnowledgeItem: () => true });

const question = (content: string, scope: ChatMessage["scope"] = "all"): ChatMessage => ({ id: "q", role: "user", content, timestamp: "2026-03-02T12:00:00.000Z", scope });
const request = (content: string, scope?: ChatMessage["scope"], signal = new AbortController().signal): ReplyRequest & { texts: string[] } => {
  const texts: string[] = [];
  return { question: question(content, scope), history: [], signal, onText: (text) => texts.push(text), texts };
};

/** A model that answers what the test says, recording what it was given. */
function fakeModel(answer: (input: AnswerInput) => Promise<{ text: string; dropped: number[] }>) {
  const inputs: AnswerInput[] = [];
  const model: AssistantClient = {
    answer: (input) => {
      inputs.push(input);
      return answer(input);
    },
  };
  return { model, inputs };
}

describe("the reply writer", () => {
  it("answers a chat opened from a comparison from its changes, for its first question and the next ones", async () => {
    const aboutChanges = vi.fn((q: string, pair: { a: string; b: string }, _request: unknown) => Promise.resolve({ content: `${q} ${pair.a}→${pair.b}` }));
    const search = vi.fn(retriever.search);
    const write = createReplyWriter({ retriever: { search }, context, model: () => null, aboutChanges });
    const first = { ...question("Governing law?"), compare: { a: "v1", b: "v2" } };
    expect((await write({ ...request(""), question: first })).content).toBe("Governing law? v1→v2");
    const next = await write({ ...request("And termination?"), history: [first, { ...question("answer"), role: "assistant" }] });
    expect(next.content).toBe("And termination? v1→v2");
    expect(search).not.toHaveBeenCalled();
    // The chat's stop and stream go with it, for a model's summaries.
    expect(aboutChanges.mock.calls[0]?.[2]).toMatchObject({ signal: expect.any(AbortSignal), onText: expect.any(Function) });
  });

  it("without a model, quotes the passages", async () => {
    const write = createReplyWriter({ retriever, context, model: () => null });
    const reply = await write(request("When is the security deposit returned?"));
    expect(reply.content).toMatch(/^I found/);
    expect(reply.citations?.[0]?.ref).toEqual({ kind: "page", docId: LEASE.id });
  });

  it("with a model, sends the question and only the passages found, numbered as the citations, and streams", async () => {
    const { model, inputs } = fakeModel((input) => {
      input.onText("The deposit");
      return Promise.resolve({ text: "The deposit is returned within 30 days [1].", dropped: [] });
    });
    const write = createReplyWriter({ retriever, context, model: () => model });
    const asked = request("When is the security deposit returned?");
    const reply = await write(asked);
    expect(reply.content).toBe("The deposit is returned within 30 days [1].");
    expect(asked.texts).toEqual(["The deposit"]);
    expect(inputs[0]?.question).toBe("When is the security deposit returned?");
    expect(inputs[0]?.passages.map((p) => p.n)).toEqual(reply.citations?.map((_, i) => i + 1));
    expect(inputs[0]?.passages[0]).toMatchObject({ n: 1, title: LEASE.title, source: LEASE.caseTitle, page: 2 });
    expect(inputs[0]?.passages[0]?.text).toContain("security deposit of EUR 1,900");
  });

  it("says a citation was dropped when the model named a passage it was not given", async () => {
    const { model } = fakeModel(() => Promise.resolve({ text: "Returned within 30 days [1].", dropped: [7] }));
    const reply = await createReplyWriter({ retriever, context, model: () => model })(request("security deposit returned"));
    expect(reply.content).toBe(`Returned within 30 days [1].\n\n${assistantCopy.dropped(1)}`);
  });

  it.each([
    [new AssistantError("timeout", "The assistant did not start answering within 20 seconds.")],
    [new Error("boom")],
  ])("a failed or silent model gives its message and the quoted passages: %s", async (error) => {
    const { model } = fakeModel(() => Promise.reject(error));
    const reply = await createReplyWriter({ retriever, context, model: () => model })(request("security deposit returned"));
    const message = error instanceof AssistantError ? error.message : "The assistant could not answer.";
    expect(reply.content.startsWith(`${message} ${assistantCopy.fallback}\n\nI found`)).toBe(true);
    expect(reply.citations?.[0]?.ref).toEqual({ kind: "page", docId: LEASE.id });
  });

  it("past the daily quota says exactly that, then quotes the passages, and no other error", async () => {
    const { model } = fakeModel(() => Promise.reject(failures.quota()));
    const reply = await createReplyWriter({ retriever, context, model: () => model })(request("security deposit returned"));
    expect(reply.content).toMatch(/^Daily assistant limit reached; the quoted passages are below\.\n\nI found/);
    expect(reply.content).not.toContain(assistantCopy.fallback);
    expect(reply.citations?.[0]?.ref).toEqual({ kind: "page", docId: LEASE.id });
  });

  it("asks no model when nothing was found, and says so with no citation", async () => {
    const { model, inputs } = fakeModel(() => Promise.resolve({ text: "invented", dropped: [] }));
    const reply = await createReplyWriter({ retriever, context, model: () => model })(request("cryptocurrency wallets", "kb"));
    expect(inputs).toEqual([]);
    expect(reply.content).toMatch(/^I found nothing in the knowledge base/);
    expect(reply.citations).toBeUndefined();
  });

  it("Stop during the model's answer rejects, rather than falling back", async () => {
    const controller = new AbortController();
    const { model } = fakeModel(() => {
      controller.abort();
      return Promise.reject(new AssistantError("aborted", "Stopped."));
    });
    const rejection: unknown = await createReplyWriter({ retriever, context, model: () => model })(request("security deposit returned", "all", controller.signal)).then(
      () => "resolved",
      (error: unknown) => error,
    );
    // The signal's own reason (an AbortError), neither the model's error nor a fallback reply.
    expect(rejection).toBe(controller.signal.reason);
    expect(rejection).toBeInstanceOf(DOMException);
    expect(rejection).toHaveProperty("name", "AbortError");
  });

  it("a model passage is the whole passage quoted, with its title, page and the document it is cut from", () => {
    const [result] = index.search("security deposit").results;
    if (!result) throw new Error("no result");
    const passage = modelPassage(result, 0);
    // The document's id and page let the assistant function find the text on the user's own page (issue 43).
    expect(passage).toMatchObject({ n: 1, title: LEASE.title, page: 2, document: LEASE.id });
    expect(passage).not.toHaveProperty("item");
    expect(passage.text).toBe(result.snippet.text);
    expect(passage.text).toMatch(/^Security Deposit\. .*deposit\.$/);
  });
});

describe("documents still being read", () => {
  it("the answer says how many documents in its scope were not searched yet", async () => {
    const scopes: unknown[] = [];
    const write = createReplyWriter({
      retriever,
      context,
      model: () => null,
      stillReading: (scope) => {
        scopes.push(scope);
        return 2;
      },
    });
    const reply = await write(request("When is the security deposit returned?", "firm"));
    expect(reply.content.endsWith(`\n\n${assistantCopy.reading(2)}`)).toBe(true);
    expect(scopes).toEqual([{ kind: "firm" }]);
    const none = await createReplyWriter({ retriever, context, model: () => null, stillReading: () => 0 })(request("security deposit"));
    expect(none.content).not.toContain("still being read");
  });
});

describe("waiting for the index", () => {
  it("waits for the scope's documents until the answer is due, no longer", async () => {
    const waits: [unknown, number][] = [];
    const write = createReplyWriter({
      retriever,
      context,
      model: () => null,
      waitForIndex: (scope, until) => {
        waits.push([scope, until]);
        return Promise.resolve();
      },
    });
    await write(request("security deposit", "kb"));
    await write(request("security deposit", "web"));
    expect(waits).toEqual([[{ kind: "kb" }, Date.parse("2026-03-02T12:00:00.000Z") + 2000]]);
  });
});
