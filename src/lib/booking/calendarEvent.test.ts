import { describe, expect, it } from "vitest";
import { bookingEvent, eventEnd, googleCalendarUrl, utcStamp, type CalendarEvent } from "./calendarEvent";

const event: CalendarEvent = {
  uid: "id@host",
  title: "Discovery call with Paphos AI",
  description: "Questions: hello@example.com & more",
  start: new Date("2026-04-15T14:30:00Z"),
  minutes: 30,
};

describe("calendar event", () => {
  it("ends after its minutes", () => {
    expect(eventEnd(event).toISOString()).toBe("2026-04-15T15:00:00.000Z");
  });
  it("writes UTC stamps in basic form", () => {
    expect(utcStamp(new Date("2026-04-15T14:30:09.999Z"))).toBe("20260415T143009Z");
  });
});

describe("googleCalendarUrl", () => {
  it("opens Google Calendar's event template with title, UTC dates and details", () => {
    const url = new URL(googleCalendarUrl(event));
    expect(`${url.origin}${url.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Discovery call with Paphos AI");
    expect(url.searchParams.get("dates")).toBe("20260415T143000Z/20260415T150000Z");
    expect(url.searchParams.get("details")).toBe("Questions: hello@example.com & more");
  });
});

describe("bookingEvent", () => {
  const context = { brand: "Paphos AI", email: "hello@example.com", host: "paphos.example", minutes: 30 };
  it("describes the booked call, its guests and how to change it", () => {
    const made = bookingEvent({ id: "abc", guests: ["a@example.com", "b@example.com"] }, event.start, context);
    expect(made).toEqual({
      uid: "abc@paphos.example",
      title: "Discovery call with Paphos AI",
      description: "Your free discovery call with Paphos AI.\nGuests: a@example.com, b@example.com\nTo change or cancel it, e-mail hello@example.com.",
      start: event.start,
      minutes: 30,
    });
    expect(bookingEvent({ id: "abc", guests: [] }, event.start, context).description).not.toContain("Guests");
  });
});
