import { describe, expect, it } from "vitest";
import { buildBookingPayload } from "../booking/bookingForm";
import { site } from "../../site.config";
import { INBOX_BODY_LIMIT, INBOX_FILE_LIMIT, fullFileReason, oversizeReason, parseInboxBody, requestRefusal, type InboxRecord } from "./validate";

const NOW = new Date("2026-04-13T06:00:00Z");
// The booking body the page really sends, built by its own payload code.
const booking = buildBookingPayload({
  id: "0d6f3b5e-7c1a-4a8e-9b2f-2f4c5d6e7f80",
  fields: { name: " Maria ", email: "maria@example.com", message: "A clinic.", guests: [{ id: "g1", email: "nikos@example.com" }, { id: "g2", email: " " }] },
  choice: { date: "2026-04-14", time: "6:00 PM" },
  timeZone: site.booking.timeZone,
  now: NOW,
});
// A literal rather than buildContactPayload: that builder's signature is changing (issue 11 adds an id).
const contact: InboxRecord["contact"] = { name: "Maria", email: "maria@example.com", message: "We need a chatbot.", page: "/contact", timestamp: NOW.toISOString() };

const parseBooking = (body: unknown) => parseInboxBody("booking", JSON.stringify(body), site.booking);
const parseContact = (body: unknown) => parseInboxBody("contact", JSON.stringify(body), site.booking);
const without = <T extends object>(body: T, key: keyof T) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));

describe("parseInboxBody accepts what the pages send", () => {
  it.each([
    ["a booking, with its id", "booking", booking],
    ["a booking without an id", "booking", without(booking, "id")],
    ["a booking with no guests and no message", "booking", { ...booking, guests: [], message: "" }],
    ["a booking in the last slot, with an offset timestamp", "booking", { ...booking, time: "10:30 PM", timestamp: "2026-04-13T09:00:00+03:00" }],
    ["a message", "contact", contact],
    ["a message with an id", "contact", { ...contact, id: "c-1" }],
  ] as const)("%s", (_name, kind, body) => {
    expect(parseInboxBody(kind, JSON.stringify(body), site.booking)).toEqual({ ok: true, record: body });
  });
});

