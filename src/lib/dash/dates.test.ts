import { describe, expect, it } from "vitest";
import { formatDay, formatLongDay, localDay } from "./dates";

describe("dates", () => {
  it("reads today in the user's zone", () => expect(localDay(new Date(2025, 0, 5, 23, 30))).toBe("2025-01-05"));
  it.each([
    ["2025-03-14", "en-GB", "14 Mar 2025"],
    ["2025-03-14", "en-US", "Mar 14, 2025"],
    ["2025-01-01", "el-CY", "1 Ιαν 2025"],
    ["not a date", "en-GB", "not a date"],
  ])("shows %s in %s as %s", (value, locale, text) => expect(formatDay(value, locale)).toBe(text));
  it("shows a long date", () => expect(formatLongDay("2025-01-15T09:30:00.000Z", "en-US")).toBe("January 15, 2025"));
});
