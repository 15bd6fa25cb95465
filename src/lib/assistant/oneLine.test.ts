import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type Received } from "../../../supabase/functions/assistant/fakeServices";
import { createAssistantClient } from "./client";
import { askOneLine, keptOneLine, oneLineQuestion } from "./oneLine";

const PASSAGE = "This Agreement shall be governed by the laws of the State of Illinois. Neither party may assign it without the prior written consent of the other, for 10 years from delivery of the last sample.";

describe("a one-line answer from a model", () => {
  it.each([
    ["Illinois [1]", "Illinois"],
    ["Yes, with prior written consent [1].", "Yes, with prior written consent."],
    ["10 years from delivery of the last sample\nMore words.", "10 years from delivery of the last sample"],
  ])("%s is kept as %s", (model, kept) => {
    expect(keptOneLine(model, PASSAGE)).toBe(kept);
  });
  it.each([
    ["Delaware", "a name the passage lacks"],
    ["The laws of Delaware [1]", "a name beside words the passage has"],
    ["25 years", "a number the passage lacks"],
    ["No", "nothing named"],
    ["The passages do not answer the question.", "no word of the passage"],
    ["", "empty"],
    ["x".repeat(200), "too long"],
  ])("%s is dropped (%s)", (model) => {
    expect(keptOneLine(model, PASSAGE)).toBeNull();
  });
  it.each([
    ["Which law governs this agreement?", undefined, /^Which law governs this agreement\? Answer in one short line .*"Illinois"\), from passage \[1\] only\.$/],
    ["What changed?", "passages [1] and [2]", /^What changed\? Answer in one short line .*, from passages \[1\] and \[2\] only\.$/],
  ])("asks %s for one short line from the passages named", (question, from, asked) => {
    expect(oneLineQuestion(question, '"Illinois"', from)).toMatch(asked);
  });
});

/** What the fake model answers next: its text, streamed, or an HTTP status. */
let next: { text: string } | { status: number } = { text: "" };

/** An OpenAI-compatible model on 127.0.0.1 that streams `next`. */
function respond(_: Received, res: ServerResponse) {
  if ("status" in next) {
    res.writeHead(next.status, { "content-type": "application/json" }).end('{"error":{"message":"down"}}');
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.end(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: next.text } }] })}\n\ndata: [DONE]\n\n`);
}

describe("asking a model for one line over HTTP, and checking it", () => {
  let model: Awaited<ReturnType<typeof startService>>;
  beforeAll(async () => void (model = await startService(respond)));
  afterAll(() => model.close());
  const client = () => createAssistantClient({ url: `${model.url}/v1/chat/completions`, fetch, token: () => null });
  const passages = [
    { n: 1, title: "10.5 Governing Law", source: "Older version", text: "10.5 Governing Law. The laws of the State of New York govern." },
    { n: 2, title: "10.5 Governing Law", source: "Newer version", text: "10.5 Governing Law. The laws of the State of Delaware govern." },
  ];

  it.each([
    ["a line the passages back", { text: "Governing law moves from New York to Delaware [1, 2]." }, "Governing law moves from New York to Delaware."],
    ["a line naming a state neither passage has", { text: "Governing law moves from New York to Texas." }, null],
    ["a refusal", { status: 500 }, null],
  ])("%s", async (_, answer, kept) => {
    next = answer;
    const asked = model.received.length;
    expect(await askOneLine(client(), oneLineQuestion("How did it change?", '"x"', "passages [1] and [2]"), passages)).toBe(kept);
    const body = JSON.parse(model.received[asked]?.body ?? "{}") as { messages: { content: string }[] };
    expect(body.messages.at(-1)?.content).toContain("State of Delaware");
  });

  it("gives up when the caller stops it", async () => {
    next = { text: "Governing law moves from New York to Delaware." };
    const stopped = new AbortController();
    stopped.abort();
    expect(await askOneLine(client(), "How did it change?", passages, stopped.signal)).toBeNull();
  });
});
