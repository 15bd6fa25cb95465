/**
 * The booking Edge Function: the one door of /book to the shared bookings. It takes a visitor's booking or
 * cancellation with the client address the platform reports, has the database apply the limits (book_slot and
 * cancel_booking, callable by the service role only: supabase/migrations/20251127000100_booking_limits.sql), then
 * delivers what happened to the agency's webhook, signed, with retries; what it could not deliver stays in the
 * database's outbox and goes with a later call. Plain web APIs only, so Node runs it in tests and Deno in production.
 */
import { clientNetwork, reportedAddress } from "./clientAddress.ts";

/** The function's settings: Supabase provides the first two; `supabase secrets set` the rest. */
export interface BookingEnv {
  SUPABASE_URL?: string | undefined;
  SUPABASE_SERVICE_ROLE_KEY?: string | undefined;
  /** Where bookings and cancellations are POSTed as JSON. */
  BOOKING_WEBHOOK_URL?: string | undefined;
  /** The HMAC-SHA256 key of the X-Booking-Signature header, shared with the agency's endpoint. */
  BOOKING_WEBHOOK_SECRET?: string | undefined;
  /** A header the platform sets itself with the client's address (cf-connecting-ip); X-Forwarded-For when unset. */
  BOOKING_CLIENT_IP_HEADER?: string | undefined;
  /** How many trusted proxies append to X-Forwarded-For in front of the function (default 1): see clientAddress.ts. */
  BOOKING_TRUSTED_HOPS?: string | undefined;
}

/** A database function's answer as PostgREST gives it: its JSON, or the error it raised (code and message). */
export type RpcAnswer = { data: unknown } | { error: { code: string; message: string } };
/** Calls a database function as the service role. */
export type Rpc = (fn: string, args: Record<string, unknown>) => Promise<RpcAnswer>;

/** What the handler needs from its host, so tests give it fake services. */
export interface BookingHandlerDeps {
  env: BookingEnv;
  fetch: typeof fetch;
  /** The database; PostgREST at SUPABASE_URL with the service key when not given. */
  rpc?: Rpc;
  /** Keeps the function alive for work after the answer (Supabase's EdgeRuntime.waitUntil); awaited when not given. */
  waitUntil?: (work: Promise<unknown>) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

/** The pauses between the attempts of a fresh delivery: three attempts within about 6 s, then the outbox's back-off. */
export const RETRY_DELAYS_MS = [1000, 5000] as const;
/** How long the webhook and the database may take to answer. */
export const TIMEOUT_MS = 10_000;
/** A booking's JSON is well under this; anything larger is not what the site sends. */
export const MAX_BODY_BYTES = 16 * 1024;
/** The header of every delivery: `t=<unix seconds>,v2=<hex HMAC-SHA256 of "<t>.<delivery id>.<body>">`. */
export const SIGNATURE_HEADER = "x-booking-signature";
/** Old deliveries retried after each call. */
const FLUSH_COUNT = 10;

// Any origin may call: the function takes no cookies, and what it does is open to every visitor of /book anyway.
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, apikey, x-client-info",
  "access-control-max-age": "600",
};

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...CORS, "cache-control": "no-store", ...headers } });

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** HMAC-SHA256 of `message` under `secret`, in hex. */
export async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

/**
 * The signature header of a delivery at `now`. The delivery id (X-Booking-Delivery, what a receiver de-duplicates on)
 * is signed with the body, so nobody can replay a genuine body under another id to have it taken twice.
 */
