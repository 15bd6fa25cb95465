import { describe, expect, it } from "vitest";
import { allStrings, isRecordId, oneOf, parseIdMap, parseList, withEntry, withoutEntry } from "./parse";

describe("stored-record helpers", () => {
  it("allStrings: every value a string, empty ones included", () => {
    expect(allStrings("a", "", "c")).toBe(true);
    expect(allStrings("a", undefined)).toBe(false);
    expect(allStrings("a", 1)).toBe(false);
    expect(allStrings(null)).toBe(false);
  });

  it("oneOf: the value only when it is one of the options", () => {
    expect(oneOf("law", ["law", "judgment"])).toBe("law");
    expect(oneOf("Law", ["law", "judgment"])).toBeNull();
    expect(oneOf(1, ["law"])).toBeNull();
  });

  it("parseList: every record valid, else null", () => {
    const even = (n: unknown) => (typeof n === "number" && n % 2 === 0 ? n : null);
    expect(parseList([2, 4], even)).toEqual([2, 4]);
    expect(parseList([2, 3], even)).toBeNull();
    expect(parseList({ 0: 2 }, even)).toBeNull();
  });
});

describe("record ids", () => {
  it.each([
    ["a UUID", "0b6f3c1e-5d1a-4c36-9a57-1f0f8f1f7a11", true],
    ["a sample slug", "case-hadjipetrou-gdpr", true],
    ["a reply id", "sample-lease:2026-03-02T12:00:00.000Z", true],
    ["constructor", "constructor", true],
    ["toString", "toString", true],
    ["__proto__", "__proto__", true],
    ["hasOwnProperty", "hasOwnProperty", true],
    ["valueOf", "valueOf", true],
    ["empty", "", false],
    ["a slash (part of a storage key)", "a/backup/2026", false],
    ["a space", "a b", false],
    ["a control character", "a\u0000", false],
    ["too long", "x".repeat(257), false],
    ["a number", 7, false],
    ["null", null, false],
  ])("isRecordId: %s -> %s", (_, id, valid) => expect(isRecordId(id)).toBe(valid));

  it.each(["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"])("parseIdMap keeps %s as an own entry, and nothing else", (id) => {
    const map = parseIdMap(JSON.parse(`{"${id}": 2}`), (n) => (typeof n === "number" ? n : null));
    expect([...(map ?? [])]).toEqual([[id, 2]]);
    expect(parseIdMap({}, () => 1)?.has(id)).toBe(false);
  });

  it("parseIdMap: null for a non-object, a bad id or a bad value", () => {
    const num = (n: unknown) => (typeof n === "number" ? n : null);
    expect(parseIdMap([], num)).toBeNull();
    expect(parseIdMap(null, num)).toBeNull();
    expect(parseIdMap({ "a/b": 1 }, num)).toBeNull();
    expect(parseIdMap({ a: "1" }, num)).toBeNull();
  });

  it("withEntry and withoutEntry return new maps and leave the old one as it was", () => {
    const before = new Map([["a", 1]]);
    const added = withEntry(before, "__proto__", 2);
    expect([...added]).toEqual([["a", 1], ["__proto__", 2]]);
    expect([...withoutEntry(added, "a")]).toEqual([["__proto__", 2]]);
    expect(withoutEntry(before, "missing")).toBe(before);
    expect([...before]).toEqual([["a", 1]]);
  });
});
