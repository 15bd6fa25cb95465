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

/** This browser's localStorage, or null where it is blocked (private modes, disabled storage). */
export function localStorageOrNull(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem("");
    return storage;
  } catch {
    return null;
  }
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