export async function signatureHeader(secret: string, deliveryId: string, body: string, now: Date): Promise<string> {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${String(t)},v2=${await hmacHex(secret, `${String(t)}.${deliveryId}.${body}`)}`;
}

/** The client as the database counts it: a keyed hash of its network, so the address itself is kept nowhere. */
export async function clientOf(request: Request, env: BookingEnv): Promise<string> {
  const address = reportedAddress(request.headers, { header: env.BOOKING_CLIENT_IP_HEADER, hops: env.BOOKING_TRUSTED_HOPS });
  return hmacHex(env.SUPABASE_SERVICE_ROLE_KEY ?? "", `booking-client:${clientNetwork(address)}`);
}

/** PostgREST's /rpc as the service role. */
export function restRpc(url: string, serviceKey: string, fetchImpl: typeof fetch): Rpc {
  return async (fn, args) => {
    const response = await fetchImpl(`${url.replace(/\/+$/, "")}/rest/v1/rpc/${fn}`, {
      method: "POST",
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, "content-type": "application/json" },
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    const data: unknown = text ? JSON.parse(text) : null;
    if (response.ok) return { data };
    const { code, message } = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
    return { error: { code: String(code ?? response.status), message: String(message ?? "") } };
  };
}

interface Delivery {
  id: string;
  body: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isDelivery = (value: unknown): value is Delivery => isRecord(value) && typeof value["id"] === "string" && isRecord(value["body"]);

type Action =
  | { action: "book"; name: string; email: string; start: string; message: string; guests: string[]; submittedAt: string }
  | { action: "cancel"; token: string }
  | { action: "deliver" };

const isIsoDate = (value: unknown): value is string => typeof value === "string" && !Number.isNaN(Date.parse(value));

/** The request's action, or null when it is not one the site sends. */
function actionOf(text: string): Action | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(body)) return null;
  const { action, name, email, start, message = "", guests = [], submittedAt, token } = body;
  if (action === "deliver") return { action };
  if (action === "cancel") return typeof token === "string" && token.length <= 128 ? { action, token } : null;
  const fields = [name, email, message].every((value) => typeof value === "string");
  const guestList = Array.isArray(guests) && guests.length <= 10 && guests.every((g) => typeof g === "string");
  if (action !== "book" || !fields || !guestList || !isIsoDate(start) || !isIsoDate(submittedAt)) return null;
  return { action, name: name as string, email: email as string, start, message: message as string, guests: guests as string[], submittedAt };
}

/** The function's request handler: CORS, POST only, a known action, the database, then the deliveries. */
export function createBookingHandler(deps: BookingHandlerDeps): (request: Request) => Promise<Response> {
  const { env } = deps;
  const { SUPABASE_URL = "", SUPABASE_SERVICE_ROLE_KEY = "", BOOKING_WEBHOOK_URL = "", BOOKING_WEBHOOK_SECRET = "" } = env;
  const configured = Boolean(SUPABASE_URL && SUPABASE_SERVICE_ROLE_KEY && BOOKING_WEBHOOK_URL && BOOKING_WEBHOOK_SECRET);
  const rpc = deps.rpc ?? restRpc(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, deps.fetch);
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = deps.now ?? (() => new Date());

  /** One POST of a delivery, signed as it leaves; true when the webhook answered 2xx. */
  const post = async (delivery: Delivery): Promise<boolean> => {
    const body = JSON.stringify(delivery.body);
    try {
      const response = await deps.fetch(BOOKING_WEBHOOK_URL, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-booking-delivery": delivery.id,
          [SIGNATURE_HEADER]: await signatureHeader(BOOKING_WEBHOOK_SECRET, delivery.id, body, now()),
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel().catch(() => undefined);
      return response.ok;
    } catch {
      return false;
    }
  };

  /** Sends a delivery, trying again after each pause, and tells the outbox how it went. */
  const deliver = async (delivery: Delivery, delays: readonly number[]): Promise<boolean> => {
    let delivered = await post(delivery);
    for (const pause of delays) {
      if (delivered) break;
      await sleep(pause);
      delivered = await post(delivery);
    }
    await rpc("booking_delivery_settled", { delivery: delivery.id, delivered }).catch(() => undefined);
    return delivered;
  };

  /** The outbox's deliveries whose time has come, one attempt each (the database spaces out the next). */
  const flush = async (): Promise<{ delivered: number; failed: number }> => {
    const due = await rpc("booking_deliveries_due", { max_count: FLUSH_COUNT }).catch(() => ({ data: [] }));
    const list = "data" in due && Array.isArray(due.data) ? due.data.filter(isDelivery) : [];
    // One after another, oldest first: the agency hears of a booking before its cancellation.
    const outcomes: boolean[] = [];
    for (const delivery of list) outcomes.push(await deliver(delivery, []));
    return { delivered: outcomes.filter(Boolean).length, failed: outcomes.filter((ok) => !ok).length };
  };

  const later = async (work: () => Promise<unknown>) => {
    const running = work().catch(() => undefined);
    if (deps.waitUntil) deps.waitUntil(running);
    else await running;
  };

  /** The database's answer as the page reads it: the result, or its refusal's name with the status PostgREST uses. */
  const settle = async (result: RpcAnswer, pick: (data: Record<string, unknown>) => Record<string, unknown>): Promise<Response> => {
    if ("error" in result) {
      const status = /^PT4\d\d$/.test(result.error.code) ? Number(result.error.code.slice(2)) : 502;
      return answer(status, { error: status === 502 ? "unavailable" : result.error.message });
    }
    const data = isRecord(result.data) ? result.data : {};
    const delivery = data["delivery"];
    if (isDelivery(delivery)) {
      await later(async () => {
        await deliver(delivery, RETRY_DELAYS_MS);
        await flush();
      });
    }
    return answer(200, pick(data));
  };

  return async (request) => {
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
    if (request.method !== "POST") return answer(405, { error: "method" }, { allow: "POST, OPTIONS" });
    if (!configured) return answer(500, { error: "not_configured" });
    if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return answer(413, { error: "too_large" });
    const text = await request.text();
    const action = text.length > MAX_BODY_BYTES ? null : actionOf(text);
    if (!action) return answer(400, { error: "invalid" });
    try {
      if (action.action === "deliver") {
        // For a schedule (pg_cron): only a caller holding the service key empties the outbox on demand.
        if (request.headers.get("authorization") !== `Bearer ${SUPABASE_SERVICE_ROLE_KEY}`) return answer(401, { error: "unauthorized" });
        return answer(200, await flush());
      }
      if (action.action === "cancel") {
        return await settle(await rpc("cancel_booking", { token: action.token }), (data) => ({ id: data["id"] }));
      }
      const { name, email, start, message, guests, submittedAt } = action;
      const client = await clientOf(request, env);
      const result = await rpc("book_slot", { name, email, start, message, guests, submitted_at: submittedAt, client });
      return await settle(result, (data) => ({ id: data["id"], token: data["token"] }));
    } catch {
      return answer(502, { error: "unavailable" });
    }
  };
}
