import { compactErrors, isEmail, messages, validateEmail, validateRequired } from "../validation";

/** One guest row of the form; the id keeps React keys and focus stable while rows come and go. */
export interface GuestRow {
  id: string;
  email: string;
}

export interface BookingFields {
  name: string;
  email: string;
  message: string;
  guests: GuestRow[];
}

export interface BookingErrors {
  name?: string;
  email?: string;
  /** Messages by guest row id. */
  guests?: Record<string, string>;
}

/** The chosen slot: a calendar date and the slot label, both in the schedule's zone. */
export interface SlotChoice {
  date: string;
  time: string;
}

/** What the booking webhook receives. */
export interface BookingPayload extends SlotChoice {
  /** Random UUID of this booking, the same on a retry, so the receiver can drop duplicates. */
  id: string;
  name: string;
  email: string;
  message: string;
  guests: string[];
  /** The zone `date` and `time` are in. */
  timezone: string;
  timestamp: string;
}

/** The local record of a booking, as the specification stores it. */
export type StoredBooking = Omit<BookingPayload, "id" | "timezone">;

export const EMPTY_FIELDS: BookingFields = { name: "", email: "", message: "", guests: [] };

/** The guest e-mails worth sending: trimmed, blanks dropped. */
export function cleanGuests(rows: readonly GuestRow[]): string[] {
  return rows.map((row) => row.email.trim()).filter((email) => email !== "");
}

/** Field messages for the details form; an empty object means it can be sent. */
export function validateBooking(fields: BookingFields): BookingErrors {
  const guests: Record<string, string> = {};
  for (const row of fields.guests) {
    if (row.email.trim() && !isEmail(row.email)) guests[row.id] = messages.emailInvalid;
  }
  return {
    ...compactErrors({ name: validateRequired(fields.name, messages.nameRequired), email: validateEmail(fields.email) }),
    ...(Object.keys(guests).length > 0 ? { guests } : {}),
  };
}

/** The form control name of the first field with an error, in reading order, or null. */
export function firstInvalidField(errors: BookingErrors, fields: BookingFields): string | null {
  if (errors.name) return "name";
  if (errors.email) return "email";
  const guest = fields.guests.find((row) => errors.guests?.[row.id]);
  return guest ? guestFieldName(guest.id) : null;
}

/** The form control name of a guest row. */
export function guestFieldName(id: string): string {
  return `guest-${id}`;
}

export interface PayloadInput {
  id: string;
  fields: BookingFields;
  choice: SlotChoice;
  timeZone: string;
  now: Date;
}

/** The JSON body for the booking webhook, with trimmed fields and blank guests dropped. */
export function buildBookingPayload({ id, fields, choice, timeZone, now }: PayloadInput): BookingPayload {
  return {
    id,
    name: fields.name.trim(),
    email: fields.email.trim(),
    date: choice.date,
    time: choice.time,
    message: fields.message.trim(),
    guests: cleanGuests(fields.guests),
    timezone: timeZone,
    timestamp: now.toISOString(),
  };
}

/** The local record of a delivered booking. */
export function toStoredBooking({ date, time, name, email, guests, message, timestamp }: BookingPayload): StoredBooking {
  return { date, time, name, email, guests, message, timestamp };
}
