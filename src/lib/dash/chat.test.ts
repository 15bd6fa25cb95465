import { describe, expect, it } from "vitest";
import { answerChip, cannedReply, parseMessages, parsePendingReplies, plainText, regeneratedReply, scopeFromPreference, storedPendingReplies } from "./chat";

describe("cannedReply", () => {
  it("has markdown (a list, bold) and three citations with title, source and page", () => {
    const reply = cannedReply(0);
    expect(reply.content).toMatch(/\*\*[^*]+\*\*/);
    expect(reply.content).toMatch(/^(1\.|-) /m);
    expect(reply.citations).toHaveLength(3);
    for (const c of reply.citations ?? []) expect(c).toEqual({ id: expect.any(String), title: expect.any(String), source: expect.any(String), page: expect.any(Number) });
  });

  it("regenerates a different wording", () => {
    expect(regeneratedReply(cannedReply(0).content).content).not.toBe(cannedReply(0).content);
    expect(regeneratedReply(cannedReply(1).content).content).toBe(cannedReply(0).content);
  });
});

describe("scopeFromPreference", () => {
  it.each([
    ["firm", "firm"],
    ["kb", "kb"],
    ["all", "all"],
    ["case", "case"],
    [undefined, "all"],
  ] as const)("%s -> %s", (preference, scope) => expect(scopeFromPreference(preference)).toBe(scope));
});

describe("answerChip", () => {
  it("labels the answer with its plain text, shortened", () => {
    const chip = answerChip({ id: "m1", content: "**Bold** start\n\n1. one item that goes on for quite a while longer" });
    expect(chip).toEqual({ type: "knowledge", id: "m1", label: expect.stringMatching(/^Answer: Bold start one item/) });
    expect(chip.label.length).toBeLessThanOrEqual("Answer: ".length + 48);
    expect(plainText("- **a**\n- b")).toBe("a b");
  });
});

describe("parseMessages", () => {
  const ok = { id: "m", role: "user", content: "hi", timestamp: "2026-03-02T12:00:00.000Z", scope: "kb" };
  it.each([
    [[ok], true],
    [[{ ...ok, citations: cannedReply(0).citations }], true],
    [[{ ...ok, context: [{ type: "case", id: "c1", label: "Case" }] }], true],
    [[{ ...ok, role: "system" }], false],
    [[{ ...ok, scope: "everything" }], false],
    [[{ ...ok, citations: [{ id: "x" }] }], false],
    [[{ ...ok, context: [{ type: "planet", id: "c1", label: "x" }] }], false],
    ["nope", false],
  ])("%j valid: %s", (data, valid) => expect(parseMessages(data) !== null).toBe(valid));
});

describe("parsePendingReplies", () => {
  it.each([
    [{}, true],
    [{ c1: { since: "2026-03-02T12:00:00.000Z" } }, true],
    [{ c1: { since: "2026-03-02T12:00:00.000Z", replaces: "m1" } }, true],
    [{ c1: { since: "soon" } }, false],
    [{ c1: { since: "2026-03-02T12:00:00.000Z", replaces: 4 } }, false],
    [[], false],
    [null, false],
  ])("%j valid: %s", (data, valid) => expect(parsePendingReplies(data) !== null).toBe(valid));

  it.each(["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"])("%s is an ordinary conversation id, kept through a save and a read", (id) => {
    const since = "2026-03-02T12:00:00.000Z";
    const parsed = parsePendingReplies(JSON.parse(`{"${id}":{"since":"${since}"}}`));
    expect(parsed).toEqual(new Map([[id, { since }]]));
    expect(parsePendingReplies(JSON.parse(JSON.stringify(storedPendingReplies(parsed ?? new Map()))))).toEqual(parsed);
    expect(parsePendingReplies({})?.get(id)).toBeUndefined();
  });

  it.each([["a/b"], [""], ["a b"]])("refuses the conversation id %j", (id) =>
    expect(parsePendingReplies({ [id]: { since: "2026-03-02T12:00:00.000Z" } })).toBeNull(),
  );
});
