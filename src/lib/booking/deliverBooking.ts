import type { BookingPayload } from "./bookingForm";
import type { BookingRef } from "./bookingStorage";
import type { BookRefusal, Outcome, SharedBookings } from "./sharedBookings";
import { postJson } from "../http";

/** Where a booking goes: the shared bookings when the site has them, else this browser posts it to the webhook. */
export interface Delivery {
  shared: SharedBookings | null;
  webhookUrl: string | null;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/**
 * Delivers a booking whose slot starts at `start`. With shared bookings the booking function takes the slot
 * (atomically: no double booking) within the limits, and the server tells the agency, so a tab closed now loses
 * nothing; its id is the booking's. Without them the webhook gets the booking under `id`.
 */
export async function deliverBooking(built: BookingPayload, id: string, start: Date, via: Delivery): Promise<Outcome<BookingRef, BookRefusal>> {
  if (via.shared) return via.shared.book({ ...built, start, submittedAt: new Date(built.timestamp) });
  const result = await postJson(via.webhookUrl ?? "", { ...built, id }, { timeoutMs: via.timeoutMs, fetchImpl: via.fetchImpl });
  return result.ok ? { ok: true, value: { id } } : { ok: false, failure: result.failure };
}
