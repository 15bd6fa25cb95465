import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeServer, type FakeServer, type Handler, type RecordedRequest } from "../../../tests/e2e/fixtures/server";
import { INVITE_ERRORS, MAX_BODY_BYTES, TIMEOUT_MS, createInviteHandler, inviteLink, type InviteEnv } from "./handler";

const TOKEN = "0123456789abcdef".repeat(4);
const ADMIN = "Bearer admin-access-token";
const ANON_KEY = "anon-key-4d1f";
const SERVICE_KEY = "service-role-key-9c2e";
const LINK = `https://firm.example/login#invite=${TOKEN}`;
const INVITE = { email: "carol@example.com", firm: "Georgiou & Partners", role: "member", expires_at: "2026-12-03T18:00:00Z" };

/** Supabase as the function sees it: PostgREST names the invite, Auth takes the invite or the sign-in link. */
const supabase =
  (answers: { rpc?: ReturnType<Handler>; invite?: ReturnType<Handler>; magiclink?: ReturnType<Handler> } = {}): Handler =>
  (request) => {
    if (request.path === "/rest/v1/rpc/firm_invite_to_send") return answers.rpc ?? { status: 200, body: INVITE };
    if (request.path === "/auth/v1/invite") return answers.invite ?? { status: 200, body: { id: "user-carol", email: INVITE.email } };
    if (request.path === "/auth/v1/magiclink") return answers.magiclink ?? { status: 200, body: {} };
    return { status: 404, body: { message: "no such route" } };
  };

let server: FakeServer;
let env: Required<InviteEnv>;
let consoleCalls: ReturnType<typeof vi.spyOn>[];