describe("parseInboxBody refuses with a reason", () => {
  it.each([
    ["text that is not JSON", "name=Maria", "The body is not JSON."],
    ["an empty body", "", "The body is not JSON."],
    ["a JSON array", "[]", "The body must be a JSON object."],
    ["JSON null", "null", "The body must be a JSON object."],
    ["a JSON string", '"hello"', "The body must be a JSON object."],
  ])("%s", (_name, text, reason) => {
    expect(parseInboxBody("booking", text, site.booking)).toEqual({ ok: false, reason });
    expect(parseInboxBody("contact", text, site.booking)).toEqual({ ok: false, reason });
  });

  it.each([
    ["no name", without(booking, "name"), 'Missing field "name".'],
    ["no guests", without(booking, "guests"), 'Missing field "guests".'],
    ["no timezone", without(booking, "timezone"), 'Missing field "timezone".'],
    ["a blank name", { ...booking, name: "  " }, 'Field "name" must not be blank.'],
    ["a numeric name", { ...booking, name: 42 }, 'Field "name" must be a string.'],
    ["a malformed e-mail", { ...booking, email: "maria@example" }, 'Field "email" must be an e-mail address.'],
    ["a date in another format", { ...booking, date: "14/04/2026" }, 'Field "date" must be a date as YYYY-MM-DD.'],
    ["a date that does not exist", { ...booking, date: "2026-02-30" }, 'Field "date" must be a date as YYYY-MM-DD.'],
    ["a Saturday", { ...booking, date: "2026-04-18" }, 'Field "date" must be a weekday.'],
    ["a time outside the schedule", { ...booking, time: "9:00 AM" }, 'Field "time" must be one of the slots: 5:30 PM, 6:00 PM, 6:30 PM, 7:00 PM, 7:30 PM, 8:00 PM, 8:30 PM, 9:00 PM, 9:30 PM, 10:00 PM, 10:30 PM.'],
    ["a 24-hour time", { ...booking, time: "18:00" }, /^Field "time" must be one of the slots: 5:30 PM/],
    ["a null message", { ...booking, message: null }, 'Field "message" must be a string.'],
    ["guests as one string", { ...booking, guests: "nikos@example.com" }, 'Field "guests" must be a list of e-mail addresses.'],
    ["a blank guest", { ...booking, guests: [""] }, 'Field "guests" must be a list of e-mail addresses.'],
    ["an unknown zone", { ...booking, timezone: "Europe/Atlantis" }, 'Field "timezone" must be a time zone name.'],
    ["a timestamp without a zone", { ...booking, timestamp: "2026-04-13T06:00:00" }, 'Field "timestamp" must be an ISO 8601 date and time.'],
    ["a numeric id", { ...booking, id: 7 }, 'Field "id" must be a non-blank string of at most 100 characters.'],
    ["an overlong id", { ...booking, id: "x".repeat(101) }, 'Field "id" must be a non-blank string of at most 100 characters.'],
    ["an unexpected field", { ...booking, phone: "+357" }, 'Unexpected field "phone".'],
  ])("a booking with %s", (_name, body, reason) => {
    const result = parseBooking(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it.each([
    ["no message", without(contact, "message"), 'Missing field "message".'],
    ["no page", without(contact, "page"), 'Missing field "page".'],
    ["a blank message", { ...contact, message: "\n " }, 'Field "message" must not be blank.'],
    ["a full URL as the page", { ...contact, page: "https://example.com/contact" }, 'Field "page" must be a path starting with /.'],
    ["a protocol-relative page", { ...contact, page: "//example.com/" }, 'Field "page" must be a path starting with /.'],
    ["a timestamp that is not a date", { ...contact, timestamp: "yesterday" }, 'Field "timestamp" must be an ISO 8601 date and time.'],
    ["a booking's fields", { ...contact, date: "2026-04-14" }, 'Unexpected field "date".'],
  ])("a message with %s", (_name, body, reason) => {
    expect(parseContact(body)).toEqual({ ok: false, reason });
  });

  it("names every problem at once, unexpected fields first, then in field order", () => {
    expect(parseContact({ extra: 1, email: "x", page: "/" })).toEqual({
      ok: false,
      reason:
        'Unexpected field "extra". Missing field "name". Field "email" must be an e-mail address. Missing field "message". Missing field "timestamp".',
    });
  });
});

describe("the body limit", () => {
  it.each([
    [0, undefined],
    [INBOX_BODY_LIMIT, undefined],
    [INBOX_BODY_LIMIT + 1, "The body is larger than 65536 bytes."],
  ])("%i bytes: %s", (bytes, reason) => {
    expect(oversizeReason(bytes)).toBe(reason);
  });

  it("counts bytes, not characters, and refuses a body over the limit before parsing it", () => {
    // 21,846 three-byte characters: under the limit in characters, over it in UTF-8 bytes.
    const text = JSON.stringify({ ...contact, message: "€".repeat(21_846) });
    expect(text.length).toBeLessThan(INBOX_BODY_LIMIT);
    expect(parseInboxBody("contact", text, site.booking)).toEqual({ ok: false, reason: "The body is larger than 65536 bytes." });
  });
});

describe("control characters", () => {
  it.each([
    ["an escape sequence in the name", { ...contact, name: "Maria\u001b[2J" }, 'Field "name" must not contain control characters.'],
    ["a newline in the name", { ...contact, name: "Maria\nIoannou" }, 'Field "name" must not contain control characters.'],
    ["a tab in the e-mail", { ...contact, email: "maria@example.com\t" }, /^Field "email" must/],
    ["a NUL in the page", { ...contact, page: "/contact\u0000" }, 'Field "page" must not contain control characters.'],
    ["a C1 control in the message", { ...contact, message: "Hello\u009b31m" }, 'Field "message" must not contain control characters other than tabs and line breaks.'],
    ["a bell in the message", { ...contact, message: "Hello\u0007" }, 'Field "message" must not contain control characters other than tabs and line breaks.'],
    ["DEL in the id", { ...contact, id: "c-1\u007f" }, 'Field "id" must not contain control characters.'],
  ])("refuses %s", (_name, body, reason) => {
    const result = parseContact(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it("refuses one in a booking's guest list or its time zone", () => {
    expect(parseBooking({ ...booking, guests: ["nikos@example.com\u001b"] })).toMatchObject({ ok: false });
    expect(parseBooking({ ...booking, message: "Line 1\u001b]0;title\u0007" })).toEqual({
      ok: false,
      reason: 'Field "message" must not contain control characters other than tabs and line breaks.',
    });
  });

  it("accepts a message over several lines, with tabs", () => {
    const body = { ...contact, message: "Dear team,\r\n\tWe need a chatbot.\nThanks, Maria — Πάφος" };
    expect(parseContact(body)).toEqual({ ok: true, record: body });
  });
});

describe("requestRefusal", () => {
  const post = { method: "POST", contentType: "application/json", origin: "http://localhost:4321", host: "localhost:4321", fetchSite: "same-origin" };
  it.each([
    ["the dev server's own page", post, undefined],
    ["a JSON POST with a charset", { ...post, contentType: "Application/JSON; charset=utf-8" }, undefined],
    ["a tool without Origin or Sec-Fetch-Site", { ...post, origin: undefined, fetchSite: undefined }, undefined],
    ["a GET typed in the address bar", { method: "GET", contentType: undefined, origin: undefined, host: "localhost:4321", fetchSite: "none" }, undefined],
    ["a cross-site request", { ...post, fetchSite: "cross-site" }, 403],
    ["a cross-site request without Origin", { ...post, origin: undefined, fetchSite: "cross-site" }, 403],
    ["another origin", { ...post, origin: "https://evil.example", fetchSite: undefined }, 403],
    ["another port on localhost (same-site)", { ...post, origin: "http://localhost:3000", fetchSite: "same-site" }, 403],
    ["an opaque origin", { ...post, origin: "null" }, 403],
    ["a text/plain POST", { ...post, contentType: "text/plain" }, 415],
    ["a form POST", { ...post, contentType: "application/x-www-form-urlencoded" }, 415],
    ["a POST without Content-Type", { ...post, contentType: undefined }, 415],
    ["a cross-site text/plain POST (refused as cross-site first)", { ...post, contentType: "text/plain", fetchSite: "cross-site" }, 403],
  ])("%s -> %s", (_name, request, status) => {
    expect(requestRefusal(request)?.status).toBe(status);
  });

  it("says why", () => {
    expect(requestRefusal({ ...post, origin: "https://evil.example" })?.reason).toBe(
      "Requests from https://evil.example are refused: only the dev server's own pages may send.",
    );
    expect(requestRefusal({ ...post, contentType: "text/plain" })?.reason).toBe("The body must be sent as Content-Type: application/json.");
  });
});

describe("the file limit", () => {
  it.each([
    [0, 200, undefined],
    [INBOX_FILE_LIMIT - 200, 200, undefined],
    [INBOX_FILE_LIMIT - 199, 200, `The inbox file .inbox/messages.jsonl would pass ${INBOX_FILE_LIMIT} bytes: move or delete it to take more.`],
  ])("%i bytes + a line of %i: %s", (fileBytes, lineBytes, reason) => {
    expect(fullFileReason(".inbox/messages.jsonl", fileBytes, lineBytes)).toBe(reason);
  });
});
