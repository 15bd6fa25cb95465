import { describe, expect, it } from "vitest";
import { AssistantStreamError, readChatStream } from "./stream";
import { bodyOf, contentEvent, recordedStream, recordedText } from "./fixtures/streams";

async function collect(body: ReadableStream<BufferSource>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of readChatStream(body)) pieces.push(piece);
  return pieces;
}

const euro = new TextEncoder().encode(recordedStream.slice(0, recordedStream.indexOf("€"))).length;

describe("readChatStream", () => {
  it("reads the recorded stream's content pieces, skipping the role and stop chunks", async () => {
    const pieces = await collect(bodyOf(recordedStream));
    expect(pieces).toEqual(["The", " rent is", " due on the first", " day of each month [1", "]; late payment costs €50 [7", "]."]);
    expect(pieces.join("")).toBe(recordedText);
  });

  it.each<[string, number[]]>([
    ["one byte at a time", Array.from({ length: recordedStream.length * 2 }, (_, i) => i)],
    ["inside the data prefix and the blank line", [3, 4, 5, 6, 300, 301, 302]],
    ["inside the euro sign's bytes", [euro + 1, euro + 2]],
    ["every 17 bytes", Array.from({ length: 200 }, (_, i) => i * 17)],
  ])("gives the same text cut %s", async (_, cuts) => {
    expect((await collect(bodyOf(recordedStream, cuts))).join("")).toBe(recordedText);
  });

  it.each([
    ["[DONE]", `${contentEvent("kept")}data: [DONE]\n\n${contentEvent("after done")}`],
    ["the end of the body", contentEvent("kept")],
    ["the end of the body without a blank line", `${contentEvent("kept")}data: {"choices":[{"delta":{"content":" lost"}}]}`],
  ])("ends at %s", async (_, text) => {
    expect(await collect(bodyOf(text))).toEqual(["kept"]);
  });

  it("skips comments and keep-alives", async () => {
    expect(await collect(bodyOf(`: keep-alive\n\n${contentEvent("a")}: ping\n\n${contentEvent("b")}`))).toEqual(["a", "b"]);
  });

  it.each<[string, string, string, string]>([
    ["an OpenAI error object", 'data: {"error":{"message":"Rate limit reached","type":"requests"}}\n\n', "error-event", "Rate limit reached"],
    ["an error string", 'data: {"error":"model not loaded"}\n\n', "error-event", "model not loaded"],
    ["an error event", 'event: error\ndata: {"message":"overloaded"}\n\n', "error-event", '{"message":"overloaded"}'],
    ["data that is not JSON", "data: {not json\n\n", "malformed", "{not json"],
    ["JSON that is not an object", "data: 42\n\n", "malformed", "42"],
    ["a chunk without choices", 'data: {"id":"x"}\n\n', "malformed", "a chunk without choices"],
    ["a plain JSON body instead of events", '{"choices":[{"message":{"content":"hi"}}]}\n', "malformed", 'Unknown field "{"choices""'],
  ])("fails with a typed error on %s", async (_, text, failure, detail) => {
    const error = await collect(bodyOf(`${contentEvent("before")}${text}`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AssistantStreamError);
    expect(error).toMatchObject({ failure, detail });
  });

  it("stops reading the body when the caller leaves early", async () => {
    let cancelled = false;
    const body = new ReadableStream<BufferSource>({
      start: (controller) => controller.enqueue(new TextEncoder().encode(contentEvent("first"))),
      cancel: () => void (cancelled = true),
    });
    for await (const piece of readChatStream(body)) if (piece === "first") break;
    await expect.poll(() => cancelled).toBe(true);
  });
});
