import { describe, expect, it } from "vitest";
import { cleanTitle, groupConversations, parseConversations, relativeDate, titleFromMessage, type Conversation } from "./conversations";

const NOW = new Date("2026-03-02T12:00:00.000Z");
const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();

describe("titleFromMessage", () => {
  it.each([
    ["  Short   question \n here ", "Short question here"],
    ["x".repeat(60), "x".repeat(60)],
    ["x".repeat(61), `${"x".repeat(59)}…`],
    [
      "What are the remedies for breach of a commercial lease in the District Court of Limassol?",
      "What are the remedies for breach of a commercial lease in…",
    ],
  ])("%j -> %j", (text, title) => {
    expect(titleFromMessage(text)).toBe(title);
    expect(titleFromMessage(text).length).toBeLessThanOrEqual(60);
  });
});

describe("cleanTitle", () => {
  it.each([
    ["  New  name ", "New name"],
    ["", null],
    ["   \t ", null],
  ])("%j -> %j", (text, title) => expect(cleanTitle(text)).toBe(title));
});

describe("groupConversations", () => {
  it("puts pinned first and sorts each group newest first", () => {
    const list: Conversation[] = [
      { id: "a", title: "A", pinned: false, updatedAt: at(30) },
      { id: "b", title: "B", pinned: true, updatedAt: at(60) },
      { id: "c", title: "C", pinned: false, updatedAt: at(5) },
      { id: "d", title: "D", pinned: true, updatedAt: at(1) },
    ];
    const groups = groupConversations(list);
    expect(groups.pinned.map((c) => c.id)).toEqual(["d", "b"]);
    expect(groups.recent.map((c) => c.id)).toEqual(["c", "a"]);
  });
});

describe("relativeDate", () => {
  it.each([
    [0.2, "just now"],
    [5, "5 minutes ago"],
    [60, "1 hour ago"],
    [60 * 26, "yesterday"],
    [60 * 24 * 3, "3 days ago"],
    [60 * 24 * 8, "last week"],
    [60 * 24 * 40, "last month"],
  ])("%d minutes ago reads %j", (minutes, text) => expect(relativeDate(at(minutes), NOW)).toBe(text));
});

describe("parseConversations", () => {
  it("accepts a valid list and refuses a malformed one", () => {
    const ok = [{ id: "a", title: "A", pinned: false, updatedAt: at(1) }];
    expect(parseConversations(ok)).toEqual(ok);
    expect(parseConversations([{ ...ok[0], pinned: "yes" }])).toBeNull();
    expect(parseConversations([{ ...ok[0], updatedAt: "not a date" }])).toBeNull();
    expect(parseConversations({})).toBeNull();
  });
});
