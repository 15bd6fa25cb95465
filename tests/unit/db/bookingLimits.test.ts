import { createHmac } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { site } from "../../../src/site.config";
import { addDays, isWeekend } from "../../../src/lib/booking/calendarDates";
import { todayIn, zonedToInstant } from "../../../src/lib/booking/zonedTime";
import { pgliteRpc } from "../../fixtures/bookingDatabase";
import { createBookingHandler, type Rpc } from "../../../supabase/functions/booking/handler";
import { asRole, migratedDb } from "./harness";

// The limits of supabase/migrations/20251127000100_booking_limits.sql (the day cap as 20251201000400 left it) on PGlite: book_slot and cancel_booking only
// for the service role (the booking Edge Function), the horizon, the client limit, the day cap, the e-mail cap
// counted per client with a neutral refusal, and the outbox of deliveries.

const { booking } = site;
let db: PGlite;
let rpc: Rpc;

/** A weekday from `from` days ahead (real time: the database checks against its own now()). */
function weekdayFrom(from: number, n = 0): string {
  let date = addDays(todayIn(booking.timeZone, new Date()), from);
  for (let found = -1; ; date = addDays(date, 1)) if (!isWeekend(date) && ++found === n) return date;
}
const slotAt = (date: string, time: string) => zonedToInstant(date, time, booking.timeZone).toISOString();
const SERVICE_KEY = "service-role-key";
const newClient = () => crypto.randomUUID().replaceAll("-", "").repeat(2);
const TIMES = ["17:30", "18:00", "18:30", "19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00", "22:30"];

/** A run of free slots: each test takes its own weekday, a week or more ahead. */
let nextDay = 0;
const freshDay = () => weekdayFrom(7, nextDay++);

interface Book {
  email?: string;
  start: string;
  client?: string;
}
const book = ({ email = `${crypto.randomUUID()}@example.com`, start, client = newClient() }: Book) =>
  rpc("book_slot", { name: "Maria Georgiou", email, start, message: "", guests: [], submitted_at: "2026-04-13T06:00:00.000Z", client });
const refusal = (message: string, code = "PT429") => ({ error: { code, message } });
const settings = (change: string) => db.exec(`update public.booking_settings set ${change}`);
const detailOf = async (args: Book) => {
  const sql = "select public.book_slot(name => 'M', email => $1, start => $2, client => $3)";
  const failed = await asRole(db, "service_role", null, (tx) => tx.query(sql, [args.email, args.start, args.client])).catch((error: unknown) => error);
  return (failed as { detail?: string }).detail;
};

/** The bookings made today (Cyprus date) and not cancelled: what the day cap counts. */
async function bookedToday(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "select count(*)::int as n from public.bookings where status = 'confirmed' and created_at >= date_trunc('day', now() at time zone 'Europe/Nicosia') at time zone 'Europe/Nicosia'",
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  db = await migratedDb();
  rpc = pgliteRpc(db);
}, 120_000);
beforeEach(async () => {
  await settings("per_client_per_hour = 3, per_email = 3, per_day = 1000");
});

describe("who may call what", () => {
  it("the anon key and signed-in users can no longer book or cancel; taken_slots and booking_by_token stay public", async () => {
    const start = slotAt(freshDay(), "18:00");
    for (const role of ["anon", "authenticated"] as const) {
      const sub = role === "anon" ? null : crypto.randomUUID();
      await expect(
        asRole(db, role, sub, (tx) => tx.query("select public.book_slot(name => 'M', email => 'm@example.com', start => $1, client => $2)", [start, newClient()])),
      ).rejects.toThrow(/permission denied for function book_slot/);
      await expect(asRole(db, role, sub, (tx) => tx.query("select public.cancel_booking('x')"))).rejects.toThrow(/permission denied/);
      await expect(asRole(db, role, sub, (tx) => tx.query("select public.booking_deliveries_due(10)"))).rejects.toThrow(/permission denied/);
      await expect(asRole(db, role, sub, (tx) => tx.query("select * from public.booking_settings"))).rejects.toThrow(/permission denied/);
      await expect(asRole(db, role, sub, (tx) => tx.query("select * from public.booking_deliveries"))).rejects.toThrow(/permission denied/);
      await expect(asRole(db, role, sub, (tx) => tx.query("select * from public.taken_slots(now(), now() + interval '1 day')"))).resolves.toBeTruthy();
      await expect(asRole(db, role, sub, (tx) => tx.query("select public.booking_by_token('x')"))).resolves.toBeTruthy();
    }
    // The old signature without a client is gone for everyone.
    await expect(db.query("select public.book_slot(name => 'M', email => 'm@example.com', start => $1, message => '', guests => '{}', submitted_at => now())", [start])).rejects.toThrow(
      /invalid_client/,
    );
  });

  it("book_slot refuses a call without a client hash", async () => {
    expect(await rpc("book_slot", { name: "M", email: "m@example.com", start: slotAt(freshDay(), "18:00") })).toEqual(refusal("invalid_client", "PT400"));
    expect(await book({ start: slotAt(freshDay(), "18:00"), client: "1.2.3.4" })).toEqual(refusal("invalid_client", "PT400"));
  });
});

