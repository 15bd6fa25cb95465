import { describe, expect, it } from "vitest";
import { isSelectKey, nextFocusDate } from "./calendarKeys";

const MIN = "2026-04-14";

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
    expect(nextFocusDate(key, shift, from, "2026-01-01")).toBe(to);
  });

  it("never goes before the first bookable day", () => {
    expect(nextFocusDate("ArrowLeft", false, MIN, MIN)).toBe(MIN);
    expect(nextFocusDate("ArrowUp", false, "2026-04-16", MIN)).toBe(MIN);
    expect(nextFocusDate("PageUp", false, "2026-05-01", MIN)).toBe(MIN);
    expect(nextFocusDate("Home", false, "2026-04-15", MIN)).toBe(MIN);
  });

  it("ignores other keys", () => {
    expect(nextFocusDate("a", false, MIN, MIN)).toBeNull();
    expect(nextFocusDate("Tab", false, MIN, MIN)).toBeNull();
  });
});

describe("isSelectKey", () => {
  it("selects with Enter and Space only", () => {
    expect(isSelectKey("Enter")).toBe(true);
    expect(isSelectKey(" ")).toBe(true);
    expect(isSelectKey("Escape")).toBe(false);
  });
});
