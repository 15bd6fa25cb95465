import { describe, expect, it } from "vitest";
import { allStrings, oneOf, parseList } from "./parse";

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