beforeAll(async () => {
  server = await startFakeServer(0, supabase(), 60_000);
  env = { SUPABASE_URL: `${server.url}/`, SUPABASE_ANON_KEY: ANON_KEY, SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY, SITE_URL: "https://firm.example/" };
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.setHandler(supabase());
  consoleCalls = (["log", "info", "warn", "error", "debug"] as const).map((method) => vi.spyOn(console, method));
});
afterEach(() => {
  // Nothing is logged, so neither the token nor a key can reach the function's logs.
  for (const spy of consoleCalls) expect(spy).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request("https://project.supabase.co/functions/v1/invite", {
    method: "POST",
    headers: { authorization: ADMIN, apikey: ANON_KEY, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** The function's answer; every one carries CORS and quotes neither the token nor a key. */
async function call(request: Request, deps: { env?: Partial<InviteEnv>; timeoutMs?: number } = {}) {
  const handler = createInviteHandler({ env: { ...env, ...deps.env }, fetch, ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}) });
  const response = await handler(request);
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  const text = await response.text();
  for (const secret of [TOKEN, SERVICE_KEY, ANON_KEY, "admin-access-token"]) expect(text).not.toContain(secret);
  return { status: response.status, json: JSON.parse(text) as Record<string, unknown> };
}

const to = (path: string) => server.requests.filter((r) => r.path === path);
const rpcCalls = () => to("/rest/v1/rpc/firm_invite_to_send");
const authCalls = () => server.requests.filter((r) => r.path.startsWith("/auth/v1/"));
const NOT_SENT = { sent: false, error: INVITE_ERRORS.notSent };

/** Auth was asked with the service key alone, to land on the invite link. */
function expectServiceKeyAsk(request: RecordedRequest | undefined, json: unknown) {
  expect(request).toMatchObject({ method: "POST", headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` } });
  expect(request!.json).toEqual(json);
  expect(request!.query.get("redirect_to")).toBe(LINK);
}

describe("invite function: the requests it takes", () => {
  it("answers the CORS preflight for the browser's headers and takes only POST", async () => {
    const preflight = await createInviteHandler({ env, fetch })(new Request("https://x/", { method: "OPTIONS" }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("authorization, content-type, apikey, x-client-info");
    expect((await call(new Request("https://x/", { headers: { authorization: ADMIN } }))).status).toBe(405);
    expect(server.requests).toEqual([]);
  });

  it.each(["SUPABASE_URL", "SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY", "SITE_URL"] as const)(
    "says e-mail sending is not set up when %s is missing, and calls nothing",
    async (name) => {
      expect(await call(post({ token: TOKEN }), { env: { [name]: "" } })).toEqual({ status: 503, json: { sent: false, error: INVITE_ERRORS.notSetUp } });
      expect(server.requests).toEqual([]);
    },
  );

  it.each([
    ["no authorization", {}],
    ["a Basic authorization", { authorization: "Basic YWRhOnNlY3JldA==" }],
    ["an empty bearer", { authorization: "Bearer " }],
  ])("refuses %s with 401, and the database never hears of it", async (_, headers) => {
    const request = post({ token: TOKEN }, headers);
    if (!("authorization" in headers)) request.headers.delete("authorization");
    expect(await call(request)).toEqual({ status: 401, json: { error: INVITE_ERRORS.signIn } });
    expect(server.requests).toEqual([]);
  });

  it.each([
    ["not JSON", "{"],
    ["JSON that is no object", JSON.stringify([TOKEN])],
    ["no token", {}],
    ["a token that is no string", { token: 42 }],
    ["a token of 63 hex digits", { token: TOKEN.slice(1) }],
    ["a token of 65 hex digits", { token: `${TOKEN}0` }],
    ["an upper-case token", { token: TOKEN.toUpperCase() }],
    ["a token that is not hex", { token: "g".repeat(64) }],
  ])("refuses %s with 400, and the database never hears of it", async (_, body) => {
    expect(await call(post(body))).toEqual({ status: 400, json: { error: INVITE_ERRORS.invalid } });
    expect(server.requests).toEqual([]);
  });

  it("refuses a body that is not sent as JSON with 400", async () => {
    expect((await call(post({ token: TOKEN }, { "content-type": "text/plain" }))).status).toBe(400);
    expect(server.requests).toEqual([]);
  });

  it("takes a body of 4 KB and refuses one byte more with 413, counted as it arrives", async () => {
    const ofSize = (bytes: number) => {
      const body = JSON.stringify({ token: TOKEN, padding: "" });
      return body.replace('""', `"${"x".repeat(bytes - body.length)}"`);
    };
    expect(ofSize(4096)).toHaveLength(4096);
    expect((await call(post(ofSize(4096)))).status).toBe(200);
    server.requests.length = 0;
    expect(await call(post(ofSize(4097)))).toEqual({ status: 413, json: { error: "The request is too large." } });
    expect(await call(post({ token: TOKEN }, { "content-length": String(MAX_BODY_BYTES + 1) }))).toMatchObject({ status: 413 });
    expect(server.requests).toEqual([]);
  });
});

describe("invite function: the database decides, asked as the admin", () => {
  it("asks firm_invite_to_send with the admin's bearer and the anon key, never the service key", async () => {
    await call(post({ token: TOKEN }));
    expect(rpcCalls()).toHaveLength(1);
    expect(rpcCalls()[0]).toMatchObject({ method: "POST", json: { token: TOKEN }, headers: { apikey: ANON_KEY, authorization: ADMIN } });
    expect(JSON.stringify(rpcCalls()[0]!.headers)).not.toContain(SERVICE_KEY);
  });

  it("refuses with 403 when the database answers null (not the caller's invite, or no longer valid), and e-mails nobody", async () => {
    server.setHandler(supabase({ rpc: { status: 200, body: null } }));
    expect(await call(post({ token: TOKEN }))).toEqual({ status: 403, json: { error: INVITE_ERRORS.notYours } });
    expect(authCalls()).toEqual([]);
  });

  it("refuses with 429 and says so once the invite was e-mailed 3 times (its re-send limit), and e-mails nobody", async () => {
    server.setHandler(supabase({ rpc: { status: 200, body: { limit: "sends", sends: 3 } } }));
    expect(await call(post({ token: TOKEN }))).toEqual({
      status: 429,
      json: { sent: false, error: "This invite has been e-mailed 3 times, the most one invite may be: copy the link and send it yourself." },
    });
    expect(authCalls()).toEqual([]);
  });

  it("passes PostgREST's 401 (a token it does not accept) and 403 on, and e-mails nobody", async () => {
    server.setHandler(supabase({ rpc: { status: 401, body: { code: "PGRST301", message: "JWT expired" } } }));
    expect(await call(post({ token: TOKEN }))).toEqual({ status: 401, json: { error: INVITE_ERRORS.signIn } });
    server.setHandler(supabase({ rpc: { status: 403, body: { code: "42501", message: "permission denied" } } }));
    expect(await call(post({ token: TOKEN }))).toEqual({ status: 403, json: { error: INVITE_ERRORS.notYours } });
    expect(authCalls()).toEqual([]);
  });

  it.each([
    ["answers 500", { status: 500, body: { message: "boom" } }],
    ["answers something that is no invite", { status: 200, body: { email: 7 } }],
    ["drops the connection", "abort"],
  ] as const)("answers 502 when the database %s, and e-mails nobody", async (_, rpc) => {
    server.setHandler(supabase({ rpc }));
    expect(await call(post({ token: TOKEN }))).toEqual({ status: 502, json: NOT_SENT });
    expect(authCalls()).toEqual([]);
  });
});

describe("invite function: the e-mail, through Supabase Auth", () => {
  it("invites the address with the firm and role, landing on the invite link, and answers that it was sent", async () => {
    expect(await call(post({ token: TOKEN }))).toEqual({ status: 200, json: { sent: true, email: INVITE.email } });
    expect(authCalls().map((r) => r.path)).toEqual(["/auth/v1/invite"]);
    expectServiceKeyAsk(to("/auth/v1/invite")[0], { email: INVITE.email, data: { firm: INVITE.firm, role: INVITE.role } });
    // The admin's token is theirs: Auth, asked with the service key, never sees it.
    expect(JSON.stringify(authCalls()[0]!.headers)).not.toContain("admin-access-token");
  });

  it("sends a sign-in link instead when the address already has an account (Auth's 422)", async () => {
    server.setHandler(supabase({ invite: { status: 422, body: { code: "email_exists", msg: "A user with this email address has already been registered" } } }));
    expect(await call(post({ token: TOKEN }))).toEqual({ status: 200, json: { sent: true, email: INVITE.email } });
    expect(authCalls().map((r) => r.path)).toEqual(["/auth/v1/invite", "/auth/v1/magiclink"]);
    expectServiceKeyAsk(to("/auth/v1/magiclink")[0], { email: INVITE.email });
  });

  it("counts any 2xx of Auth as sent, whatever its body", async () => {
    server.setHandler(supabase({ invite: { status: 200, body: "Invite sent" } }));
    expect(await call(post({ token: TOKEN }))).toEqual({ status: 200, json: { sent: true, email: INVITE.email } });
  });

  it.each([
    ["Auth answers 500", { invite: { status: 500, body: { msg: "Error sending invite email" } } }],
    ["Auth answers 429", { invite: { status: 429, body: { msg: "rate limited" } } }],
    ["Auth drops the connection", { invite: "abort" }],
    ["the sign-in link fails after a 422", { invite: { status: 422, body: {} }, magiclink: { status: 500, body: {} } }],
  ] as const)("answers 502, copy the link, when %s", async (_, answers) => {
    server.setHandler(supabase(answers));
    expect(await call(post({ token: TOKEN }))).toEqual({ status: 502, json: NOT_SENT });
  });

  it.each(["hang", "stall-body"] as const)("gives up on Auth after the time-out (%s) with 502", async (reply) => {
    server.setHandler(supabase({ invite: reply }));
    const started = Date.now();
    expect(await call(post({ token: TOKEN }), { timeoutMs: 200 })).toEqual({ status: 502, json: NOT_SENT });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
  });

  it("waits 10 s by default", () => {
    expect(TIMEOUT_MS).toBe(10_000);
  });
});

describe("inviteLink", () => {
  it.each([
    ["https://firm.example", `https://firm.example/login#invite=${TOKEN}`],
    ["https://firm.example/", `https://firm.example/login#invite=${TOKEN}`],
    ["https://firm.example//", `https://firm.example/login#invite=${TOKEN}`],
    ["https://agency.example/firm/", `https://agency.example/firm/login#invite=${TOKEN}`],
  ])("links %s to its /login with the token in the fragment", (site, link) => {
    expect(inviteLink(site, TOKEN)).toBe(link);
  });
});
