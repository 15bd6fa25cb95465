import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { site } from "../../../src/site.config";
import { addDays, isWeekend } from "../../../src/lib/booking/calendarDates";
import { scheduleTimes } from "../../../src/lib/booking/slots";
import { timeLabel, todayIn, zonedToInstant } from "../../../src/lib/booking/zonedTime";
import { asRole, migratedDb } from "./harness";

const { booking } = site;
let db: PGlite;

beforeAll(async () => {
  db = await migratedDb();
  // The client and day limits have their own tests (bookingLimits.test.ts); here they stay out of the way.
  await db.exec("update public.booking_settings set per_client_per_hour = 1000, per_day = 1000");
}, 120_000);

/** The n-th weekday from a week ahead (real time: the database checks against its own now()). */
function weekday(n: number): string {
  let date = addDays(todayIn(booking.timeZone, new Date()), 7);
  for (let found = -1; ; date = addDays(date, 1)) {
    if (!isWeekend(date) && ++found === n) return date;
  }
}
const slotAt = (date: string, time = "18:00") => zonedToInstant(date, time, booking.timeZone).toISOString();
/** A weekday at least a week ago (a week ago is a weekend on Saturdays and Sundays, which the database refuses first). */
function pastWeekday(): string {
  let date = addDays(todayIn(booking.timeZone, new Date()), -7);
  while (isWeekend(date)) date = addDays(date, -1);
  return date;
}

interface BookArgs {
  name?: string;
  email?: string;
  start: string;
  message?: string;
  guests?: string[];
  /** The keyed hash of the client's address; a new client each call when not given. */
  client?: string;
}

const newClient = () => crypto.randomUUID().replaceAll("-", "").repeat(2);

/** book_slot as the booking Edge Function calls it: the service role, named arguments, the client. */
const book = (args: BookArgs) =>
  asRole(db, "service_role", null, async (tx) => {
    const { rows } = await tx.query<{ result: { id: string; token: string } }>(
      "select public.book_slot(name => $1, email => $2, start => $3, message => $4, guests => $5, client => $6) as result",
      [args.name ?? "Maria Georgiou", args.email ?? `${crypto.randomUUID()}@example.com`, args.start, args.message ?? "", args.guests ?? [], args.client ?? newClient()],
    );
    return rows[0]!.result;
  });

const anon = <T>(sql: string, params: unknown[] = []) =>
  asRole(db, "anon", null, async (tx) => (await tx.query<T>(sql, params)).rows);
const taken = (from: string, to: string) => anon<Record<string, unknown>>('select * from public.taken_slots("from" => $1, "to" => $2)', [from, to]);
const cancel = (token: string) =>
  asRole(db, "service_role", null, async (tx) => (await tx.query<{ result: { id: string } }>("select public.cancel_booking(token => $1) as result", [token])).rows);

describe("the bookings table", () => {
  it("is closed to the API roles: anon and signed-in users can neither read nor write it", async () => {
    await book({ start: slotAt(weekday(0), "17:30") });
    for (const role of ["anon", "authenticated"] as const) {
      const sub = role === "anon" ? null : crypto.randomUUID();
      await expect(asRole(db, role, sub, (tx) => tx.query("select * from public.bookings"))).rejects.toThrow(/permission denied/);
      await expect(
        asRole(db, role, sub, (tx) => tx.query("update public.bookings set status = 'cancelled'")),
      ).rejects.toThrow(/permission denied/);
      await expect(
        asRole(db, role, sub, (tx) => tx.query("insert into public.bookings (name) values ('x')")),
      ).rejects.toThrow(/permission denied/);
    }
  });

  it("keeps the manage token's SHA-256 only: the token itself is nowhere in the row", async () => {
    const { id, token } = await book({ start: slotAt(weekday(0), "18:30") });
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const { rows } = await db.query<Record<string, unknown>>("select * from public.bookings where id = $1", [id]);
    expect(JSON.stringify(rows[0])).not.toContain(token);
    const { rows: hashed } = await db.query<{ h: string }>("select encode(sha256(convert_to($1, 'UTF8')), 'hex') as h", [token]);
    expect(rows[0]!["manage_token_hash"]).toBe(hashed[0]!.h);
  });
});

