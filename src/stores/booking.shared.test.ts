import { describe, expect, it, vi } from "vitest";
import { useFakeClock } from "../../tests/fixtures/fakeClock";
import { memoryStorage } from "../../tests/fixtures/memoryStorage";
import type { SharedBookings } from "../lib/booking/sharedBookings";
import { site } from "../site.config";
import { createBookingStore, type BookingDeps, type BookingStore } from "./booking";

const KEY = site.booking.storageKey;

// Monday 13 April 2026, 09:00 in Nicosia.
useFakeClock(new Date("2026-04-13T06:00:00Z"));

/** Shared bookings as a scripted fake: what the database would answer, and what it was asked. */
function fakeShared(taken: Date[] = []) {
  const calls: string[] = [];
  let bookAnswer: Awaited<ReturnType<SharedBookings["book"]>> = { ok: true, value: { id: "db-id-1", token: "t".repeat(64) } };
  let takenAnswer: Awaited<ReturnType<SharedBookings["takenSlots"]>> | null = null;
  const shared: SharedBookings = {
    takenSlots: vi.fn(async (from: Date, to: Date) => {
      calls.push(`taken ${from.toISOString()} ${to.toISOString()}`);
      return takenAnswer ?? ({ ok: true, value: taken } as const);
    }),
    book: vi.fn(async () => {
      calls.push("book");
      return bookAnswer;
    }),
    find: vi.fn(async () => ({ ok: false, refusal: "unknown" }) as const),
    cancel: vi.fn(async (token: string) => {
      calls.push(`cancel ${token}`);
      return { ok: true, value: { id: "db-id-1" } } as const;
    }),
  };
  return {
    shared,
    calls,
    answerBook: (answer: typeof bookAnswer) => void (bookAnswer = answer),
    answerTaken: (answer: typeof takenAnswer) => void (takenAnswer = answer),
  };
}

