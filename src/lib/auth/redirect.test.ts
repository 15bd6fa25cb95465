import { describe, expect, it } from "vitest";
import { loginUrlFor, safeNextPath } from "./redirect";

const ORIGIN = "https://paphos.example";

describe("safeNextPath", () => {
  it.each([
    [null, "/dashboard"],
    ["", "/dashboard"],
    ["/dash/cases", "/dash/cases"],
    ["/dash/files?q=lease#top", "/dash/files?q=lease#top"],
    ["https://evil.example/dash", "/dashboard"],
    ["//evil.example/dash", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["javascript:alert(1)", "/dashboard"],
    ["dash", "/dashboard"],
  ])("%j goes to %j", (next, expected) => {
    expect(safeNextPath(next, ORIGIN)).toBe(expected);
  });
});

describe("loginUrlFor", () => {
  it("keeps the requested path, query and hash in `next`", () => {
    expect(loginUrlFor({ pathname: "/dash/cases", search: "?s=1", hash: "#a" })).toBe("/login?next=%2Fdash%2Fcases%3Fs%3D1%23a");
  });
});
