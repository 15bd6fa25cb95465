import { PostgrestClient } from "@supabase/postgrest-js";
import { fetchWithTimeout, isTimeout, type PostFailure } from "../http";

/**
 * The bookings every visitor shares, in the agency's Supabase project (supabase/migrations/*_booking*.sql): the page
 * reads the taken starts and a manage link's booking with the public anon key, and books and cancels through the
 * booking Edge Function (supabase/functions/booking/), which applies the limits and tells the agency.
 */
export interface SharedBookings {
  /** The starts of the confirmed bookings in [from, to). */
  takenSlots(from: Date, to: Date): Promise<Outcome<Date[]>>;
  book(request: BookRequest): Promise<Outcome<{ id: string; token: string }, BookRefusal>>;
  /** The booking a manage link's token names. */
  find(token: string): Promise<Outcome<ManagedBooking, "unknown">>;
  cancel(token: string): Promise<Outcome<{ id: string }, CancelRefusal>>;
}

export interface BookRequest {
  name: string;
  email: string;
  start: Date;
  message: string;
  guests: string[];
  submittedAt: Date;
}

/** What the database refused, by the message its function raised. */
export type BookRefusal =
  | "slot_taken"
  | "too_many_bookings"
  | "day_full"
  | "beyond_horizon"
  | "past_slot"
  | "not_a_slot"
  | "weekend"
  | "invalid";
export type CancelRefusal = "unknown_token" | "already_cancelled" | "past_slot";

export type Outcome<T, R extends string = never> =
  | { ok: true; value: T }
  | { ok: false; refusal: R }
  | { ok: false; failure: PostFailure };

export interface ManagedBooking {
  id: string;
  name: string;
  /** The date and slot label in `timezone`. */
  date: string;
  time: string;
  timezone: string;
  start: Date;
  status: "confirmed" | "cancelled";
}

interface RpcAnswer {
  data: unknown;
  error: { message: string; code?: string } | null;
  status: number;
}

/** How the call failed when the database did not refuse it: no answer in time, no connection, or a server error. */
function failureOf({ error, status }: RpcAnswer, timeoutMs: number): PostFailure {
  if (status === 0 && error?.message.startsWith("TimeoutError")) return { kind: "timeout", ms: timeoutMs };
  if (status === 0) return { kind: "network", message: error?.message ?? "No answer" };
  return { kind: "http", status };
}

/**
 * A refusal the function raised on purpose (SQLSTATE PT4xx: HTTP 4xx with its message), narrowed to `known`;
 * any other answer is a failure.
 */
function outcomeOf<T, R extends string = never>(
  answer: RpcAnswer,
  timeoutMs: number,
  read: (data: unknown) => T,
  known: readonly R[] = [],
  fallback: R | null = null,
): Outcome<T, R> {
  if (!answer.error) {
    try {
      return { ok: true, value: read(answer.data) };
    } catch {
      // An answer of the wrong shape is the server's fault, like an error status.
      return { ok: false, failure: { kind: "http", status: answer.status } };
    }
  }
  if (answer.error.code?.startsWith("PT4")) {
    const refusal = known.find((name) => name === answer.error?.message);
    if (refusal) return { ok: false, refusal };
    if (fallback) return { ok: false, refusal: fallback };
  }
  return { ok: false, failure: failureOf(answer, timeoutMs) };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const text = (value: unknown, name: string): string => {
  if (typeof value !== "string") throw new TypeError(`Malformed booking answer: ${name}`);
  return value;
};

/** A set-returning function's rows come back as objects; a scalar set as bare values. Either way, the start. */
function readStarts(data: unknown): Date[] {
  if (!Array.isArray(data)) throw new TypeError("Malformed taken_slots answer");
  return data.map((row: unknown) => new Date(text(isRecord(row) ? row["slot_start"] : row, "slot_start")));
}

function readManaged(data: unknown): ManagedBooking {
  if (!isRecord(data)) throw new TypeError("Malformed booking answer");
  const status = text(data["status"], "status");
  if (status !== "confirmed" && status !== "cancelled") throw new TypeError("Malformed booking answer: status");
  return {
    id: text(data["id"], "id"),
    name: text(data["name"], "name"),
    date: text(data["date"], "date"),
    time: text(data["time"], "time"),
    timezone: text(data["timezone"], "timezone"),
    start: new Date(text(data["start"], "start")),
    status,
  };
}

const BOOK_REFUSALS: readonly BookRefusal[] = ["slot_taken", "too_many_bookings", "day_full", "beyond_horizon", "past_slot", "not_a_slot", "weekend"];
const CANCEL_REFUSALS: readonly CancelRefusal[] = ["unknown_token", "already_cancelled", "past_slot"];

/** The booking Edge Function's path under the project's URL. */
export const BOOKING_FUNCTION_PATH = "/functions/v1/booking";

/** The shared bookings of the Supabase project at `url`, with its public anon key. */
export function createSharedBookings(url: string, anonKey: string, { timeoutMs, fetchImpl }: { timeoutMs: number; fetchImpl?: typeof fetch }): SharedBookings {
  const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
  const timed = fetchWithTimeout(timeoutMs, fetchImpl);
  const client = new PostgrestClient(new URL("/rest/v1", url).href, { headers, fetch: timed, retry: false });
  const call = async (fn: string, args: Record<string, unknown>): Promise<RpcAnswer> => {
    const { data, error, status } = await client.rpc(fn, args);
    return { data, error, status };
  };
  /** The booking function's answer, read like an RPC's: a refusal (4xx with its name) as a PT4xx error. */
  const callFunction = async (body: Record<string, unknown>): Promise<RpcAnswer> => {
    try {
      const response = await timed(new URL(BOOKING_FUNCTION_PATH, url).href, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const data: unknown = await response.json().catch(() => null);
      if (response.ok) return { data, error: null, status: response.status };
      const refusal = isRecord(data) && typeof data["error"] === "string" ? data["error"] : "";
      return { data: null, error: { message: refusal, code: response.status < 500 ? `PT${String(response.status)}` : "" }, status: response.status };
    } catch (error) {
      const message = isTimeout(error) ? "TimeoutError" : error instanceof Error ? error.message : String(error);
      return { data: null, error: { message }, status: 0 };
    }
  };

  return {
    async takenSlots(from, to) {
      return outcomeOf(await call("taken_slots", { from: from.toISOString(), to: to.toISOString() }), timeoutMs, readStarts);
    },
    async book({ name, email, start, message, guests, submittedAt }) {
      const answer = await callFunction({ action: "book", name, email, start: start.toISOString(), message, guests, submittedAt: submittedAt.toISOString() });
      const read = (data: unknown) => {
        if (!isRecord(data)) throw new TypeError("Malformed booking answer");
        return { id: text(data["id"], "id"), token: text(data["token"], "token") };
      };
      return outcomeOf<{ id: string; token: string }, BookRefusal>(answer, timeoutMs, read, BOOK_REFUSALS, "invalid");
    },
    async find(token) {
      const answer = await call("booking_by_token", { token });
      if (!answer.error && answer.data === null) return { ok: false, refusal: "unknown" };
      return outcomeOf(answer, timeoutMs, readManaged);
    },
    async cancel(token) {
      const read = (data: unknown) => {
        if (!isRecord(data)) throw new TypeError("Malformed cancellation answer");
        return { id: text(data["id"], "id") };
      };
      return outcomeOf<{ id: string }, CancelRefusal>(await callFunction({ action: "cancel", token }), timeoutMs, read, CANCEL_REFUSALS);
    },
  };
}