function sharedSetup(fetchImpl: typeof fetch, fake = fakeShared()) {
  const storage = memoryStorage();
  const deps: BookingDeps = { storage, now: () => new Date(), newId: () => "local-id", fetchImpl, shared: fake.shared };
  // With shared bookings the page has no webhook: the booking function tells the agency.
  const store = createBookingStore({ ...site.booking, schedule: site.booking, webhookUrl: null, visitorZone: "Europe/Nicosia" }, deps);
  return { store, storage, fake };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

/** Maria's choice of Wednesday 15 April, 6:00 PM. */
function chooseSixPm(store: BookingStore) {
  store.selectDate("2026-04-15");
  store.selectTime("18:00");
  store.setField("name", "Maria");
  store.setField("email", "maria@example.com");
}

describe("booking store with shared bookings", () => {
  // Wednesday 15 April 2026: 18:00 in Nicosia is 15:00 UTC.
  const SIX_PM = new Date("2026-04-15T15:00:00Z");

  it("asks which slots of the chosen day are taken (the day in Nicosia) and shows them Booked", async () => {
    const { store, fake } = sharedSetup(vi.fn<typeof fetch>(), fakeShared([SIX_PM]));
    store.selectDate("2026-04-15");
    expect(store.$availability.get()).toBe("checking");
    await flush();
    expect(fake.calls).toEqual(["taken 2026-04-14T21:00:00.000Z 2026-04-15T21:00:00.000Z"]);
    expect(store.$availability.get()).toBe("known");
    expect(store.$slots.get().filter((s) => s.booked).map((s) => s.label)).toEqual(["6:00 PM"]);
  });

  it("says when the taken slots could not be read, and still lets the visitor choose", async () => {
    const fake = fakeShared();
    fake.answerTaken({ ok: false, failure: { kind: "network", message: "down" } });
    const { store } = sharedSetup(vi.fn<typeof fetch>(), fake);
    store.selectDate("2026-04-15");
    await flush();
    expect(store.$availability.get()).toBe("unknown");
    expect(store.$slots.get().every((s) => !s.booked)).toBe(true);
  });

  it("books through the booking function, posts no webhook from the browser, and keeps the database's id and manage token", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status: 200 }));
    const { store, storage, fake } = sharedSetup(fetchImpl);
    store.selectDate("2026-04-15");
    store.selectTime("18:00");
    store.setField("name", "Maria");
    store.setField("email", "maria@example.com");
    expect(await store.submit()).toBe("sent");
    expect(fake.shared.book).toHaveBeenCalledWith(expect.objectContaining({ name: "Maria", email: "maria@example.com", start: SIX_PM, guests: [] }));
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(store.$state.get().phase).toMatchObject({ kind: "confirmed", booking: { id: "db-id-1", date: "2026-04-15", time: "6:00 PM" }, manageToken: "t".repeat(64) });
    expect(JSON.parse(storage.getItem(`${KEY}:refs`) ?? "")).toEqual({ "2026-04-15 6:00 PM": { id: "db-id-1", token: "t".repeat(64) } });
    expect(store.$booked.get().has("2026-04-15 6:00 PM")).toBe(true);
  });

  it("says the slot was just taken, keeps every field and the chosen time, marks it Booked and asks again", async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const fake = fakeShared();
    const { store } = sharedSetup(fetchImpl, fake);
    store.selectDate("2026-04-15");
    await flush();
    store.selectTime("18:00");
    store.setField("name", "Maria");
    store.setField("email", "maria@example.com");
    store.setField("message", "Clinic");
    fake.answerBook({ ok: false, refusal: "slot_taken" });
    fake.answerTaken({ ok: true, value: [SIX_PM] });
    expect(await store.submit()).toBe("refused");
    expect(store.$state.get()).toMatchObject({
      time: "18:00",
      fields: { name: "Maria", email: "maria@example.com", message: "Clinic" },
      phase: { kind: "failed", refusal: "slot_taken", reason: "That time has just been booked. Please choose another." },
    });
    expect(store.$slots.get().find((s) => s.time === "18:00")?.booked).toBe(true);
    await flush();
    expect(fake.shared.takenSlots).toHaveBeenCalledTimes(2);
    expect(fetchImpl).not.toHaveBeenCalled();
    store.selectTime("18:30");
    expect(store.$state.get().phase).toEqual({ kind: "editing" });
  });

  it("says why when the booking function fails, and keeps every field", async () => {
    const fake = fakeShared();
    fake.answerBook({ ok: false, failure: { kind: "http", status: 502 } });
    const { store } = sharedSetup(vi.fn<typeof fetch>(), fake);
    chooseSixPm(store);
    expect(await store.submit()).toBe("failed");
    expect(store.$state.get()).toMatchObject({ phase: { kind: "failed", reason: "The server answered with an error (HTTP 502)." }, fields: { name: "Maria" } });
    expect(store.$upcoming.get()).toEqual([]);
  });

  it.each([
    ["too_many_bookings", /^We cannot take another online booking from you just now\. Please e-mail us at hello@example\.com/],
    ["day_full", /all the online bookings we can for today\. Please e-mail us at hello@example\.com/],
    ["beyond_horizon", /^Bookings open up to 60 days ahead\./],
  ] as const)("past a limit (%s) says so, offering the e-mail, and keeps every field", async (refusal, sentence) => {
    const fake = fakeShared();
    fake.answerBook({ ok: false, refusal });
    const { store } = sharedSetup(vi.fn<typeof fetch>(), fake);
    chooseSixPm(store);
    expect(await store.submit()).toBe("refused");
    const { phase, fields } = store.$state.get();
    expect(phase).toMatchObject({ kind: "failed", refusal, reason: expect.stringMatching(sentence) });
    expect(fields).toMatchObject({ name: "Maria", email: "maria@example.com" });
  });

  it("refuses to be built with neither shared bookings nor a webhook", () => {
    const deps: BookingDeps = { storage: null, now: () => new Date(), newId: () => "x" };
    expect(() => createBookingStore({ ...site.booking, schedule: site.booking, webhookUrl: null, visitorZone: "Europe/Nicosia" }, deps)).toThrow(/webhook/);
  });
});
