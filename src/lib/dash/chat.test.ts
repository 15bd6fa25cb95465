import { describe, expect, it } from "vitest";
import { answerChip, parseMessages, parsePendingReplies, plainText, scopeFromPreference, storedPendingReplies, type Citation } from "./chat";

const citation: Citation = { id: "page:doc-1:2", title: "Lease", page: 2, source: "Georgiou", ref: { kind: "page", docId: "doc-1" }, quote: "The rent is EUR 950." };

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
    [[{ ...ok, citations: [citation, { ...citation, ref: { kind: "knowledge", itemId: "kb-1" } }] }], true],
    [[{ ...ok, citations: [{ id: "c", title: "Older answer", page: 12, source: "Library" }] }], true],
    [[{ ...ok, citations: [{ ...citation, ref: { kind: "page" } }] }], false],
    [[{ ...ok, citations: [{ ...citation, ref: { kind: "web", url: "x" } }] }], false],
    [[{ ...ok, citations: [{ ...citation, quote: 4 }] }], false],
    // A passage's citation: its page's id, '#' and where it starts, or 'd' for a knowledge item's description.
    [[{ ...ok, citations: [{ ...citation, id: "page:doc-1:2#120" }, { ...citation, id: "kb:kb-1#d" }] }], true],
    [[{ ...ok, citations: [{ ...citation, id: "page:doc-1:2#x" }] }], false],
    [[{ ...ok, citations: [{ ...citation, id: "page:doc 1:2#120" }] }], false],
    [[{ ...ok, context: [{ type: "case", id: "c1", label: "Case" }] }], true],
    // A question asked from a comparison names its two versions.
    [[{ ...ok, compare: { a: "doc-1", b: "doc-2" } }], true],
    [[{ ...ok, compare: { a: "doc-1" } }], false],
    [[{ ...ok, compare: "doc-1" }], false],
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
