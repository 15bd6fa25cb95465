import type { BookingPayload } from "../booking/bookingForm";
import { isWeekend } from "../booking/calendarDates";
import { scheduleTimes, type Schedule } from "../booking/slots";
import { timeLabel } from "../booking/zonedTime";
import type { ContactPayload } from "../contact";
import { isEmail } from "../validation";

/** The two kinds of message the development inbox takes in. */
export type InboxKind = "booking" | "contact";

/** What the inbox accepts: the webhook payload, with `id` optional on both kinds (one contract for old and new senders). */
export type InboxRecord = {
  booking: Omit<BookingPayload, "id"> & { id?: string };
  contact: Omit<ContactPayload, "id"> & { id?: string };
};

export type InboxResult<K extends InboxKind> = { ok: true; record: InboxRecord[K] } | { ok: false; reason: string };

/**
 * Largest body the inbox reads, in bytes: 64 KiB, some twenty times a long message with many guests,
 * and small enough that nothing can fill the developer's memory or disk by accident.
 */
export const INBOX_BODY_LIMIT = 64 * 1024;

/** A check returns what is wrong with a present value, or undefined when it is fine. */
type Check = (value: unknown) => string | undefined;
interface Rule {
  check: Check;
  optional?: true;
}
// Every payload field has a rule, and `id` too: a field added to a payload type fails to compile here until it is checked.
type Rules<K extends InboxKind> = Record<keyof InboxRecord[K] | "id", Rule>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;
const ID_MAX_LENGTH = 100;

const string: Check = (v) => (typeof v === "string" ? undefined : "must be a string");
const nonBlank: Check = (v) => string(v) ?? ((v as string).trim() ? undefined : "must not be blank");
const email: Check = (v) => string(v) ?? (isEmail(v as string) ? undefined : "must be an e-mail address");
const emailList: Check = (v) =>
  Array.isArray(v) && v.every((item) => typeof item === "string" && isEmail(item)) ? undefined : "must be a list of e-mail addresses";
const instant: Check = (v) =>
  typeof v === "string" && ISO_INSTANT.test(v) && Number.isFinite(Date.parse(v)) ? undefined : "must be an ISO 8601 date and time";
const path: Check = (v) => (typeof v === "string" && v.startsWith("/") && !v.startsWith("//") ? undefined : "must be a path starting with /");
const id: Check = (v) =>
  typeof v === "string" && v.trim() !== "" && v.length <= ID_MAX_LENGTH ? undefined : `must be a non-blank string of at most ${ID_MAX_LENGTH} characters`;
const timeZone: Check = (v) => {
  if (typeof v !== "string" || v === "") return "must be a time zone name";
  try {
    new Intl.DateTimeFormat("en", { timeZone: v });
    return undefined;
  } catch {
    return "must be a time zone name";
  }
};
const weekday: Check = (v) => {
  // A real calendar date survives the round trip through Date unchanged (2026-02-30 does not).
  const real = typeof v === "string" && ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().startsWith(v);
  if (!real) return "must be a date as YYYY-MM-DD";
  return isWeekend(v) ? "must be a weekday" : undefined;
};
const oneOf =
  (labels: readonly string[]): Check =>
  (v) =>
    typeof v === "string" && labels.includes(v) ? undefined : `must be one of the slots: ${labels.join(", ")}`;

function rulesFor(schedule: Schedule): { [K in InboxKind]: Rules<K> } {
  return {
    booking: {
      id: { check: id, optional: true },
      name: { check: nonBlank },
      email: { check: email },
      date: { check: weekday },
      time: { check: oneOf(scheduleTimes(schedule).map(timeLabel)) },
      message: { check: string },
      guests: { check: emailList },
      timezone: { check: timeZone },
      timestamp: { check: instant },
    },
    contact: {
      id: { check: id, optional: true },
      name: { check: nonBlank },
      email: { check: email },
      message: { check: nonBlank },
      page: { check: path },
      timestamp: { check: instant },
    },
  };
}

/** Why a body of `bytes` bytes is refused, or undefined when it is within INBOX_BODY_LIMIT. */
export function oversizeReason(bytes: number): string | undefined {
  return bytes > INBOX_BODY_LIMIT ? `The body is larger than ${INBOX_BODY_LIMIT} bytes.` : undefined;
}

/** Every problem of a parsed JSON value against the rules, in field order; empty when it is valid. */
function problems(value: unknown, rules: Record<string, Rule>): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return ["The body must be a JSON object."];
  const body = value as Record<string, unknown>;
  const found = Object.keys(body)
    .filter((key) => !Object.hasOwn(rules, key))
    .map((key) => `Unexpected field "${key}".`);
  for (const [key, rule] of Object.entries(rules)) {
    if (!Object.hasOwn(body, key)) {
      if (!rule.optional) found.push(`Missing field "${key}".`);
      continue;
    }
    const problem = rule.check(body[key]);
    if (problem) found.push(`Field "${key}" ${problem}.`);
  }
  return found;
}

/**
 * Checks a request body the way the receiving webhook should: at most INBOX_BODY_LIMIT bytes of JSON,
 * an object with exactly the payload's fields, each of the right type. The reason names every problem.
 */
export function parseInboxBody<K extends InboxKind>(kind: K, text: string, schedule: Schedule): InboxResult<K> {
  const tooLarge = oversizeReason(new TextEncoder().encode(text).length);
  if (tooLarge) return { ok: false, reason: tooLarge };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "The body is not JSON." };
  }
  const found = problems(value, rulesFor(schedule)[kind]);
  return found.length > 0 ? { ok: false, reason: found.join(" ") } : { ok: true, record: value as InboxRecord[K] };
}
