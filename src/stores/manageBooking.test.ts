import { describe, expect, it, vi } from "vitest";
import { useFakeClock } from "../../tests/fixtures/fakeClock";
import { site } from "../site.config";
import type { ManagedBooking, SharedBookings } from "../lib/booking/sharedBookings";
import { memoryStorage } from "../../tests/fixtures/memoryStorage";
import { createManageBookingStore, type ManageBookingDeps } from "./manageBooking";

const KEY = site.booking.storageKey;
const TOKEN = "ab".repeat(32);
// Monday 13 April 2026, 09:00 in Nicosia; the call is on Tuesday the 14th at 18:00.
const NOW = new Date("2026-04-13T06:00:00Z");
const BOOKING: ManagedBooking = {
  id: "db-id-1",
  name: "Maria Georgiou",
  date: "2026-04-14",
  time: "6:00 PM",
  timezone: "Europe/Nicosia",
  start: new Date("2026-04-14T15:00:00Z"),
  status: "confirmed",
};

/** The shared bookings as a scripted fake; `find` and `cancel` answer after `delayMs` on the fake clock. */
function fakeShared(delayMs = 100) {
  const after = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), delayMs));
  const shared: SharedBookings = {
    takenSlots: vi.fn(async () => ({ ok: true as const, value: [] })),
    book: vi.fn(async () => ({ ok: false, refusal: "invalid" }) as const),
    find: vi.fn((token: string) => after(token === TOKEN ? ({ ok: true, value: BOOKING } as const) : ({ ok: false, refusal: "unknown" } as const))),
    cancel: vi.fn(() => after({ ok: true, value: { id: BOOKING.id } } as const)),
  };
  return shared;
}

function setup(shared = fakeShared(), storage: Storage | null = memoryStorage()) {
  const clearFragment = vi.fn();
  const loadShared = vi.fn(async () => shared);
  const deps: ManageBookingDeps = { loadShared, storage, now: () => new Date(), clearFragment };
  return { store: createManageBookingStore({ storageKey: KEY }, deps), shared, clearFragment, loadShared, storage };
}

useFakeClock(NOW);

describe("manage booking store", () => {
  it("reads the token from the fragment, asks to take it out of the address bar, and shows the booking once found", async () => {
    const { store, shared, clearFragment } = setup();
    expect(store.$view.get()).toEqual({ kind: "loading" });
    store.open(`#${TOKEN}`);
    expect(clearFragment).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(store.$view.get()).toEqual({ kind: "loading" });
    await vi.advanceTimersByTimeAsync(1);
    expect(shared.find).toHaveBeenCalledWith(TOKEN);
    expect(store.$view.get()).toEqual({ kind: "found", booking: BOOKING, upcoming: true, cancelling: false, refusal: null, error: null, cancelled: false });
  });

  it("says when there is no token, and keeps one already read when the fragment is gone", async () => {
    const first = setup();
    first.store.open("");
    expect(first.store.$view.get()).toEqual({ kind: "no-token" });
    expect(first.clearFragment).not.toHaveBeenCalled();

    const { store, shared } = setup();
    store.open(`#${TOKEN}`);
    await vi.advanceTimersByTimeAsync(100);
    store.open("");
    expect(store.$view.get()).toMatchObject({ kind: "found" });
    expect(shared.find).toHaveBeenCalledTimes(1);
  });

  it("tells a wrong link apart, and a failed look-up with Try again, which asks with the token it kept", async () => {
    const wrong = setup();
    wrong.store.open(`#${"0".repeat(64)}`);
    await vi.advanceTimersByTimeAsync(100);
    expect(wrong.store.$view.get()).toEqual({ kind: "unknown" });

    const shared = fakeShared();
    vi.mocked(shared.find).mockResolvedValueOnce({ ok: false, failure: { kind: "http", status: 503 } });
    const { store } = setup(shared);
    store.open(`#${TOKEN}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$view.get()).toEqual({ kind: "failed", reason: "The server answered with an error (HTTP 503)." });
    void store.lookUp();
    await vi.advanceTimersByTimeAsync(100);
    expect(shared.find).toHaveBeenLastCalledWith(TOKEN);
    expect(store.$view.get()).toMatchObject({ kind: "found" });
  });

  it("shows a call that has started as such: no longer upcoming", async () => {
    vi.setSystemTime(new Date("2026-04-14T15:00:01Z"));
    const { store } = setup();
    store.open(`#${TOKEN}`);
    await vi.advanceTimersByTimeAsync(100);
    expect(store.$view.get()).toMatchObject({ kind: "found", upcoming: false });
  });

  it("cancels once, then shows it cancelled and forgets it in this browser's list", async () => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify([{ date: "2026-04-14", time: "6:00 PM", name: "Maria", email: "m@example.com", guests: [], message: "", timestamp: NOW.toISOString() }]),
      [`${KEY}:refs`]: JSON.stringify({ "2026-04-14 6:00 PM": { id: BOOKING.id, token: TOKEN } }),
    });
    const { store, shared } = setup(fakeShared(), storage);
    store.open(`#${TOKEN}`);
    await vi.advanceTimersByTimeAsync(100);
    const cancelling = store.cancel();
    expect(store.$view.get()).toMatchObject({ cancelling: true });
    expect(await store.cancel()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await cancelling).toBe(true);
    expect(shared.cancel).toHaveBeenCalledTimes(1);
    expect(shared.cancel).toHaveBeenCalledWith(TOKEN);
    expect(store.$view.get()).toMatchObject({ cancelling: false, cancelled: true, booking: { status: "cancelled" } });
    expect(JSON.parse(storage.getItem(KEY) ?? "")).toEqual([]);
    expect(JSON.parse(storage.getItem(`${KEY}:refs`) ?? "")).toEqual({});
  });

  it("keeps the booking and says why when cancelling is refused or fails", async () => {
    const shared = fakeShared();
    vi.mocked(shared.cancel).mockResolvedValueOnce({ ok: false, refusal: "past_slot" }).mockResolvedValueOnce({ ok: false, failure: { kind: "timeout", ms: 15000 } });
    const { store } = setup(shared);
    store.open(`#${TOKEN}`);
    await vi.advanceTimersByTimeAsync(100);
    expect(await store.cancel()).toBe(false);
    expect(store.$view.get()).toMatchObject({ refusal: "past_slot", error: null, cancelled: false, booking: { status: "confirmed" } });
    expect(await store.cancel()).toBe(false);
    expect(store.$view.get()).toMatchObject({ refusal: null, error: expect.stringMatching(/15 s|15000|time/i), cancelled: false });
  });
});
