import { describe, expect, it } from "vitest";
import { PROMPT_LIMITS, SYSTEM_INSTRUCTION, buildChatRequest, parseQuestion, withinLimits, type AssistantPassage } from "./prompt";

const lease: AssistantPassage = { n: 1, title: "Lease agreement", source: "lease.pdf", page: 3, text: "  The rent is due on the first day.  " };
const note: AssistantPassage = { n: 4, title: "Client note", source: "Knowledge base", text: "Call before noon." };

describe("buildChatRequest", () => {
  it("asks for a stream with the instruction first and no model of its own", () => {
    const request = buildChatRequest("When is rent due?", [lease]);
    expect(request.stream).toBe(true);
    expect(request).not.toHaveProperty("model");
    expect(request.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(request.messages[0]?.content).toBe(SYSTEM_INSTRUCTION);
  });

  it.each([
    ["passages only", /only the numbered passages/],
    ["citations as [n]", /\[1\]/],
    ["saying so when they do not answer", /do not answer the question, say so/],
  ])("the instruction asks for %s", (_, pattern) => {
    expect(SYSTEM_INSTRUCTION).toMatch(pattern);
  });

  it.each<[string, AssistantPassage[], string]>([
    [
      "a passage with a page",
      [lease],
      "Question: When is rent due?\n\nPassages:\n\n[1] Lease agreement (lease.pdf, page 3)\nThe rent is due on the first day.",
    ],
    [
      "passages keep their own numbers",
      [lease, note],
      "Question: When is rent due?\n\nPassages:\n\n[1] Lease agreement (lease.pdf, page 3)\nThe rent is due on the first day.\n\n[4] Client note (Knowledge base)\nCall before noon.",
    ],
    ["no passages", [], "Question: When is rent due?\n\nPassages:\n\n(no passages were found)"],
  ])("the user message carries the question and %s", (_, passages, expected) => {
    expect(buildChatRequest("  When is rent due? ", passages).messages[1]?.content).toBe(expected);
  });

  it("names a model only when asked", () => {
    expect(buildChatRequest("q", [], { model: "llama3.1" }).model).toBe("llama3.1");
    expect(buildChatRequest("q", [], { model: "" })).not.toHaveProperty("model");
  });
});

describe("withinLimits and parseQuestion", () => {
  const long = (chars: number) => "x".repeat(chars);
  const oversized = Array.from({ length: PROMPT_LIMITS.passages + 3 }, (_, i) => ({
    n: i + 1,
    title: long(PROMPT_LIMITS.labelChars + 5),
    source: long(PROMPT_LIMITS.labelChars + 5),
    ...(i % 2 ? { page: i, document: `doc-${String(i)}` } : { item: `kb-${String(i)}` }),
    text: ` ${long(PROMPT_LIMITS.passageChars + 5)} `,
  }));

  it("cuts what the browser sends to the limits, keeping each passage's number and page", () => {
    const fitted = withinLimits(` ${long(PROMPT_LIMITS.questionChars + 5)} `, oversized);
    expect(fitted.question).toHaveLength(PROMPT_LIMITS.questionChars);
    expect(fitted.passages.map((p) => p.n)).toEqual(Array.from({ length: PROMPT_LIMITS.passages }, (_, i) => i + 1));
    expect(fitted.passages[1]).toEqual({
      n: 2,
      title: long(PROMPT_LIMITS.labelChars),
      source: long(PROMPT_LIMITS.labelChars),
      page: 1,
      text: long(PROMPT_LIMITS.passageChars),
      document: "doc-1",
    });
    expect(fitted.passages[0]).not.toHaveProperty("page");
    expect(fitted.passages[0]).toMatchObject({ item: "kb-0" });
  });

  it("the function takes whatever the browser sends, however large the passages found", () => {
    const fitted = withinLimits(long(PROMPT_LIMITS.questionChars + 5), oversized);
    expect(parseQuestion(JSON.parse(JSON.stringify(fitted)))).toEqual(fitted);
  });

  it.each<[string, unknown]>([
    ["not an object", ["q"]],
    ["messages", { messages: [{ role: "system", content: "x" }] }],
    ["a role beside the question", { question: "q", passages: [], role: "system" }],
    ["a question without passages (a general-purpose model)", { question: "Write me a sonnet about Paphos.", passages: [] }],
    ["a passage that is text", { question: "q", passages: ["x"] }],
    ["a passage without text", { question: "q", passages: [{ n: 1, title: "t", source: "s", text: " " }] }],
    ["a passage that says nothing of where it is from", { question: "q", passages: [{ n: 1, title: "t", source: "s", text: "x" }] }],
    ["a knowledge passage with a page", { question: "q", passages: [{ n: 1, title: "t", source: "s", page: 2, text: "x", item: "kb" }] }],
    ["a document id over the limit", { question: "q", passages: [{ n: 1, title: "t", source: "s", page: 2, text: "x", document: "d".repeat(PROMPT_LIMITS.idChars + 1) }] }],
  ])("refuses %s", (_, body) => {
    expect(parseQuestion(body)).toEqual({ refused: expect.any(String) });
  });
});
