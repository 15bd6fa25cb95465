import { describe, expect, it, vi } from "vitest";
import type { BookingPayload } from "./bookingForm";
import { deliverBooking } from "./deliverBooking";
import type { SharedBookings } from "./sharedBookings";

const BUILT: BookingPayload = {
  id: "",
  name: "Maria",
  email: "maria@example.com",
  date: "2026-04-15",
  time: "6:00 PM",
  message: "",
  guests: [],
  timezone: "Europe/Nicosia",
  timestamp: "2026-04-13T06:00:00.000Z",
};
const START = new Date("2026-04-15T15:00:00Z");

/** Shared bookings whose book answers `answer`; the other calls are not made by a delivery. */
function sharedAnswering(answer: Awaited<ReturnType<SharedBookings["book"]>>): SharedBookings {
  const unused = () => Promise.reject(new Error("not part of a delivery"));
  return { book: vi.fn(async () => answer), takenSlots: unused, find: unused, cancel: unused };
}

describe("deliverBooking", () => {
  it("with shared bookings, books through them with the start and send time, posts nothing, and keeps their id and token", async () => {
    const shared = sharedAnswering({ ok: true, value: { id: "db-id-1", token: "t".repeat(64) } });
    const fetchImpl = vi.fn<typeof fetch>();
    const result = await deliverBooking(BUILT, "local-id", START, { shared, webhookUrl: null, timeoutMs: 15_000, fetchImpl });
    expect(result).toEqual({ ok: true, value: { id: "db-id-1", token: "t".repeat(64) } });
    expect(shared.book).toHaveBeenCalledWith(expect.objectContaining({ name: "Maria", start: START, submittedAt: new Date(BUILT.timestamp) }));
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it.each([
    ["a refusal", { ok: false, refusal: "slot_taken" }],
    ["a failure", { ok: false, failure: { kind: "http", status: 502 } }],
  ] as const)("with shared bookings, passes on %s as it came", async (_case, answer) => {
    const result = await deliverBooking(BUILT, "local-id", START, { shared: sharedAnswering(answer), webhookUrl: null, timeoutMs: 15_000 });
    expect(result).toEqual(answer);
  });

  it.each([
    ["a 2xx answer delivers under the given id", 200, { ok: true, value: { id: "local-id" } }],
    ["an error answer is a failure", 500, { ok: false, failure: { kind: "http", status: 500 } }],
  ])("without shared bookings, posts the booking to the webhook: %s", async (_case, status, expected) => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status }));
    const result = await deliverBooking(BUILT, "local-id", START, { shared: null, webhookUrl: "https://hook.test/booking", timeoutMs: 15_000, fetchImpl });
    expect(result).toEqual(expected);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe("https://hook.test/booking");
    expect(JSON.parse(String(init?.body))).toEqual({ ...BUILT, id: "local-id" });
  });
});
