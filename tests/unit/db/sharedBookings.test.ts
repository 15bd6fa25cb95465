import { createServer } from "node:http";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeServer, type FakeServer } from "../../e2e/fixtures/server";
import { BOOKING_FUNCTION_PATH, createBookingFunction } from "../../e2e/fixtures/bookingFunction";
import { listenBounded } from "../../fixtures/boundedServer";
import { createDataApi, testCaller } from "../../fixtures/postgrest";
import { createSharedBookings, type SharedBookings } from "../../../src/lib/booking/sharedBookings";
import { addDays, isWeekend } from "../../../src/lib/booking/calendarDates";
import { todayIn, zonedToInstant } from "../../../src/lib/booking/zonedTime";
import { migratedDb } from "./harness";

// The booking page's client against the migrations on PGlite, over HTTP: postgrest-js for what anyone may read, the
// booking Edge Function (its real handler, delivering to a fake webhook) for booking and cancelling.
const ANON_KEY = "anon-key";
let db: PGlite;
let server: FakeServer;
let hook: FakeServer;
let bookings: SharedBookings;

let date = addDays(todayIn("Europe/Nicosia", new Date()), 14);
while (isWeekend(date)) date = addDays(date, 1);
const at = (time: string) => zonedToInstant(date, time, "Europe/Nicosia");
const request = (time: string, email = "maria@example.com") => ({
  name: "Maria Georgiou",
  email,
  start: at(time),
  message: "",
  guests: [],
  submittedAt: new Date(),
});

beforeAll(async () => {
  db = await migratedDb();
  hook = await startFakeServer(0, () => ({ status: 200, body: {} }));
  const data = createDataApi(db);
  const bookingFunction = createBookingFunction(db, `${hook.url}/booking`);
  server = await startFakeServer(0, (request) => {
    if (request.path === BOOKING_FUNCTION_PATH) return bookingFunction(request);
    const caller = testCaller(request.headers, ANON_KEY);
    return caller ? data.handle(request, caller) : { status: 401, body: { code: "PGRST301", message: "JWT invalid" } };
  });
  bookings = createSharedBookings(server.url, ANON_KEY, { timeoutMs: 5000 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await hook?.close();
});

describe("the shared bookings client", () => {
  it("books, reads the taken starts, finds the booking by its token and cancels it", async () => {
    const booked = await bookings.book(request("18:00"));
    expect(booked).toEqual({ ok: true, value: { id: expect.any(String), token: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    if (!booked.ok) return;
    expect(await bookings.takenSlots(at("00:00"), at("23:59"))).toEqual({ ok: true, value: [at("18:00")] });
    expect(await bookings.find(booked.value.token)).toEqual({
      ok: true,
      value: { id: booked.value.id, name: "Maria Georgiou", date, time: "6:00 PM", timezone: "Europe/Nicosia", start: at("18:00"), status: "confirmed" },
    });
    expect(await bookings.cancel(booked.value.token)).toEqual({ ok: true, value: { id: booked.value.id } });
    expect(await bookings.cancel(booked.value.token)).toEqual({ ok: false, refusal: "already_cancelled" });
    expect(await bookings.takenSlots(at("00:00"), at("23:59"))).toEqual({ ok: true, value: [] });
    // The agency heard of both, from the server.
    await expect.poll(() => hook.requests.map((r) => r.json)).toEqual([expect.objectContaining({ id: booked.value.id, time: "6:00 PM" }), { type: "cancelled", id: booked.value.id }]);
  });

  it("tells a taken slot, a wrong token and a refused field apart", async () => {
    expect((await bookings.book(request("19:00"))).ok).toBe(true);
    expect(await bookings.book(request("19:00", "eleni@example.com"))).toEqual({ ok: false, refusal: "slot_taken" });
    expect(await bookings.book(request("19:15"))).toEqual({ ok: false, refusal: "not_a_slot" });
    expect(await bookings.book({ ...request("19:30"), email: "not-an-email" })).toEqual({ ok: false, refusal: "invalid" });
    expect(await bookings.book({ ...request("19:30"), start: zonedToInstant("2099-01-05", "18:00", "Europe/Nicosia") })).toEqual({ ok: false, refusal: "beyond_horizon" });
    expect(await bookings.find("0".repeat(64))).toEqual({ ok: false, refusal: "unknown" });
    expect(await bookings.cancel("0".repeat(64))).toEqual({ ok: false, refusal: "unknown_token" });
  });

  it("reports a server that is down, and one that does not answer in time, as failures", async () => {
    const hanging = createServer(() => undefined);
    const silent = await listenBounded(hanging, 0, 10_000);
    const slow = createSharedBookings(silent.url, ANON_KEY, { timeoutMs: 300 });
    expect(await slow.takenSlots(at("00:00"), at("23:59"))).toEqual({ ok: false, failure: { kind: "timeout", ms: 300 } });
    await silent.close();
    const gone = createSharedBookings(silent.url, ANON_KEY, { timeoutMs: 300 });
    expect(await gone.book(request("20:00"))).toMatchObject({ ok: false, failure: { kind: "network" } });
  });
});