describe("the horizon", () => {
  it(`opens ${String(booking.horizonDays)} days ahead, as the calendar (site.booking.horizonDays) says; the e-mail cap is site.booking.maxUpcomingPerEmail`, async () => {
    const { rows } = await db.query<{ column_name: string; column_default: string }>(
      "select column_name, column_default from information_schema.columns where table_schema = 'public' and table_name = 'booking_settings' and column_name in ('horizon_days', 'per_email') order by column_name",
    );
    expect(rows).toEqual([
      { column_name: "horizon_days", column_default: String(booking.horizonDays) },
      { column_name: "per_email", column_default: String(booking.maxUpcomingPerEmail) },
    ]);
  });

  it("refuses a slot in 2099 and the weekday after the horizon; takes the horizon's last weekday", async () => {
    expect(await book({ start: slotAt("2099-01-05", "18:00") })).toEqual(refusal("beyond_horizon", "PT400"));
    const last = addDays(todayIn(booking.timeZone, new Date()), booking.horizonDays);
    let inside = last;
    while (isWeekend(inside)) inside = addDays(inside, -1);
    let outside = addDays(last, 1);
    while (isWeekend(outside)) outside = addDays(outside, 1);
    expect(await book({ start: slotAt(outside, "18:00") })).toEqual(refusal("beyond_horizon", "PT400"));
    expect(await book({ start: slotAt(inside, "22:30") })).toMatchObject({ data: { id: expect.any(String), token: expect.any(String) } });
  });
});

describe("the client limit", () => {
  it("takes 3 new bookings an hour from one client, then refuses the next; another client still books", async () => {
    const day = freshDay();
    const client = newClient();
    for (const time of TIMES.slice(0, 3)) expect(await book({ start: slotAt(day, time), client })).toMatchObject({ data: { id: expect.any(String) } });
    expect(await book({ start: slotAt(day, TIMES[3]!), client })).toEqual(refusal("too_many_bookings"));
    expect(await book({ start: slotAt(day, TIMES[3]!) })).toMatchObject({ data: { id: expect.any(String) } });
  });

  it("counts a cancelled booking too, and an hour-old one no longer", async () => {
    const day = freshDay();
    const client = newClient();
    const first = await book({ start: slotAt(day, TIMES[0]!), client });
    await rpc("cancel_booking", { token: (first as { data: { token: string } }).data.token });
    for (const time of TIMES.slice(1, 3)) await book({ start: slotAt(day, time), client });
    expect(await book({ start: slotAt(day, TIMES[3]!), client })).toEqual(refusal("too_many_bookings"));
    await db.query("update public.bookings set created_at = now() - interval '61 minutes' where client_hash = $1", [client]);
    expect(await book({ start: slotAt(day, TIMES[3]!), client })).toMatchObject({ data: { id: expect.any(String) } });
  });

  it("keeps a hash of the client, never an address", async () => {
    const address = "203.0.113.77";
    const stored = async () => {
      const { rows } = await db.query<{ row: string }>(
        "select row_to_json(b)::text as row from public.bookings b union all select row_to_json(d)::text from public.booking_deliveries d",
      );
      return rows.map(({ row }) => row).join("\n");
    };
    // Handed an address for the client, book_slot refuses and stores nothing.
    const before = await stored();
    expect(await book({ start: slotAt(freshDay(), "18:00"), client: address })).toEqual(refusal("invalid_client", "PT400"));
    expect(await stored()).toBe(before);

    // Through the booking function, as a visitor from that address: booked, under the address's keyed hash only.
    const handle = createBookingHandler({
      env: { SUPABASE_URL: "http://127.0.0.1:9", SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY, BOOKING_WEBHOOK_URL: "http://127.0.0.1:9/hook", BOOKING_WEBHOOK_SECRET: "s" },
      fetch: () => Promise.reject(new Error("no webhook in this test")),
      rpc,
      waitUntil: () => undefined,
    });
    const body = { action: "book", name: "Maria Georgiou", email: "maria@example.com", start: slotAt(freshDay(), "18:00"), submittedAt: new Date().toISOString() };
    const response = await handle(new Request("http://127.0.0.1/", { method: "POST", headers: { "x-forwarded-for": address }, body: JSON.stringify(body) }));
    const { id } = (await response.json()) as { id: string };
    expect(response.status).toBe(200);
    const hash = createHmac("sha256", SERVICE_KEY).update(`booking-client:${address}`).digest("hex");
    const { rows } = await db.query("select client_hash from public.bookings where id = $1", [id]);
    expect(rows).toEqual([{ client_hash: hash }]);
    expect(await stored()).not.toContain(address);
  });
});

