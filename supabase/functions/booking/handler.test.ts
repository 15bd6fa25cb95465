import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeServer, type FakeServer } from "../../../tests/e2e/fixtures/server";
import { RETRY_DELAYS_MS, SIGNATURE_HEADER, createBookingHandler, restRpc, type BookingEnv, type Rpc } from "./handler";

const SECRET = "whsec-test-5b1e";
const SERVICE_KEY = "service-role-key";
const NOW = new Date("2026-04-13T06:00:00Z");
const booking = {
  action: "book",
  name: "Maria Georgiou",
  email: "maria@example.com",
  start: "2026-04-14T15:00:00.000Z",
  message: "We run a clinic in Paphos.",
  guests: ["andreas@example.com"],
  submittedAt: NOW.toISOString(),
};

interface Call {
  fn: string;
  args: Record<string, unknown>;
}

/**
 * The database as the function sees it: book_slot allows 3 bookings per client (the real limits are the migration's,
 * tested on PGlite), cancel_booking knows one token, and the outbox hands out what a test puts in `due`.
 */
function fakeDatabase() {
  const calls: Call[] = [];
  const perClient = new Map<string, number>();
  const due: { id: string; body: unknown }[] = [];
  const rpc: Rpc = async (fn, args) => {
    calls.push({ fn, args });
    if (fn === "book_slot") {
      const client = String(args["client"]);
      const made = (perClient.get(client) ?? 0) + 1;
      if (made > 3) return { error: { code: "PT429", message: "too_many_bookings" } };
      perClient.set(client, made);
      const id = `booking-${String(calls.length)}`;
      const body = { id, name: args["name"], email: args["email"] };
      return { data: { id, token: "a".repeat(64), delivery: { id: `delivery-${id}`, body } } };
    }
    if (fn === "cancel_booking") {
      if (args["token"] !== "a".repeat(64)) return { error: { code: "PT404", message: "unknown_token" } };
      return { data: { id: "booking-1", delivery: { id: "delivery-cancel", body: { type: "cancelled", id: "booking-1" } } } };
    }
    if (fn === "booking_deliveries_due") return { data: due.splice(0) };
    if (fn === "booking_delivery_settled") return { data: { id: args["delivery"] } };
    return { error: { code: "PGRST202", message: "no such function" } };
  };
  return { rpc, calls, due, settled: () => calls.filter((c) => c.fn === "booking_delivery_settled").map((c) => c.args) };
}

let hook: FakeServer;
let env: Required<BookingEnv>;
let db: ReturnType<typeof fakeDatabase>;
let pauses: number[];

beforeAll(async () => {
  hook = await startFakeServer(0, () => ({ status: 200, body: { ok: true } }), 60_000);
  env = {
    SUPABASE_URL: "http://127.0.0.1:9",
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
    BOOKING_WEBHOOK_URL: `${hook.url}/booking`,
    BOOKING_WEBHOOK_SECRET: SECRET,
    BOOKING_CLIENT_IP_HEADER: "",
    BOOKING_TRUSTED_HOPS: "",
  };
});
afterAll(() => hook.close());
beforeEach(() => {
  hook.requests.length = 0;
  hook.setHandler(() => ({ status: 200, body: { ok: true } }));
  db = fakeDatabase();
  pauses = [];
});

