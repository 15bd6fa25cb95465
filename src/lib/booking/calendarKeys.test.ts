import { describe, expect, it } from "vitest";
import { isSelectKey, nextFocusDate } from "./calendarKeys";

const MIN = "2026-04-14";
const MAX = "2026-06-12";
const FAR = "2099-12-31";

describe("nextFocusDate", () => {
  it.each([
    ["ArrowRight", false, "2026-04-15", "2026-04-16"],
    ["ArrowLeft", false, "2026-04-15", "2026-04-14"],
    ["ArrowDown", false, "2026-04-29", "2026-05-06"],
    ["ArrowUp", false, "2026-05-06", "2026-04-29"],
    ["Home", false, "2026-04-16", "2026-04-13"],
    ["End", false, "2026-04-16", "2026-04-19"],
    ["PageDown", false, "2026-01-31", "2026-02-28"],
    ["PageUp", false, "2026-06-30", "2026-05-30"],
    ["PageDown", true, "2026-04-20", "2027-04-20"],
    ["PageUp", true, "2027-05-20", "2026-05-20"],
  ])("%s (shift %s) from %s goes to %s", (key, shift, from, to) => {
    expect(nextFocusDate(key, shift, from, "2026-01-01", FAR)).toBe(to);
  });

  it("never goes before the first bookable day", () => {
    expect(nextFocusDate("ArrowLeft", false, MIN, MIN, MAX)).toBe(MIN);
    expect(nextFocusDate("ArrowUp", false, "2026-04-16", MIN, MAX)).toBe(MIN);
    expect(nextFocusDate("PageUp", false, "2026-05-01", MIN, MAX)).toBe(MIN);
    expect(nextFocusDate("Home", false, "2026-04-15", MIN, MAX)).toBe(MIN);
  });

  it("never goes past the horizon's last day", () => {
    expect(nextFocusDate("ArrowRight", false, MAX, MIN, MAX)).toBe(MAX);
    expect(nextFocusDate("ArrowDown", false, "2026-06-08", MIN, MAX)).toBe(MAX);
    expect(nextFocusDate("PageDown", false, "2026-05-20", MIN, MAX)).toBe(MAX);
    expect(nextFocusDate("PageDown", true, MIN, MIN, MAX)).toBe(MAX);
    expect(nextFocusDate("End", false, "2026-06-11", MIN, MAX)).toBe(MAX);
  });

  it("ignores other keys", () => {
    expect(nextFocusDate("a", false, MIN, MIN, MAX)).toBeNull();
    expect(nextFocusDate("Tab", false, MIN, MIN, MAX)).toBeNull();
  });
});

describe("isSelectKey", () => {
  it("selects with Enter and Space only", () => {
    expect(isSelectKey("Enter")).toBe(true);
    expect(isSelectKey(" ")).toBe(true);
    expect(isSelectKey("Escape")).toBe(false);
  });
});
