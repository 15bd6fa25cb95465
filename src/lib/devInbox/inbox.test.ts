import { describe, expect, it } from "vitest";
import { devInboxFor, inboxDir, summaryLine } from "./inbox";

describe("inboxDir", () => {
  it.each([
    [{}, ".inbox"],
    [{ DEV_INBOX_DIR: "" }, ".inbox"],
    [{ DEV_INBOX_DIR: "/tmp/inbox-test" }, "/tmp/inbox-test"],
  ])("%j gives %s", (env, dir) => {
    expect(inboxDir(env)).toBe(dir);
  });
});

describe("devInboxFor", () => {
  // Vitest runs with import.meta.env.DEV true, as `astro dev` does; a build replaces it with false.
  it("stands in for an unset webhook with its route and file", () => {
    expect(devInboxFor("booking", undefined)).toEqual({ label: "bookings", url: "/__inbox/bookings", file: `${inboxDir(process.env)}/bookings.jsonl` });
    expect(devInboxFor("contact", "")).toEqual({ label: "messages", url: "/__inbox/messages", file: `${inboxDir(process.env)}/messages.jsonl` });
  });
  it("is not there when the webhook is set", () => {
    expect(devInboxFor("booking", "https://hooks.example.com/booking")).toBeUndefined();
  });
});

describe("summaryLine", () => {
  const booking = {
    name: "Maria",
    email: "maria@example.com",
    date: "2026-04-14",
    time: "6:00 PM",
    message: "",
    timezone: "Europe/Nicosia",
    timestamp: "2026-04-13T06:00:00.000Z",
  };
  it.each([
    [[], "Booking from Maria <maria@example.com>: 2026-04-14 6:00 PM (Europe/Nicosia), sent 2026-04-13T06:00:00.000Z"],
    [["a@example.com"], "Booking from Maria <maria@example.com>, 1 guest: 2026-04-14 6:00 PM (Europe/Nicosia), sent 2026-04-13T06:00:00.000Z"],
    [["a@example.com", "b@example.com"], "Booking from Maria <maria@example.com>, 2 guests: 2026-04-14 6:00 PM (Europe/Nicosia), sent 2026-04-13T06:00:00.000Z"],
  ])("a booking with guests %j", (guests, line) => {
    expect(summaryLine("booking", { ...booking, guests })).toBe(line);
  });

  it.each([
    ["We need a chatbot.", '"We need a chatbot."'],
    ["Line one\n\n  line two", '"Line one line two"'],
    ["x".repeat(61), `"${"x".repeat(59)}…"`],
  ])("a message %j is shown on one line as %s", (message, shown) => {
    const line = summaryLine("contact", { name: "Maria", email: "maria@example.com", message, page: "/contact", timestamp: "2026-04-13T06:00:00.000Z" });
    expect(line).toBe(`Message from Maria <maria@example.com> on /contact: ${shown}, sent 2026-04-13T06:00:00.000Z`);
  });
});
