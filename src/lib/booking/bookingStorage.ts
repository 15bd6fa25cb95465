import type { StoredBooking } from "./bookingForm";

/** A bookings value larger than this is not ours to parse (a few hundred bookings fit well below). */
export const MAX_STORED_CHARS = 200_000;

export type ParseResult =
  | { ok: true; bookings: StoredBooking[] }
  | { ok: false; reason: "corrupt" | "foreign" | "too-large" };

const isString = (v: unknown): v is string => typeof v === "string";

/** Whether a value read back from storage has the shape of a stored booking. */
export function isStoredBooking(value: unknown): value is StoredBooking {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isString(v["date"]) &&
    /^\d{4}-\d{2}-\d{2}$/.test(v["date"]) &&
    isString(v["time"]) &&
    isString(v["name"]) &&
    isString(v["email"]) &&
    isString(v["message"]) &&
    isString(v["timestamp"]) &&
    Array.isArray(v["guests"]) &&
    v["guests"].every(isString)
  );
}

/** Reads the bookings value: absent is an empty list; anything but a list of bookings is refused whole. */
export function parseBookings(raw: string | null, maxChars = MAX_STORED_CHARS): ParseResult {
  if (raw === null) return { ok: true, bookings: [] };
  if (raw.length > maxChars) return { ok: false, reason: "too-large" };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, reason: "corrupt" };
  }
  if (!Array.isArray(value) || !value.every(isStoredBooking)) return { ok: false, reason: "foreign" };
  return { ok: true, bookings: value };
}

/** The bookings stored under `key`; an unreadable or unusable value counts as none. */
export function loadBookings(storage: Storage | null, key: string): StoredBooking[] {
  try {
    const parsed = parseBookings(storage?.getItem(key) ?? null);
    return parsed.ok ? parsed.bookings : [];
  } catch {
    return [];
  }
}

/** Where a value we cannot read is kept aside before the key is reused. */
export function setAsideKey(key: string, now: Date): string {
  return `${key}:set-aside:${now.toISOString()}`;
}

export interface RecordOutcome {
  /** The bookings this browser now knows of, the new one included. */
  bookings: StoredBooking[];
  /** Why nothing was written, when nothing was. */
  skipped?: string;
}

/**
 * Appends a booking to the list under `key`. A value that is not a list of bookings is first
 * copied aside (never dropped); when that copy or the write fails, storage is left as it was.
 */
export function recordBooking(storage: Storage | null, key: string, booking: StoredBooking, known: StoredBooking[], now: Date): RecordOutcome {
  const inMemory = [...known, booking];
  if (!storage) return { bookings: inMemory, skipped: "localStorage is unavailable" };
  try {
    const raw = storage.getItem(key);
    const parsed = parseBookings(raw);
    if (!parsed.ok && raw !== null) storage.setItem(setAsideKey(key, now), raw);
    const bookings = [...(parsed.ok ? parsed.bookings : []), booking];
    storage.setItem(key, JSON.stringify(bookings));
    return { bookings };
  } catch (error) {
    return { bookings: inMemory, skipped: `localStorage write failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * What this browser keeps beside each of its bookings, under `<key>:refs` by bookedKey (the stored record keeps
 * the specification's fields only): the booking's id, and with Supabase its manage token.
 */
export interface BookingRef {
  id: string;
  token?: string;
}

export const refsKey = (key: string) => `${key}:refs`;

const isRef = (value: unknown): value is BookingRef => {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return isString(v["id"]) && (v["token"] === undefined || isString(v["token"]));
};

/** The refs of this browser's bookings; an unreadable value counts as none. */
export function loadRefs(storage: Storage | null, key: string): Record<string, BookingRef> {
  try {
    const value: unknown = JSON.parse(storage?.getItem(refsKey(key)) ?? "{}");
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, BookingRef] => isRef(entry[1])));
  } catch {
    return {};
  }
}

/** Keeps (or, with null, forgets) the ref of the booking at `slotKey`; a failed write only loses the ref. */
export function storeRef(storage: Storage | null, key: string, slotKey: string, ref: BookingRef | null): Record<string, BookingRef> {
  const refs = { ...loadRefs(storage, key) };
  if (ref) refs[slotKey] = ref;
  else delete refs[slotKey];
  try {
    storage?.setItem(refsKey(key), JSON.stringify(refs));
  } catch {
    // The refs are a convenience (Cancel, the manage link); the booking itself is recorded.
  }
  return refs;
}

/** Removes one booking (same date, time and timestamp) from the list under `key`; other values stay as they are. */
export function removeBooking(storage: Storage | null, key: string, booking: StoredBooking, known: StoredBooking[]): StoredBooking[] {
  const same = (b: StoredBooking) => b.date === booking.date && b.time === booking.time && b.timestamp === booking.timestamp;
  if (!storage) return known.filter((b) => !same(b));
  try {
    const parsed = parseBookings(storage.getItem(key));
    if (!parsed.ok) return known.filter((b) => !same(b));
    const bookings = parsed.bookings.filter((b) => !same(b));
    storage.setItem(key, JSON.stringify(bookings));
    return bookings;
  } catch {
    return known.filter((b) => !same(b));
  }
}

/** Forgets the booking at `slotKey` (date and slot label) with its ref: it was cancelled from its manage page. */
export function forgetBooking(storage: Storage | null, key: string, slotKey: string): void {
  const booking = loadBookings(storage, key).find((b) => `${b.date} ${b.time}` === slotKey);
  if (booking) removeBooking(storage, key, booking, []);
  storeRef(storage, key, slotKey, null);
}
