import { describe, expect, it } from "vitest";
import { clockLabel, formatInZone, formatLongDate, timeLabel, todayIn, wallClock, zoneOffsetMs, zonedToInstant } from "./zonedTime";

const NICOSIA = "Europe/Nicosia";

describe("zonedToInstant", () => {
  it.each([
    // Winter (EET, UTC+2) and summer (EEST, UTC+3).
    ["2026-01-15", "17:30", "2026-01-15T15:30:00.000Z"],
    ["2026-07-15", "17:30", "2026-07-15T14:30:00.000Z"],
    // Spring change, Sunday 29 March 2026 at 03:00 local: the Friday before is +2, the Monday after +3.
    ["2026-03-27", "22:30", "2026-03-27T20:30:00.000Z"],
    ["2026-03-30", "17:30", "2026-03-30T14:30:00.000Z"],
    // Autumn change, Sunday 25 October 2026 at 04:00 local: the Friday before is +3, the Monday after +2.
    ["2026-10-23", "17:30", "2026-10-23T14:30:00.000Z"],
    ["2026-10-26", "17:30", "2026-10-26T15:30:00.000Z"],
  ])("%s %s in Nicosia is %s", (date, time, iso) => {
    expect(zonedToInstant(date, time, NICOSIA).toISOString()).toBe(iso);
  });

  it("settles on the right side of a change on the day itself", () => {
    expect(zonedToInstant("2026-03-29", "17:30", NICOSIA).toISOString()).toBe("2026-03-29T14:30:00.000Z");
    expect(zonedToInstant("2026-10-25", "17:30", NICOSIA).toISOString()).toBe("2026-10-25T15:30:00.000Z");
  });

  it("works for zones west of UTC and across their own changes", () => {
    expect(zonedToInstant("2026-03-06", "09:00", "America/New_York").toISOString()).toBe("2026-03-06T14:00:00.000Z");
    expect(zonedToInstant("2026-03-09", "09:00", "America/New_York").toISOString()).toBe("2026-03-09T13:00:00.000Z");
  });
});

describe("wallClock and zoneOffsetMs", () => {
  it("reads the clock of a zone at an instant", () => {
    expect(wallClock(new Date("2026-04-14T21:30:00Z"), "Asia/Tokyo")).toEqual({ date: "2026-04-15", hour: 6, minute: 30 });
    expect(wallClock(new Date("2026-04-14T00:30:00Z"), "America/New_York")).toEqual({ date: "2026-04-13", hour: 20, minute: 30 });
  });
  it("gives the offset in force", () => {
    expect(zoneOffsetMs(new Date("2026-01-15T12:00:00Z"), NICOSIA)).toBe(2 * 3_600_000);
    expect(zoneOffsetMs(new Date("2026-07-15T12:00:00Z"), NICOSIA)).toBe(3 * 3_600_000);
    expect(zoneOffsetMs(new Date("2026-07-15T12:00:00Z"), "America/New_York")).toBe(-4 * 3_600_000);
  });
});

describe("todayIn", () => {
  it("is the calendar date in the zone, not in UTC", () => {
    // 22:30 UTC on the 14th is already 01:30 on the 15th in Nicosia (summer).
    expect(todayIn(NICOSIA, new Date("2026-04-14T22:30:00Z"))).toBe("2026-04-15");
    expect(todayIn("America/New_York", new Date("2026-04-14T22:30:00Z"))).toBe("2026-04-14");
  });
});

describe("labels", () => {
  it.each([
    [0, 0, "12:00 AM"],
    [9, 5, "9:05 AM"],
    [12, 0, "12:00 PM"],
    [17, 30, "5:30 PM"],
    [22, 30, "10:30 PM"],
  ])("clockLabel(%i, %i) is %s", (h, m, label) => {
    expect(clockLabel(h, m)).toBe(label);
  });
  it("turns a 24-hour time into a slot label", () => {
    expect(timeLabel("17:30")).toBe("5:30 PM");
  });
  it("writes a calendar date out in full", () => {
    expect(formatLongDate("2026-04-14")).toBe("Tuesday, 14 April 2026");
  });
  it("writes an instant out as a zone's clock shows it", () => {
    const start = new Date("2026-04-15T14:30:00Z");
    expect(formatInZone(start, NICOSIA)).toBe("Wednesday, 15 April 2026, 5:30 PM");
    expect(formatInZone(start, "America/New_York")).toBe("Wednesday, 15 April 2026, 10:30 AM");
    expect(formatInZone(start, "Pacific/Kiritimati")).toBe("Thursday, 16 April 2026, 4:30 AM");
  });
});
