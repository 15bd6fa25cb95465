import { describe, expect, it } from "vitest";
import { AFTER_SIGN_IN, loginUrlFor, safeNextPath } from "./redirect";

const ORIGIN = "https://paphos.example";

/** Hostile `next` values: each would leave the site (or loop) if followed as the parser reads it. */
const HOSTILE_NEXT = [
  "https://evil.example/dash",
  "//evil.example/dash",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/.//evil.example",
  "/./%2e//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/dash/..//evil.example",
  "/dash/%2e%2e/%2e%2e//evil.example",
  "/.%2e//evil.example/x",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "https://paphos.example@evil.example/",
  "//paphos.example@evil.example",
  "/login?next=/dash",
  "dash",
];

describe("safeNextPath", () => {
  it.each(HOSTILE_NEXT)("sends %j to the dashboard instead", (next) => {
    expect(safeNextPath(next, ORIGIN)).toBe(AFTER_SIGN_IN);
  });

  it.each([
    [null, "/dashboard"],
    ["", "/dashboard"],
    ["/dash/cases", "/dash/cases"],
    ["/dash/files?q=lease#top", "/dash/files?q=lease#top"],
    ["/dash/./cases", "/dash/cases"],
    ["/dash/%2e%2e/book", "/book"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/ /evil.example", "/%20/evil.example"],
    ["/dash/chat?next=//evil.example", "/dash/chat?next=//evil.example"],
  ])("%j goes to %j", (next, expected) => {
    expect(safeNextPath(next, ORIGIN)).toBe(expected);
  });

  it("never returns a value the browser would resolve to another origin", () => {
    for (const next of HOSTILE_NEXT) {
      expect(new URL(safeNextPath(next, ORIGIN), ORIGIN).origin).toBe(ORIGIN);
    }
  });
});

describe("loginUrlFor", () => {
  it("keeps the requested path, query and hash in `next`", () => {
    expect(loginUrlFor({ pathname: "/dash/cases", search: "?s=1", hash: "#a" })).toBe("/login?next=%2Fdash%2Fcases%3Fs%3D1%23a");
  });
});
