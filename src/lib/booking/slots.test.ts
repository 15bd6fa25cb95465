import { describe, expect, it } from "vitest";
import { site } from "../../site.config";
import { bookedKey, daySlots, isBookableDate, lastBookableDate, scheduleTimes, type Slot } from "./slots";

const schedule = site.booking;
const NICOSIA = "Europe/Nicosia";
const none = new Set<string>();
// Monday 13 April 2026, 09:00 in Nicosia (EEST): nothing of the day has started.
const MORNING = new Date("2026-04-13T06:00:00Z");

const labels = (slots: Slot[]) => slots.map((s) => s.label);
const local = (slots: Slot[]) => slots.map((s) => s.localLabel);

describe("scheduleTimes", () => {
  it("runs from 5:30 PM to 10:30 PM every 30 minutes: 11 slots", () => {
    expect(scheduleTimes(schedule)).toEqual(["17:30", "18:00", "18:30", "19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00", "22:30"]);
  });
});

describe("daySlots", () => {
  it("labels every slot in Nicosia time and shows no local time to a visitor in Nicosia", () => {
    const slots = daySlots("2026-04-15", schedule, { now: MORNING, visitorZone: NICOSIA, booked: none });
    expect(labels(slots)).toEqual(["5:30 PM", "6:00 PM", "6:30 PM", "7:00 PM", "7:30 PM", "8:00 PM", "8:30 PM", "9:00 PM", "9:30 PM", "10:00 PM", "10:30 PM"]);
    expect(local(slots).every((l) => l === null)).toBe(true);
    expect(slots[0]?.start.toISOString()).toBe("2026-04-15T14:30:00.000Z");
  });

  it("adds the visitor's time in New York", () => {
    const slots = daySlots("2026-04-15", schedule, { now: MORNING, visitorZone: "America/New_York", booked: none });
    expect(local(slots).slice(0, 2)).toEqual(["10:30 AM", "11:00 AM"]);
    expect(local(slots).at(-1)).toBe("3:30 PM");
  });

  it("adds the visitor's time and the next day in Tokyo", () => {
    const slots = daySlots("2026-04-15", schedule, { now: MORNING, visitorZone: "Asia/Tokyo", booked: none });
    expect(local(slots).slice(0, 3)).toEqual(["11:30 PM", "12:00 AM, Thu 16 Apr", "12:30 AM, Thu 16 Apr"]);
    expect(local(slots).at(-1)).toBe("4:30 AM, Thu 16 Apr");
  });

  it("shows no local time in a zone whose clock reads the same (Athens)", () => {
    const slots = daySlots("2026-04-15", schedule, { now: MORNING, visitorZone: "Europe/Athens", booked: none });
    expect(local(slots).every((l) => l === null)).toBe(true);
  });

  it.each([
    // Nicosia's spring change week (Sunday 29 March 2026): New York already on summer time.
    ["2026-03-27", "2026-03-27T15:30:00.000Z", "11:30 AM"],
    ["2026-03-30", "2026-03-30T14:30:00.000Z", "10:30 AM"],
    // Nicosia's autumn change week (Sunday 25 October 2026): New York still on summer time.
    ["2026-10-23", "2026-10-23T14:30:00.000Z", "10:30 AM"],
    ["2026-10-26", "2026-10-26T15:30:00.000Z", "11:30 AM"],
  ])("on %s the 5:30 PM slot starts at %s (%s in New York)", (date, iso, ny) => {
    const slots = daySlots(date, schedule, { now: new Date("2026-01-01T00:00:00Z"), visitorZone: "America/New_York", booked: none });
    expect(slots).toHaveLength(11);
    expect(slots[0]?.label).toBe("5:30 PM");
    expect(slots[0]?.start.toISOString()).toBe(iso);
    expect(slots[0]?.localLabel).toBe(ny);
  });

  it("offers on today's date only the slots that have not started", () => {
    // 18:10 in Nicosia: 5:30 PM and 6:00 PM are past.
    const now = new Date("2026-04-15T15:10:00Z");
    expect(labels(daySlots("2026-04-15", schedule, { now, visitorZone: NICOSIA, booked: none }))[0]).toBe("6:30 PM");
    expect(daySlots("2026-04-15", schedule, { now, visitorZone: NICOSIA, booked: none })).toHaveLength(9);
    // A slot that starts right now has started.
    const atStart = new Date("2026-04-15T15:30:00Z");
    expect(labels(daySlots("2026-04-15", schedule, { now: atStart, visitorZone: NICOSIA, booked: none }))[0]).toBe("7:00 PM");
    expect(daySlots("2026-04-16", schedule, { now, visitorZone: NICOSIA, booked: none })).toHaveLength(11);
  });

  it("marks slots booked in this browser", () => {
    const booked = new Set([bookedKey("2026-04-15", "6:00 PM")]);
    const slots = daySlots("2026-04-15", schedule, { now: MORNING, visitorZone: NICOSIA, booked });
    expect(slots.filter((s) => s.booked).map((s) => s.label)).toEqual(["6:00 PM"]);
    expect(bookedKey("2026-04-15", "6:00 PM")).toBe("2026-04-15 6:00 PM");
  });
});

describe("isBookableDate", () => {
  it.each([
    ["2026-04-13", true, "today, slots ahead"],
    ["2026-04-17", true, "a Friday"],
    ["2026-04-18", false, "a Saturday"],
    ["2026-04-19", false, "a Sunday"],
    ["2026-04-10", false, "a past Friday"],
    ["2026-06-12", true, "the last day of the 60-day horizon, a Friday"],
    ["2026-06-15", false, "the Monday after the horizon"],
    ["2027-01-04", false, "a Monday next year"],
    ["2099-01-05", false, "a Monday in 2099"],
  ])("%s: %s (%s)", (date, bookable) => {
    expect(isBookableDate(date, schedule, MORNING, 60)).toBe(bookable);
  });

  it("ends the horizon on Nicosia's date", () => {
    expect(lastBookableDate(schedule, MORNING, 60)).toBe("2026-06-12");
    expect(lastBookableDate(schedule, new Date("2026-04-13T23:30:00Z"), 60)).toBe("2026-06-13");
  });

  it("uses Nicosia's date, not the visitor's or UTC's", () => {
    // 23:30 UTC on Monday the 13th is 02:30 on Tuesday the 14th in Nicosia: Monday is over.
    const now = new Date("2026-04-13T23:30:00Z");
    expect(isBookableDate("2026-04-13", schedule, now, 60)).toBe(false);
    expect(isBookableDate("2026-04-14", schedule, now, 60)).toBe(true);
  });

  it("closes today once its last slot has started", () => {
    expect(isBookableDate("2026-04-13", schedule, new Date("2026-04-13T19:29:00Z"), 60)).toBe(true);
    expect(isBookableDate("2026-04-13", schedule, new Date("2026-04-13T19:30:00Z"), 60)).toBe(false);
  });
});