describe("taken_slots", () => {
  it("returns the start of each confirmed booking in the range, and no other field", async () => {
    const date = weekday(1);
    await book({ name: "Maria Georgiou", email: "maria@example.com", start: slotAt(date, "19:00"), message: "Secret plans" });
    const rows = await taken(slotAt(date, "00:00"), slotAt(addDays(date, 1), "00:00"));
    expect(rows).toEqual([{ slot_start: new Date(slotAt(date, "19:00")) }]);
    expect(JSON.stringify(rows)).not.toMatch(/Maria|maria@|Secret/);
  });

  it("refuses a range longer than a quarter by returning nothing", async () => {
    const date = weekday(1);
    expect(await taken(slotAt(addDays(date, -100), "00:00"), slotAt(addDays(date, 1), "00:00"))).toEqual([]);
  });
});

describe("book_slot", () => {
  it("takes the slot and records its date and label in the schedule's zone", async () => {
    const date = weekday(2);
    const { id } = await book({ name: "  Maria  ", start: slotAt(date, "22:30"), guests: [" andreas@example.com ", ""] });
    const { rows } = await db.query<Record<string, unknown>>("select name, date, time, timezone, guests, status from public.bookings where id = $1", [id]);
    expect(rows[0]).toMatchObject({ name: "Maria", time: timeLabel("22:30"), timezone: booking.timeZone, guests: ["andreas@example.com"], status: "confirmed" });
    expect((rows[0]!["date"] as Date).toISOString().slice(0, 10)).toBe(date);
  });

  it("keeps its schedule helper to itself: the API roles cannot call booking_slot_times", async () => {
    await expect(anon("select public.booking_slot_times()")).rejects.toThrow(/permission denied/);
  });

  it("offers exactly the site's schedule", async () => {
    const { rows } = await db.query<{ t: string }>("select to_char(t, 'HH24:MI') as t from public.booking_slot_times() as t");
    expect(rows.map((r) => r.t)).toEqual(scheduleTimes(booking));
  });

  it("gives one success and one 'slot_taken' (HTTP 409) for two bookings of one slot; after a cancel the slot is free", async () => {
    const start = slotAt(weekday(3), "20:00");
    const outcomes = await Promise.allSettled([book({ start }), book({ start })]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected")!.reason as { message: string; code: string };
    expect(refused).toMatchObject({ message: "slot_taken", code: "PT409" });
    const first = outcomes.find((o): o is PromiseFulfilledResult<{ id: string; token: string }> => o.status === "fulfilled")!.value;
    await cancel(first.token);
    await expect(book({ start })).resolves.toMatchObject({ id: expect.any(String) });
  });

  const date = weekday(4);
  const saturday = (() => {
    let d = weekday(4);
    while (!isWeekend(d)) d = addDays(d, 1);
    return d;
  })();
  it.each([
    ["a time between slots", { start: slotAt(date, "17:45") }, "not_a_slot"],
    ["a time outside the schedule", { start: slotAt(date, "09:00") }, "not_a_slot"],
    ["a weekend", { start: slotAt(saturday, "18:00") }, "weekend"],
    ["a slot in the past", { start: slotAt(pastWeekday(), "18:00") }, "past_slot"],
    ["a blank name", { start: slotAt(date, "18:00"), name: " \t" }, "invalid_name"],
    ["a name over the limit", { start: slotAt(date, "18:00"), name: "A".repeat(booking.limits.name + 1) }, "invalid_name"],
    ["an e-mail without a domain", { start: slotAt(date, "18:00"), email: "maria@example" }, "invalid_email"],
    ["an e-mail over the limit", { start: slotAt(date, "18:00"), email: `${"m".repeat(booking.limits.email)}@example.com` }, "invalid_email"],
    ["a message over the limit", { start: slotAt(date, "18:00"), message: "x".repeat(booking.limits.message + 1) }, "message_too_long"],
    ["a guest that is not an e-mail", { start: slotAt(date, "18:00"), guests: ["andreas"] }, "invalid_guests"],
    [
      "too many guests",
      { start: slotAt(date, "18:00"), guests: Array.from({ length: booking.limits.guests + 1 }, (_, i) => `g${String(i)}@example.com`) },
      "invalid_guests",
    ],
  ])("refuses %s", async (_case, args: BookArgs, message) => {
    await expect(book(args)).rejects.toMatchObject({ message, code: message === "too_many_bookings" ? "PT429" : "PT400" });
  });

  it("accepts every field at its limit", async () => {
    const longEmail = `${"m".repeat(booking.limits.email - "@example.com".length)}@example.com`;
    await expect(
      book({
        start: slotAt(date, "21:00"),
        name: "N".repeat(booking.limits.name),
        email: longEmail,
        message: "x".repeat(booking.limits.message),
        guests: Array.from({ length: booking.limits.guests }, (_, i) => `g${String(i)}@example.com`),
      }),
    ).resolves.toMatchObject({ token: expect.any(String) });
  });

  it(`holds at most ${String(booking.maxUpcomingPerEmail)} upcoming bookings per e-mail, in any letter case; a cancelled one frees a place`, async () => {
    const day = weekday(5);
    const times = ["17:30", "18:00", "18:30", "19:00", "19:30"];
    const made = [];
    const client = newClient();
    for (const time of times.slice(0, booking.maxUpcomingPerEmail)) made.push(await book({ email: "cap@example.com", start: slotAt(day, time), client }));
    await expect(book({ email: "CAP@example.com", start: slotAt(day, times[3]!), client })).rejects.toMatchObject({ message: "too_many_bookings", code: "PT429" });
    await cancel(made[0]!.token);
    await expect(book({ email: "cap@example.com", start: slotAt(day, times[3]!), client })).resolves.toBeTruthy();
  });
});

describe("the manage token", () => {
  it("names its booking for the manage page, with no token and no e-mail", async () => {
    const date = weekday(6);
    const { id, token } = await book({ name: "Eleni", email: "eleni@example.com", start: slotAt(date, "19:30") });
    const rows = await anon<{ b: Record<string, unknown> }>("select public.booking_by_token($1) as b", [token]);
    expect(rows[0]!.b).toEqual({ id, name: "Eleni", date, time: "7:30 PM", timezone: booking.timeZone, start: expect.any(String), status: "confirmed" });
    expect(new Date(rows[0]!.b["start"] as string).toISOString()).toBe(slotAt(date, "19:30"));
    expect((await anon<{ b: unknown }>("select public.booking_by_token($1) as b", ["0".repeat(64)]))[0]!.b).toBeNull();
  });

  it("cancels with the right token only, frees the slot, and refuses it once used", async () => {
    const date = weekday(7);
    const start = slotAt(date, "20:30");
    const { id, token } = await book({ start });
    const day = [slotAt(date, "00:00"), slotAt(addDays(date, 1), "00:00")] as const;
    await expect(cancel(token.replace(/.$/, (c) => (c === "0" ? "1" : "0")))).rejects.toMatchObject({ message: "unknown_token", code: "PT404" });
    await expect(cancel("")).rejects.toMatchObject({ message: "unknown_token" });
    expect(await taken(...day)).toHaveLength(1);
    expect((await cancel(token))[0]!.result).toMatchObject({ id });
    expect(await taken(...day)).toEqual([]);
    await expect(cancel(token)).rejects.toMatchObject({ message: "already_cancelled", code: "PT409" });
  });
});
