import { describe, expect, it } from "vitest";
import { buildIcs, escapeText, foldLine, icsDataUrl } from "./ics";
import type { CalendarEvent } from "./calendarEvent";

const event: CalendarEvent = {
  uid: "0b6f6a52-8d5e-4b53-9f3c-1f1d2b8f4e10@paphos.example",
  title: "Discovery call with Paphos AI",
  description: "Guests: a@example.com, b@example.com; notes\nsecond line",
  start: new Date("2026-04-15T14:30:00Z"),
  minutes: 30,
};

describe("buildIcs", () => {
  const ics = buildIcs(event, "-//Paphos AI//Booking//EN", new Date("2026-04-13T06:00:05.123Z"));
  const lines = ics.split("\r\n");

  it("uses CRLF line endings only, ending with one", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("is one VEVENT in a VCALENDAR with UTC start, end 30 minutes later, UID and DTSTAMP", () => {
    expect(lines).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Paphos AI//Booking//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "BEGIN:VEVENT",
      "UID:0b6f6a52-8d5e-4b53-9f3c-1f1d2b8f4e10@paphos.example",
      "DTSTAMP:20260413T060005Z",
      "DTSTART:20260415T143000Z",
      "DTEND:20260415T150000Z",
      "SUMMARY:Discovery call with Paphos AI",
      "DESCRIPTION:Guests: a@example.com\\, b@example.com\\; notes\\nsecond line",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ]);
  });

  it("downloads as a text/calendar data URL", () => {
    const url = icsDataUrl(ics);
    expect(url.startsWith("data:text/calendar;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(",") + 1))).toBe(ics);
  });
});

describe("escapeText", () => {
  it("escapes backslashes, semicolons, commas and newlines", () => {
    expect(escapeText("a\\b;c,d\r\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });
  it.each([
    ["CRLF", "one\r\ntwo", "one\\ntwo"],
    ["LF", "one\ntwo", "one\\ntwo"],
    ["a lone CR", "one\rtwo", "one\\ntwo"],
    ["CR CR LF", "one\r\r\ntwo", "one\\n\\ntwo"],
    ["LF CR", "one\n\rtwo", "one\\n\\ntwo"],
  ])("turns %s into one escaped newline each, leaving no raw CR", (_name, input, expected) => {
    expect(escapeText(input)).toBe(expected);
    expect(escapeText(input)).not.toMatch(/[\r\n]/);
  });
});

describe("foldLine", () => {
  const octets = (s: string) => new TextEncoder().encode(s).length;
  it("leaves a line of 75 octets alone", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
  });
  it("folds longer lines into pieces of at most 75 octets, continuations starting with a space", () => {
    const folded = foldLine(`DESCRIPTION:${"ab".repeat(100)}`);
    const pieces = folded.split("\r\n");
    expect(pieces.length).toBe(3);
    expect(pieces.every((p) => octets(p) <= 75)).toBe(true);
    expect(pieces.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(pieces.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(`DESCRIPTION:${"ab".repeat(100)}`);
  });
  it("never splits a multi-byte character", () => {
    const line = `SUMMARY:${"Μαρία ".repeat(20)}`;
    const pieces = foldLine(line).split("\r\n");
    expect(pieces.every((p) => octets(p) <= 75)).toBe(true);
    expect(pieces.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
  });
});
