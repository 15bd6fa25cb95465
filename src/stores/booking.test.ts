import { describe, expect, it, vi } from "vitest";
import { useFakeClock } from "../../tests/fixtures/fakeClock";
import { site } from "../site.config";
import { createBookingStore, type BookingDeps, type BookingStore } from "./booking";
import type { SharedBookings } from "../lib/booking/sharedBookings";
import { memoryStorage } from "../../tests/fixtures/memoryStorage";

const KEY = site.booking.storageKey;
// Monday 13 April 2026, 09:00 in Nicosia.
const NOW = new Date("2026-04-13T06:00:00Z");

function setup(fetchImpl: typeof fetch, storage: Storage | null = memoryStorage()) {
  let n = 0;
  const deps: BookingDeps = { storage, now: () => new Date(), newId: () => `id-${++n}`, fetchImpl };
  const store = createBookingStore({ ...site.booking, schedule: site.booking, webhookUrl: "https://hook.test/booking", visitorZone: "America/New_York" }, deps);
  store.selectDate("2026-04-15");
  store.selectTime("17:30");
  store.setField("name", "Maria");
  store.setField("email", "maria@example.com");
  return { store, storage };
}

const bodies = (fetchImpl: ReturnType<typeof vi.fn<typeof fetch>>) => fetchImpl.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));

useFakeClock(NOW);

describe("booking store", () => {
  it("offers the chosen day's 11 slots, with the visitor's time beside them", () => {
    const { store } = setup(vi.fn<typeof fetch>());
    expect(store.$slots.get()).toHaveLength(11);
    expect(store.$slots.get()[0]).toMatchObject({ label: "5:30 PM", localLabel: "10:30 AM", booked: false });
  });

  it("sends once, records the booking, confirms for 5000 ms, then resets", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status: 200 }));
    const { store, storage } = setup(fetchImpl);
    const first = store.submit();
    expect(store.$state.get().phase.kind).toBe("submitting");
    expect(await store.submit()).toBe("busy");
    expect(await first).toBe("sent");
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(bodies(fetchImpl)[0]).toMatchObject({ id: "id-1", date: "2026-04-15", time: "5:30 PM", timezone: "Europe/Nicosia", guests: [] });
    expect(JSON.parse(storage?.getItem(KEY) ?? "")).toEqual([expect.objectContaining({ date: "2026-04-15", time: "5:30 PM", name: "Maria" })]);
    expect(store.$booked.get().has("2026-04-15 5:30 PM")).toBe(true);
    const phase = store.$state.get().phase;
    expect(phase.kind === "confirmed" && phase.start.toISOString()).toBe("2026-04-15T14:30:00.000Z");
    vi.advanceTimersByTime(4999);
    expect(store.$state.get().phase.kind).toBe("confirmed");
    vi.advanceTimersByTime(1);
    expect(store.$state.get()).toMatchObject({ date: null, time: null, phase: { kind: "editing" }, fields: { name: "", email: "" } });
    store.selectDate("2026-04-15");
    expect(store.$slots.get()[0]).toMatchObject({ label: "5:30 PM", booked: true });
  });

  it("keeps every field and the id after a failure, and sends the same id on the retry", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response("no", { status: 500 }));
    const { store, storage } = setup(fetchImpl);
    store.addGuest();
    expect(await store.submit()).toBe("failed");
    const failed = store.$state.get();
    expect(failed.phase).toEqual({ kind: "failed", reason: "The server answered with an error (HTTP 500)." });
    expect(failed.fields).toMatchObject({ name: "Maria", email: "maria@example.com" });
    expect(failed.fields.guests).toHaveLength(1);
    expect(storage?.getItem(KEY)).toBeNull();
    fetchImpl.mockImplementation(async () => new Response(null, { status: 201 }));
    expect(await store.submit()).toBe("sent");
    expect(bodies(fetchImpl).map((b) => b.id)).toEqual(["id-2", "id-2"]);
  });

  it.each([
    ["name", (store: BookingStore) => store.setField("name", "Maria G.")],
    ["e-mail", (store: BookingStore) => store.setField("email", "maria.g@example.com")],
    ["message", (store: BookingStore) => store.setField("message", "About our clinic")],
    ["guests (added)", (store: BookingStore) => store.setGuest(store.addGuest(), "andreas@example.com")],
  ])("sends a new id when the %s changed after a failure", async (_field, edit) => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response("no", { status: 500 }));
    const { store } = setup(fetchImpl);
    expect(await store.submit()).toBe("failed");
    edit(store);
    expect(await store.submit()).toBe("failed");
    const [first, second] = bodies(fetchImpl).map((b) => b.id);
    expect(second).not.toBe(first);
  });

  it("keeps the id when an edit is undone, or only blank guest rows changed", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response("no", { status: 500 }));
    const { store } = setup(fetchImpl);
    expect(await store.submit()).toBe("failed");
    store.setField("name", "Mari");
    store.setField("name", "Maria ");
    store.addGuest();
    expect(await store.submit()).toBe("failed");
    const ids = bodies(fetchImpl).map((b) => b.id);
    expect(ids[1]).toBe(ids[0]);
  });

  it("gives up after the 15 s time-out", async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      (_u, init) => new Promise((_r, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
    );
    const { store } = setup(fetchImpl);
    const pending = store.submit();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(store.$state.get().phase.kind).toBe("submitting");
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBe("failed");
    expect(store.$state.get().phase).toEqual({ kind: "failed", reason: "The server did not answer within 15 seconds." });
  });

  it("uses a new id for another slot", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status: 500 }));
    const { store } = setup(fetchImpl);
    await store.submit();
    store.selectTime("18:00");
    await store.submit();
    expect(bodies(fetchImpl).map((b) => [b.id, b.time])).toEqual([["id-1", "5:30 PM"], ["id-2", "6:00 PM"]]);
  });

  it("refuses to send an invalid form and says why", async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const { store } = setup(fetchImpl);
    store.setField("email", "maria@");
    expect(await store.submit()).toBe("invalid");
    expect(store.$state.get().errors).toEqual({ email: "Please enter a valid email" });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("still books without localStorage, keeping the slot booked for this visit", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status: 200 }));
    const { store } = setup(fetchImpl, null);
    expect(await store.submit()).toBe("sent");
    expect(store.$booked.get().has("2026-04-15 5:30 PM")).toBe(true);
  });

  it("adds, edits and removes guest rows by id", () => {
    const { store } = setup(vi.fn<typeof fetch>());
    const a = store.addGuest();
    const b = store.addGuest();
    store.setGuest(b, "eleni@example.com");
    store.removeGuest(a);
    expect(store.$state.get().fields.guests).toEqual([{ id: b, email: "eleni@example.com" }]);
  });
});

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

