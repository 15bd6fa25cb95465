import { atom, computed, type ReadableAtom } from "nanostores";
import type { StoredBooking } from "../lib/booking/bookingForm";
import { loadBookings, loadRefs, recordBooking, removeBooking, storeRef, type BookingRef } from "../lib/booking/bookingStorage";
import { bookedKey, scheduleTimes, type Schedule } from "../lib/booking/slots";
import { timeLabel, zonedToInstant } from "../lib/booking/zonedTime";
import { describeFailure, postJson } from "../lib/http";
import { reportError } from "../lib/report";

/** Where cancelling one of this browser's bookings stands (local mode: the webhook hears of it first). */
export type Cancelling = { key: string; phase: "sending" } | { key: string; phase: "failed"; reason: string } | null;

/** What this browser's bookings take from the booking page's settings and deps. */
export interface BrowserBookingsOptions {
  schedule: Schedule;
  storage: Storage | null;
  storageKey: string;
  /** Where a cancellation is posted without shared bookings. */
  webhookUrl: string | null;
  requestTimeoutMs: number;
  fetchImpl?: typeof fetch;
  now: () => Date;
  /** The booking page's clock: a booking drops out of the upcoming ones once it starts. */
  $now: ReadableAtom<Date>;
}

/** The bookings this browser made and keeps (localStorage), with their refs: record, list the upcoming, cancel. */
export function createBrowserBookings(options: BrowserBookingsOptions) {
  const { schedule, storage, storageKey } = options;
  const $bookings = atom(loadBookings(storage, storageKey));
  const $refs = atom(loadRefs(storage, storageKey));
  const $cancelling = atom<Cancelling>(null);

  /** The instant a slot of `date` starts: `time` is "17:30" or a label, "5:30 PM". */
  const startOf = (date: string, time: string) =>
    zonedToInstant(date, scheduleTimes(schedule).find((t) => t === time || timeLabel(t) === time) ?? time, schedule.timeZone);

  /** Keeps a delivered booking and its ref under its slot's bookedKey; storage that cannot take it is reported, not fatal. */
  const record = (booking: StoredBooking, slotKey: string, ref: BookingRef) => {
    const recorded = recordBooking(storage, storageKey, booking, $bookings.get(), options.now());
    if (recorded.skipped) reportError(new Error(`Booking not kept in this browser: ${recorded.skipped}`), "booking");
    $refs.set(storeRef(storage, storageKey, slotKey, ref));
    $bookings.set(recorded.bookings);
  };

  /** This browser's bookings that have not started, soonest first, each with its ref when one was kept. */
  const $upcoming = computed([$bookings, $refs, options.$now], (list, refs, now) =>
    list
      .map((booking) => ({ booking, start: startOf(booking.date, booking.time), ref: refs[bookedKey(booking.date, booking.time)] ?? null }))
      .filter((entry) => entry.start.getTime() > now.getTime())
      .sort((a, b) => a.start.getTime() - b.start.getTime()),
  );

  /**
   * Cancels one of this browser's bookings without shared bookings: the webhook hears `{ type: "cancelled", id }`
   * first, and only then is the local record removed and its slot freed.
   */
  const cancelLocal = async (booking: StoredBooking): Promise<boolean> => {
    const key = bookedKey(booking.date, booking.time);
    if ($cancelling.get()?.phase === "sending") return false;
    const ref = $refs.get()[key];
    $cancelling.set({ key, phase: "sending" });
    if (ref) {
      const body = { type: "cancelled", id: ref.id };
      const result = await postJson(options.webhookUrl ?? "", body, { timeoutMs: options.requestTimeoutMs, fetchImpl: options.fetchImpl });
      if (!result.ok) {
        const reason = describeFailure(result.failure);
        reportError(new Error(`Failed to cancel booking: ${reason}`), "booking", { failure: result.failure });
        $cancelling.set({ key, phase: "failed", reason });
        return false;
      }
    }
    $bookings.set(removeBooking(storage, storageKey, booking, $bookings.get()));
    $refs.set(storeRef(storage, storageKey, key, null));
    $cancelling.set(null);
    return true;
  };

  return { $bookings, $upcoming, $cancelling, startOf, record, cancelLocal };
}