describe("the day cap", () => {
  it("takes the set number of new bookings a day for the whole calendar, from any clients, then refuses", async () => {
    await settings(`per_day = ${String((await bookedToday()) + 2)}`);
    const day = freshDay();
    expect(await book({ start: slotAt(day, TIMES[0]!) })).toMatchObject({ data: { id: expect.any(String) } });
    expect(await book({ start: slotAt(day, TIMES[1]!) })).toMatchObject({ data: { id: expect.any(String) } });
    expect(await book({ start: slotAt(day, TIMES[2]!) })).toEqual(refusal("day_full"));
    expect(await book({ start: slotAt(freshDay(), TIMES[2]!) })).toEqual(refusal("day_full"));
  });

  it("counts live bookings only: places freed by cancellations are booked again, so nobody can close the day by booking and cancelling", async () => {
    await settings("per_day = 1000");
    const day = freshDay();
    const live = await book({ start: slotAt(day, TIMES[0]!) });
    expect(live).toMatchObject({ data: { id: expect.any(String) } });
    await settings(`per_day = ${String(await bookedToday())}`);
    // The day is full: one more is refused.
    expect(await book({ start: slotAt(day, TIMES[1]!) })).toEqual(refusal("day_full"));
    // Cancelled, the booking frees its place; booking and cancelling over and over never closes the day.
    await rpc("cancel_booking", { token: (live as { data: { token: string } }).data.token });
    for (const time of TIMES.slice(1, 4)) {
      const made = await book({ start: slotAt(day, time) });
      expect(made).toMatchObject({ data: { id: expect.any(String) } });
      await rpc("cancel_booking", { token: (made as { data: { token: string } }).data.token });
    }
    expect(await book({ start: slotAt(day, TIMES[4]!) })).toMatchObject({ data: { id: expect.any(String) } });
    expect(await book({ start: slotAt(day, TIMES[5]!) })).toEqual(refusal("day_full"));
  });
});

describe("the e-mail cap", () => {
  it("counts an address's upcoming bookings per client: three under someone's address lock nobody else out", async () => {
    await settings("per_client_per_hour = 100");
    const day = freshDay();
    const prober = newClient();
    for (const time of TIMES.slice(0, 3)) await book({ email: "eleni@example.com", start: slotAt(day, time), client: prober });
    expect(await book({ email: "ELENI@example.com", start: slotAt(day, TIMES[3]!), client: prober })).toEqual(refusal("too_many_bookings"));
    // Eleni, from her own connection, books as usual.
    expect(await book({ email: "eleni@example.com", start: slotAt(day, TIMES[4]!) })).toMatchObject({ data: { id: expect.any(String) } });
  });

  it("refuses with the client limit's own message and detail, so a refusal never tells that an address holds bookings", async () => {
    await settings("per_client_per_hour = 100");
    const day = freshDay();
    const client = newClient();
    for (const time of TIMES.slice(0, 3)) await book({ email: "andreas@example.com", start: slotAt(day, time), client });
    const byEmail = await detailOf({ email: "andreas@example.com", start: slotAt(day, TIMES[3]!), client });

    await settings("per_client_per_hour = 3");
    const busy = newClient();
    for (const time of TIMES.slice(4, 7)) await book({ start: slotAt(day, time), client: busy });
    const byClient = await detailOf({ email: "new@example.com", start: slotAt(day, TIMES[7]!), client: busy });
    expect(byEmail).toBe(byClient);
    expect(byEmail).not.toMatch(/e-?mail|address/i);
  });
});

describe("the outbox", () => {
  it("keeps each booking's and cancellation's webhook body until it is delivered; one that failed is due again later", async () => {
    const date = freshDay();
    const made = (await book({ email: "maria@example.com", start: slotAt(date, "18:00") })) as { data: { id: string; token: string; delivery: { id: string; body: unknown } } };
    const { id, delivery } = made.data;
    expect(delivery.body).toEqual({
      id,
      name: "Maria Georgiou",
      email: "maria@example.com",
      date,
      time: "6:00 PM",
      message: "",
      guests: [],
      timezone: booking.timeZone,
      timestamp: "2026-04-13T06:00:00.000Z",
    });
    // The caller delivers it at once: nobody else is handed it meanwhile.
    expect(await rpc("booking_deliveries_due", { max_count: 10 })).toEqual({ data: [] });
    await rpc("booking_delivery_settled", { delivery: delivery.id, delivered: false });
    await db.query("update public.booking_deliveries set next_attempt_at = now() where id = $1", [delivery.id]);
    expect(await rpc("booking_deliveries_due", { max_count: 10 })).toEqual({ data: [{ id: delivery.id, body: delivery.body }] });
    // Leased: a second run right after does not send it again.
    expect(await rpc("booking_deliveries_due", { max_count: 10 })).toEqual({ data: [] });
    await rpc("booking_delivery_settled", { delivery: delivery.id, delivered: true });
    const { rows } = await db.query<{ attempts: number; delivered: boolean }>(
      "select attempts, delivered_at is not null as delivered from public.booking_deliveries where id = $1",
      [delivery.id],
    );
    expect(rows).toEqual([{ attempts: 2, delivered: true }]);

    const cancelled = await rpc("cancel_booking", { token: made.data.token });
    expect(cancelled).toEqual({ data: { id, delivery: { id: expect.any(String), body: { type: "cancelled", id } } } });
  });
});