describe("this browser's upcoming bookings", () => {
  it("lists those not started yet, soonest first, and cancels one: the webhook hears first, then the slot is free", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status: 200 }));
    const { store, storage } = setup(fetchImpl);
    await store.submit();
    store.reset();
    const [entry] = store.$upcoming.get();
    expect(entry).toMatchObject({ booking: { date: "2026-04-15", time: "5:30 PM" }, ref: { id: "id-1" } });
    expect(entry?.start.toISOString()).toBe("2026-04-15T14:30:00.000Z");

    fetchImpl.mockResolvedValueOnce(new Response(null, { status: 503 }));
    expect(await store.cancelLocal(entry!.booking)).toBe(false);
    expect(store.$cancelling.get()).toMatchObject({ phase: "failed", reason: "The server answered with an error (HTTP 503)." });
    expect(store.$booked.get().has("2026-04-15 5:30 PM")).toBe(true);

    expect(await store.cancelLocal(entry!.booking)).toBe(true);
    expect(bodies(fetchImpl).slice(1)).toEqual([
      { type: "cancelled", id: "id-1" },
      { type: "cancelled", id: "id-1" },
    ]);
    expect(store.$upcoming.get()).toEqual([]);
    expect(store.$booked.get().size).toBe(0);
    expect(JSON.parse(storage?.getItem(KEY) ?? "")).toEqual([]);
    expect(store.$cancelling.get()).toBeNull();
  });

  it("leaves out bookings whose call has started", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status: 200 }));
    const { store } = setup(fetchImpl);
    await store.submit();
    vi.setSystemTime(new Date("2026-04-15T14:30:00Z"));
    store.refreshNow();
    expect(store.$upcoming.get()).toEqual([]);
  });
});
