import { describe, expect, it } from "vitest";
import { SYSTEM_INSTRUCTION, buildChatRequest, type AssistantPassage } from "./prompt";

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
