import { describe, expect, it } from "vitest";
import { addDays, addMonths, formatMonth, formatShortDate, isWeekend, monthWeeks, weekdayIndex } from "./calendarDates";

describe("date arithmetic", () => {
  it("adds days across months, years and daylight-saving changes", () => {
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
  it("adds months, clamping to the end of a shorter month", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-04-14", -4)).toBe("2025-12-14");
    expect(addMonths("2026-04-14", 12)).toBe("2027-04-14");
  });
});

describe("weekends", () => {
  it.each([
    ["2026-04-13", 0, false],
    ["2026-04-17", 4, false],
    ["2026-04-18", 5, true],
    ["2026-04-19", 6, true],
  ])("%s is weekday %i, weekend %s", (date, index, weekend) => {
    expect(weekdayIndex(date)).toBe(index);
    expect(isWeekend(date)).toBe(weekend);
  });
});

describe("monthWeeks", () => {
  it("lays a month out in Monday-first weeks with blanks outside it", () => {
    const weeks = monthWeeks("2026-04-14");
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, null, "2026-04-01", "2026-04-02", "2026-04-03", "2026-04-04", "2026-04-05"]);
    expect(weeks[4]).toEqual(["2026-04-27", "2026-04-28", "2026-04-29", "2026-04-30", null, null, null]);
  });
  it("ends without an empty week when the month ends on a Sunday", () => {
    const weeks = monthWeeks("2026-05-01");
    expect(weeks.at(-1)?.at(-1)).toBe("2026-05-31");
    expect(weeks).toHaveLength(5);
  });
  it("handles a February that fills exactly four weeks", () => {
    expect(monthWeeks("2027-02-10")).toHaveLength(4);
  });
});

describe("formatting", () => {
  it("names months and short dates", () => {
    expect(formatMonth("2026-04-14")).toBe("April 2026");
    expect(formatShortDate("2026-04-15")).toBe("Wed 15 Apr");
  });
});
