import { describe, expect, it, vi } from "vitest";
import { useFakeClock } from "../../tests/fixtures/fakeClock";
import { site } from "../site.config";
import { createBookingStore, type BookingDeps, type BookingStore } from "./booking";
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