const handler = (overrides: Partial<BookingEnv> = {}, waitUntil?: (work: Promise<unknown>) => void) =>
  createBookingHandler({
    env: { ...env, ...overrides },
    fetch,
    rpc: db.rpc,
    now: () => NOW,
    sleep: async (ms) => void pauses.push(ms),
    ...(waitUntil ? { waitUntil } : {}),
  });

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request("https://project.supabase.co/functions/v1/booking", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer anon-key", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function call(request: Request, overrides: Partial<BookingEnv> = {}) {
  const response = await handler(overrides)(request);
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const clientsOf = () => db.calls.filter((c) => c.fn === "book_slot").map((c) => String(c.args["client"]));

describe("booking function: the requests it takes", () => {
  it("answers the CORS preflight, takes only POST, and says when it is not configured", async () => {
    const preflight = await handler()(new Request("https://x/", { method: "OPTIONS" }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("apikey");
    expect((await call(new Request("https://x/"))).status).toBe(405);
    expect(await call(post(booking), { BOOKING_WEBHOOK_SECRET: "" })).toEqual({ status: 500, json: { error: "not_configured" } });
    expect(db.calls).toEqual([]);
  });

  it.each([
    ["not JSON", "{"],
    ["an unknown action", { action: "drop_table" }],
    ["a booking without a start", { ...booking, start: undefined }],
    ["a booking with a start that is no date", { ...booking, start: "tomorrow" }],
    ["guests that are not e-mail strings", { ...booking, guests: [{ email: "x" }] }],
    ["eleven guests", { ...booking, guests: Array.from({ length: 11 }, () => "g@example.com") }],
    ["a cancellation without a token", { action: "cancel" }],
    ["a body over 16 KiB", { ...booking, message: "x".repeat(17 * 1024) }],
  ])("refuses %s with 400 or 413, and the database never hears of it", async (_, body) => {
    const { status } = await call(post(body));
    expect([400, 413]).toContain(status);
    expect(db.calls).toEqual([]);
  });

  it("books through book_slot with every field and answers the id and the manage token", async () => {
    expect(await call(post(booking, { "x-forwarded-for": "203.0.113.7" }))).toEqual({ status: 200, json: { id: "booking-1", token: "a".repeat(64) } });
    expect(db.calls[0]).toEqual({
      fn: "book_slot",
      args: { name: booking.name, email: booking.email, start: booking.start, message: booking.message, guests: booking.guests, submitted_at: booking.submittedAt, client: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
  });

  it("passes the database's refusals on with their status, and hides any other failure", async () => {
    expect(await call(post({ action: "cancel", token: "b".repeat(64) }))).toEqual({ status: 404, json: { error: "unknown_token" } });
    db.rpc = async () => ({ error: { code: "42501", message: "permission denied for function book_slot" } });
    expect(await call(post(booking))).toEqual({ status: 502, json: { error: "unavailable" } });
    db.rpc = () => Promise.reject(new Error("connect ECONNREFUSED"));
    expect(await call(post(booking))).toEqual({ status: 502, json: { error: "unavailable" } });
  });
});

describe("booking function: the client limit", () => {
  const hashOf = (network: string) => createHmac("sha256", SERVICE_KEY).update(`booking-client:${network}`).digest("hex");

  it("counts a client by the address the proxy appended last, hashed: the 4th booking from one IP is refused, another IP books", async () => {
    for (let i = 0; i < 3; i += 1) expect((await call(post(booking, { "x-forwarded-for": `10.0.0.${String(i)}, 203.0.113.7` }))).status).toBe(200);
    expect(await call(post(booking, { "x-forwarded-for": "203.0.113.7" }))).toEqual({ status: 429, json: { error: "too_many_bookings" } });
    expect((await call(post(booking, { "x-forwarded-for": "198.51.100.4" }))).status).toBe(200);

    const clients = clientsOf();
    expect(new Set(clients.slice(0, 4)).size).toBe(1);
    expect(clients[4]).not.toBe(clients[0]);
    // Keyed with the service key: the hash of an address cannot be recomputed by anyone without it.
    expect(clients[0]).toBe(hashOf("203.0.113.7"));
    expect(JSON.stringify(db.calls)).not.toContain("203.0.113.7");
  });

  it("ignores what the caller wrote into X-Forwarded-For: a new invented first entry each time is still one client", async () => {
    for (let i = 0; i < 4; i += 1) await call(post(booking, { "x-forwarded-for": `192.0.2.${String(i)}, 203.0.113.7` }));
    expect(new Set(clientsOf())).toEqual(new Set([hashOf("203.0.113.7")]));
    expect(db.settled()).toHaveLength(3);
  });

  it("takes the entry BOOKING_TRUSTED_HOPS from the right, the one the outermost trusted proxy appended", async () => {
    const behindTwo = { BOOKING_TRUSTED_HOPS: "2" };
    await call(post(booking, { "x-forwarded-for": "192.0.2.1, 203.0.113.7, 10.0.0.2" }), behindTwo);
    await call(post(booking, { "x-forwarded-for": "203.0.113.7, 10.0.0.3" }), behindTwo);
    // Fewer entries than hops: all were appended by trusted proxies, and the first is the client.
    await call(post(booking, { "x-forwarded-for": "203.0.113.7" }), behindTwo);
    // Not a whole number from 1: one hop.
    await call(post(booking, { "x-forwarded-for": "192.0.2.1, 203.0.113.7" }), { BOOKING_TRUSTED_HOPS: "0" });
    expect(clientsOf()).toEqual(Array(4).fill(hashOf("203.0.113.7")));
  });

  it("counts an IPv6 client by its /64: four addresses of one /64 are one client, another /64 books", async () => {
    const sameNetwork = ["2001:db8:aa:1::1", "2001:0db8:00aa:0001:ffff::2", "[2001:db8:aa:1:1234:5678:9abc:def0]:443", "2001:DB8:AA:1::3"];
    for (const [i, address] of sameNetwork.entries()) {
      expect((await call(post(booking, { "x-forwarded-for": address }))).status).toBe(i < 3 ? 200 : 429);
    }
    expect((await call(post(booking, { "x-forwarded-for": "2001:db8:aa:2::1" }))).status).toBe(200);
    expect(clientsOf()).toEqual([...Array(4).fill(hashOf("2001:db8:aa:1::/64")), hashOf("2001:db8:aa:2::/64")]);
    // An IPv4 client reached over IPv6 is still its IPv4 address.
    await call(post(booking, { "x-forwarded-for": "::ffff:203.0.113.7" }));
    expect(clientsOf().at(-1)).toBe(hashOf("203.0.113.7"));
  });

  it("reads the header BOOKING_CLIENT_IP_HEADER names instead, when set", async () => {
    const request = () => post(booking, { "cf-connecting-ip": "192.0.2.1", "x-forwarded-for": `198.51.100.${String(Math.random())}` });
    for (let i = 0; i < 4; i += 1) await call(request(), { BOOKING_CLIENT_IP_HEADER: "cf-connecting-ip" });
    expect(new Set(clientsOf())).toEqual(new Set([hashOf("192.0.2.1")]));
    expect(db.calls.filter((c) => c.fn === "booking_delivery_settled")).toHaveLength(3);
  });
});

type Verify = (rawBody: string, header: string | undefined, deliveryId: string | undefined, secret: string, now?: number) => boolean;
/** The receiver's check exactly as the README prints it (section "Bookings: limits and the signed webhook"). */
let readmeVerify: Verify;
beforeAll(async () => {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const example = /```js\n(import \{ createHmac(?:(?!```)[\s\S])*?export function verifyBooking[\s\S]*?)\n```/.exec(readme)?.[1];
  if (!example) throw new Error("The README has no verifyBooking example");
  const file = join(mkdtempSync(join(tmpdir(), "verify-booking-")), "verify.mjs");
  writeFileSync(file, example);
  ({ verifyBooking: readmeVerify } = (await import(pathToFileURL(file).href)) as { verifyBooking: Verify });
});

/** Whether a delivery carries a valid signature of its id and body, checked by the README's example at the test's now. */
function verify(headers: Record<string, string | string[] | undefined>, body: string, secret = SECRET) {
  const header = headers[SIGNATURE_HEADER];
  const id = headers["x-booking-delivery"];
  return readmeVerify(body, typeof header === "string" ? header : undefined, typeof id === "string" ? id : undefined, secret, NOW.getTime());
}

describe("booking function: the deliveries", () => {
  it("delivers the booking to the webhook, signed over its timestamp, delivery id and body", async () => {
    await call(post(booking));
    expect(hook.requests).toHaveLength(1);
    const [delivery] = hook.requests;
    expect(delivery!.json).toEqual({ id: "booking-1", name: booking.name, email: booking.email });
    expect(delivery!.headers["x-booking-delivery"]).toBe("delivery-booking-1");
    const t = String(NOW.getTime() / 1000);
    expect(delivery!.headers[SIGNATURE_HEADER]).toBe(`t=${t},v2=${createHmac("sha256", SECRET).update(`${t}.delivery-booking-1.${delivery!.body}`).digest("hex")}`);
    expect(verify(delivery!.headers, delivery!.body)).toBe(true);
    // A forged body, another secret, the genuine body under another delivery id (a replay the receiver would take as
    // new), no id, or a signature older than 5 minutes, does not verify.
    expect(verify(delivery!.headers, delivery!.body.replace("Maria", "Mallory"))).toBe(false);
    expect(verify(delivery!.headers, delivery!.body, "another-secret")).toBe(false);
    expect(verify({ ...delivery!.headers, "x-booking-delivery": "delivery-booking-2" }, delivery!.body)).toBe(false);
    expect(verify({ ...delivery!.headers, "x-booking-delivery": undefined }, delivery!.body)).toBe(false);
    expect(readmeVerify(delivery!.body, String(delivery!.headers[SIGNATURE_HEADER]), "delivery-booking-1", SECRET, NOW.getTime() + 301_000)).toBe(false);
    expect(db.settled()).toEqual([{ delivery: "delivery-booking-1", delivered: true }]);
  });

  it("delivers a cancellation the same way", async () => {
    expect(await call(post({ action: "cancel", token: "a".repeat(64) }))).toEqual({ status: 200, json: { id: "booking-1" } });
    expect(hook.requests.map((r) => r.json)).toEqual([{ type: "cancelled", id: "booking-1" }]);
    expect(verify(hook.requests[0]!.headers, hook.requests[0]!.body)).toBe(true);
  });

  it("retries a failed delivery after each pause, and marks it delivered when the webhook takes it", async () => {
    let answered = 0;
    hook.setHandler(() => (++answered < 3 ? { status: 503, body: { error: "down" } } : { status: 200, body: {} }));
    expect((await call(post(booking))).status).toBe(200);
    expect(hook.requests).toHaveLength(3);
    expect(pauses).toEqual([...RETRY_DELAYS_MS]);
    expect(new Set(hook.requests.map((r) => r.body)).size).toBe(1);
    expect(db.settled()).toEqual([{ delivery: "delivery-booking-1", delivered: true }]);
  });

  it("keeps the booking when the webhook is down: the visitor has it, and the outbox has the delivery for later", async () => {
    hook.setHandler(() => "abort");
    expect(await call(post(booking))).toEqual({ status: 200, json: { id: "booking-1", token: "a".repeat(64) } });
    expect(hook.requests).toHaveLength(1 + RETRY_DELAYS_MS.length);
    expect(db.settled()).toEqual([{ delivery: "delivery-booking-1", delivered: false }]);
  });

  it("sends the outbox's due deliveries after its own, once each", async () => {
    db.due.push({ id: "old-1", body: { id: "b-old-1" } }, { id: "old-2", body: { type: "cancelled", id: "b-old-2" } });
    await call(post(booking));
    expect(hook.requests.map((r) => r.json)).toEqual([expect.objectContaining({ id: "booking-1" }), { id: "b-old-1" }, { type: "cancelled", id: "b-old-2" }]);
    expect(hook.requests.every((r) => verify(r.headers, r.body))).toBe(true);
    expect(db.settled()).toEqual([
      { delivery: "delivery-booking-1", delivered: true },
      { delivery: "old-1", delivered: true },
      { delivery: "old-2", delivered: true },
    ]);
  });

  it("answers before delivering when the platform keeps it alive (waitUntil)", async () => {
    let release = () => undefined as void;
    hook.setHandler(() => new Promise((resolve) => (release = () => resolve({ status: 200, body: {} }))));
    const background: Promise<unknown>[] = [];
    const response = await handler({}, (work) => background.push(work))(post(booking));
    expect(response.status).toBe(200);
    expect(background).toHaveLength(1);
    expect(db.settled()).toEqual([]);
    await expect.poll(() => hook.requests.length).toBe(1);
    release();
    await Promise.all(background);
    expect(db.settled()).toEqual([{ delivery: "delivery-booking-1", delivered: true }]);
  });

  it("empties the outbox on demand for a schedule holding the service key, and for nobody else", async () => {
    db.due.push({ id: "old-1", body: { id: "b-old-1" } });
    expect(await call(post({ action: "deliver" }))).toEqual({ status: 401, json: { error: "unauthorized" } });
    expect(await call(post({ action: "deliver" }, { authorization: `Bearer ${SERVICE_KEY}` }))).toEqual({ status: 200, json: { delivered: 1, failed: 0 } });
    expect(hook.requests.map((r) => r.json)).toEqual([{ id: "b-old-1" }]);
  });
});

describe("booking function: the database through PostgREST", () => {
  it("calls /rest/v1/rpc/<fn> with the service key and reads an answer or a raised refusal", async () => {
    const rest = await startFakeServer(0, (request) =>
      request.path === "/rest/v1/rpc/book_slot" ? { status: 200, body: { id: "b1" } } : { status: 429, body: { code: "PT429", message: "too_many_bookings" } },
    );
    const rpc = restRpc(`${rest.url}/`, SERVICE_KEY, fetch);
    expect(await rpc("book_slot", { name: "M" })).toEqual({ data: { id: "b1" } });
    expect(await rpc("cancel_booking", { token: "t" })).toEqual({ error: { code: "PT429", message: "too_many_bookings" } });
    expect(rest.requests[0]).toMatchObject({ method: "POST", json: { name: "M" }, headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` } });
    await rest.close();
  });
});
