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

/**
 * Characters no field may hold: C0 controls (escape sequences could rewrite the developer's terminal), DEL
 * and C1 controls. A message may span lines, so `message` alone may hold tabs and line breaks.
 */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);
const LINE_CHARACTERS: ReadonlySet<string> = new Set(["\t", "\n", "\r"]);
/** Fields whose text may run over several lines. */
const MULTILINE_FIELDS: ReadonlySet<string> = new Set(["message"]);

/** Whether a value, or any string inside it (a guest list), holds a control character (lines allowed when `multiline`). */
function holdsControl(value: unknown, multiline: boolean): boolean {
  if (typeof value === "string") {
    return [...value].some((char) => isControl(char.charCodeAt(0)) && !(multiline && LINE_CHARACTERS.has(char)));
  }
  return Array.isArray(value) && value.some((item) => holdsControl(item, multiline));
}

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

/**
 * Largest size of one inbox file: 1 MiB, some two thousand messages. Past it the inbox answers 507 and
 * keeps the file as it is, so nothing can fill the disk; the developer moves or deletes the file.
 */
export const INBOX_FILE_LIMIT = 1024 * 1024;

/** Why a line of `lineBytes` cannot be appended to a file of `fileBytes`, or undefined when it fits. */
export function fullFileReason(file: string, fileBytes: number, lineBytes: number): string | undefined {
  return fileBytes + lineBytes > INBOX_FILE_LIMIT
    ? `The inbox file ${file} would pass ${INBOX_FILE_LIMIT} bytes: move or delete it to take more.`
    : undefined;
}

/** Whether an Origin header names the server at `host` ("null" and malformed origins do not). */
function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** What a request to the inbox must be before its body is read: the refusal's status and reason, or undefined. */
export interface InboxRequest {
  method: string;
  /** The Content-Type header. */
  contentType: string | undefined;
  /** The Origin header: a browser sends it with every POST. */
  origin: string | undefined;
  /** The Host header: the dev server's own origin is http://<host>. */
  host: string | undefined;
  /** The Sec-Fetch-Site header of a browser's request. */
  fetchSite: string | undefined;
}

/**
 * Refuses what another website could send from a developer's browser: a request that says it is cross-site
 * or comes from a foreign origin (403), and a POST that is not JSON (415), which a page can only send after a
 * CORS preflight the inbox never grants. Undefined when the request may go on.
 */
export function requestRefusal(request: InboxRequest): { status: 403 | 415; reason: string } | undefined {
  if (request.fetchSite === "cross-site") return { status: 403, reason: "Cross-site requests are refused." };
  if (request.origin !== undefined) {
    if (!sameHost(request.origin, request.host)) return { status: 403, reason: `Requests from ${request.origin} are refused: only the dev server's own pages may send.` };
  }
  const mediaType = request.contentType?.split(";")[0]?.trim().toLowerCase();
  if (request.method === "POST" && mediaType !== "application/json") {
    return { status: 415, reason: "The body must be sent as Content-Type: application/json." };
  }
  return undefined;
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
    else if (holdsControl(body[key], MULTILINE_FIELDS.has(key))) {
      found.push(`Field "${key}" must not contain control characters${MULTILINE_FIELDS.has(key) ? " other than tabs and line breaks" : ""}.`);
    }
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
