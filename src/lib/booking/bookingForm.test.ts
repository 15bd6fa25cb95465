import { describe, expect, it } from "vitest";
import { buildBookingPayload, cleanGuests, firstInvalidField, toStoredBooking, validateBooking, type BookingFields } from "./bookingForm";

const fields: BookingFields = {
  name: " Maria Georgiou ",
  email: " maria@example.com ",
  message: " About our clinic \n",
  guests: [
    { id: "g1", email: " andreas@example.com " },
    { id: "g2", email: "   " },
    { id: "g3", email: "" },
    { id: "g4", email: "eleni@example.com" },
  ],
};

describe("cleanGuests", () => {
  it("trims the guest e-mails and drops the blank rows", () => {
    expect(cleanGuests(fields.guests)).toEqual(["andreas@example.com", "eleni@example.com"]);
    expect(cleanGuests([])).toEqual([]);
  });
});

describe("validateBooking", () => {
  it("accepts a complete form with blank guest rows", () => {
    expect(validateBooking(fields)).toEqual({});
  });
  it("requires a name and an e-mail", () => {
    expect(validateBooking({ ...fields, name: " ", email: "" })).toEqual({ name: "Name is required", email: "Email is required" });
  });
  it("rejects an e-mail that does not look like one, for the visitor and for each guest", () => {
    const errors = validateBooking({ ...fields, email: "maria@", guests: [{ id: "g1", email: "andreas" }, { id: "g2", email: "" }] });
    expect(errors).toEqual({ email: "Please enter a valid email", guests: { g1: "Please enter a valid email" } });
  });
  it("names the first invalid field in reading order", () => {
    const bad = { ...fields, guests: [{ id: "g1", email: "ok@example.com" }, { id: "g2", email: "nope" }] };
    expect(firstInvalidField(validateBooking(bad), bad)).toBe("guest-g2");
    expect(firstInvalidField(validateBooking({ ...bad, email: "" }), bad)).toBe("email");
    expect(firstInvalidField(validateBooking({ ...bad, name: "" }), bad)).toBe("name");
    expect(firstInvalidField({}, fields)).toBeNull();
  });
});

describe("buildBookingPayload", () => {
  it("builds the webhook body: trimmed fields, clean guests, zone, ISO timestamp and the id", () => {
    const payload = buildBookingPayload({
      id: "0b6f6a52-8d5e-4b53-9f3c-1f1d2b8f4e10",
      fields,
      choice: { date: "2026-04-15", time: "5:30 PM" },
      timeZone: "Europe/Nicosia",
      now: new Date("2026-04-13T06:00:00Z"),
    });
    expect(payload).toEqual({
      id: "0b6f6a52-8d5e-4b53-9f3c-1f1d2b8f4e10",
      name: "Maria Georgiou",
      email: "maria@example.com",
      date: "2026-04-15",
      time: "5:30 PM",
      message: "About our clinic",
      guests: ["andreas@example.com", "eleni@example.com"],
      timezone: "Europe/Nicosia",
      timestamp: "2026-04-13T06:00:00.000Z",
    });
    expect(toStoredBooking(payload)).toEqual({
      date: "2026-04-15",
      time: "5:30 PM",
      name: "Maria Georgiou",
      email: "maria@example.com",
      guests: ["andreas@example.com", "eleni@example.com"],
      message: "About our clinic",
      timestamp: "2026-04-13T06:00:00.000Z",
    });
  });
});

