import { describe, expect, it } from "vitest";
import type { StoredBooking } from "./bookingForm";
import { memoryStorage } from "../../../tests/fixtures/memoryStorage";
import { MAX_STORED_CHARS, loadBookings, parseBookings, recordBooking, setAsideKey } from "./bookingStorage";

const KEY = "paphos-ai:bookings";
const NOW = new Date("2026-04-13T06:00:00Z");
const booking: StoredBooking = {
  date: "2026-04-15",
  time: "5:30 PM",
  name: "Maria",
  email: "maria@example.com",
  guests: [],
  message: "",
  timestamp: "2026-04-13T06:00:00.000Z",
};

describe("parseBookings", () => {
  it("reads an absent value as no bookings and a list of bookings as itself", () => {
    expect(parseBookings(null)).toEqual({ ok: true, bookings: [] });
    expect(parseBookings(JSON.stringify([booking, { ...booking, extra: 1 }]))).toEqual({ ok: true, bookings: [booking, { ...booking, extra: 1 }] });
  });
  it.each([
    ["not JSON", "{oops", "corrupt"],
    ["an object", '{"date":"2026-04-15"}', "foreign"],
    ["a string", '"hello"', "foreign"],
    ["null", "null", "foreign"],
    ["a list with a stranger", JSON.stringify([booking, { date: "tomorrow" }]), "foreign"],
    ["a guest that is not a string", JSON.stringify([{ ...booking, guests: [1] }]), "foreign"],
  ])("refuses %s", (_what, raw, reason) => {
    expect(parseBookings(raw)).toEqual({ ok: false, reason });
  });
  it("refuses an over-large value without parsing it", () => {
    expect(parseBookings("[" + " ".repeat(MAX_STORED_CHARS) + "]")).toEqual({ ok: false, reason: "too-large" });
  });
});

describe("loadBookings", () => {
  it("returns the stored list, or none when storage is missing, throws or holds something else", () => {
    expect(loadBookings(memoryStorage({ [KEY]: JSON.stringify([booking]) }), KEY)).toEqual([booking]);
    expect(loadBookings(null, KEY)).toEqual([]);
    expect(loadBookings(memoryStorage({ [KEY]: "{oops" }), KEY)).toEqual([]);
    const throwing = { getItem: () => { throw new DOMException("denied", "SecurityError"); } } as unknown as Storage;
    expect(loadBookings(throwing, KEY)).toEqual([]);
  });
});

describe("recordBooking", () => {
  it("appends to the stored list, keeping bookings another tab added", () => {
    const other = { ...booking, time: "6:00 PM" };
    const storage = memoryStorage({ [KEY]: JSON.stringify([other]) });
    expect(recordBooking(storage, KEY, booking, [], NOW)).toEqual({ bookings: [other, booking] });
    expect(JSON.parse(storage.getItem(KEY) ?? "")).toEqual([other, booking]);
  });
  it("keeps a value it cannot read aside before reusing the key", () => {
    const storage = memoryStorage({ [KEY]: "{oops" });
    expect(recordBooking(storage, KEY, booking, [], NOW)).toEqual({ bookings: [booking] });
    expect(storage.getItem(setAsideKey(KEY, NOW))).toBe("{oops");
    expect(setAsideKey(KEY, NOW)).toBe("paphos-ai:bookings:set-aside:2026-04-13T06:00:00.000Z");
    expect(JSON.parse(storage.getItem(KEY) ?? "")).toEqual([booking]);
  });
  it("leaves storage as it was when the value cannot be kept aside", () => {
    const huge = "x".repeat(MAX_STORED_CHARS + 1);
    const storage = memoryStorage({ [KEY]: huge }, MAX_STORED_CHARS * 1.5);
    const outcome = recordBooking(storage, KEY, booking, [], NOW);
    expect(outcome.bookings).toEqual([booking]);
    expect(outcome.skipped).toMatch(/^localStorage write failed: quota exceeded/);
    expect(storage.getItem(KEY)).toBe(huge);
    expect(storage.length).toBe(1);
  });
  it("keeps the booking in memory only when there is no storage", () => {
    const earlier = { ...booking, date: "2026-04-14" };
    expect(recordBooking(null, KEY, booking, [earlier], NOW)).toEqual({ bookings: [earlier, booking], skipped: "localStorage is unavailable" });
  });
});
