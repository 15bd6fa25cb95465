import { describe, expect, it } from "vitest";
import { safeHref } from "./safeUrl";

describe("safeHref", () => {
  it.each([
    ["https://www.cylaw.org/", "https://www.cylaw.org/"],
    ["mailto:office@example.com", "mailto:office@example.com"],
    ["/dash/cases", "/dash/cases"],
    ["#note", "#note"],
    ["javascript:alert(1)", null],
    ["JaVaScRiPt:alert(1)", null],
    [" java\tscript:alert(1)", null],
    ["data:text/html,<b>x</b>", null],
    ["vbscript:x", null],
    [undefined, null],
  ])("%j -> %j", (href, expected) => expect(safeHref(href)).toBe(expected));
});
