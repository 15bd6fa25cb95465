/**
 * The invite Edge Function: e-mails a firm invite through the project's own e-mail sending (Supabase Auth and its
 * SMTP settings). The database decides, asked as the calling admin, that the invite is theirs to send and still valid
 * (firm_invite_to_send in supabase/migrations/20251129000000_firms.sql, which since 20251201000100_invite_decision.sql
 * also counts the e-mails sent for the invite and refuses past 3); only then is the service key used, and only with Auth. Plain web APIs only, so Node runs it in tests and Deno in production.
 */

/** The function's settings: Supabase provides the first three; `supabase secrets set SITE_URL=...` the last. */
export interface InviteEnv {
  SUPABASE_URL?: string | undefined;
  SUPABASE_ANON_KEY?: string | undefined;
  SUPABASE_SERVICE_ROLE_KEY?: string | undefined;
  /** The site whose /login the e-mail links to, e.g. https://firm.example. */
  SITE_URL?: string | undefined;
}

/** What the handler needs from its host, so tests give it fake services. */
export interface InviteHandlerDeps {
  env: InviteEnv;
  fetch: typeof fetch;
  /** How long the database and Auth may each take; TIMEOUT_MS when not given. */
  timeoutMs?: number;
}

/** How long the database and Supabase Auth may each take to answer, body included. */
export const TIMEOUT_MS = 10_000;
/** The request is `{ "token": "<64 hex>" }`: anything larger is not what the browser sends. */
export const MAX_BODY_BYTES = 4 * 1024;

/** What the admin reads; written here, so no answer quotes the token, a key or a service's own words. */
export const INVITE_ERRORS = {
  notYours: "This invite is not yours to send, or is no longer valid.",
  notSent: "The invite e-mail could not be sent: copy the link instead.",
  notSetUp: "E-mail sending is not set up: copy the link instead.",
  signIn: "Sign in as an admin of the firm to send an invite.",
  invalid: "Send a JSON body { \"token\": \"<the invite's 64 hex digits>\" }.",
  resendLimit: (sends: number) =>
    `This invite has been e-mailed ${String(sends)} times, the most one invite may be: copy the link and send it yourself.`,
} as const;

const TOKEN = /^[0-9a-f]{64}$/;

// Any origin may call: the function takes no cookies, only an admin's Bearer token, which another site cannot read.
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, apikey, x-client-info",
};

const reply = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...CORS, "cache-control": "no-store", ...headers } });
const notSent = (status: 502 | 503, error: string) => reply(status, { sent: false, error });

/** The link the invitee opens: the site's /login with the token in the fragment, which no server's log sees. */
export function inviteLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/login#invite=${token}`;
}

/** The body as text, or null past MAX_BODY_BYTES, counted as it arrives since Content-Length may be absent or lie. */
async function cappedText(request: Request): Promise<string | null> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return null;
  const reader = request.body?.getReader();
  if (!reader) return "";
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
}

/** The invite token of a request body, or null when the body is not `{ "token": <64 lower-case hex> }`. */
function tokenOf(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    const token = typeof body === "object" && body !== null ? (body as Record<string, unknown>)["token"] : undefined;
    return typeof token === "string" && TOKEN.test(token) ? token : null;
  } catch {
    return null;
  }
}

interface Invite {
  email: string;
  firm: string;
  role: string;
}

/** How many times the invite was e-mailed, when firm_invite_to_send says its re-send limit is reached. */
function sendLimitOf(data: unknown): number | null {
  if (typeof data !== "object" || data === null) return null;
  const { limit, sends } = data as Record<string, unknown>;
  return limit === "sends" && typeof sends === "number" ? sends : null;
}

/** firm_invite_to_send's answer when it names an invite; its null (not the caller's, or no longer valid) is not one. */
function inviteOf(data: unknown): Invite | null {
  if (typeof data !== "object" || data === null) return null;
  const { email, firm, role } = data as Record<string, unknown>;
  return typeof email === "string" && typeof firm === "string" && typeof role === "string" ? { email, firm, role } : null;
}

/** The function's request handler: CORS, POST only, the admin's bearer and a token, the database's word, then Auth. */
export function createInviteHandler(deps: InviteHandlerDeps): (request: Request) => Promise<Response> {
  const { SUPABASE_URL = "", SUPABASE_ANON_KEY = "", SUPABASE_SERVICE_ROLE_KEY = "", SITE_URL = "" } = deps.env;
  const configured = Boolean(SUPABASE_URL && SUPABASE_ANON_KEY && SUPABASE_SERVICE_ROLE_KEY && SITE_URL);
  const base = SUPABASE_URL.replace(/\/+$/, "");
  const timeoutMs = deps.timeoutMs ?? TIMEOUT_MS;

  /** One JSON POST within the time-out: its status and parsed body, or null when the service did not answer in time. */
  const post = async (url: string, key: string, bearer: string, body: unknown): Promise<{ status: number; data: unknown } | null> => {
    try {
      const response = await deps.fetch(url, {
        method: "POST",
        headers: { apikey: key, authorization: bearer, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      try {
        return { status: response.status, data: text ? JSON.parse(text) : null };
      } catch {
        return { status: response.status, data: undefined };
      }
    } catch {
      return null;
    }
  };

  /** Asks Auth, with the service key, to e-mail `path`'s link (an invite, or a sign-in link) that lands on `link`. */
  const auth = (path: "invite" | "magiclink", link: string, body: unknown) =>
    post(`${base}/auth/v1/${path}?redirect_to=${encodeURIComponent(link)}`, SUPABASE_SERVICE_ROLE_KEY, `Bearer ${SUPABASE_SERVICE_ROLE_KEY}`, body);

  return async (request) => {
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
    if (request.method !== "POST") return reply(405, { error: "Only POST is accepted." }, { allow: "POST, OPTIONS" });
    if (!configured) return notSent(503, INVITE_ERRORS.notSetUp);
    const bearer = request.headers.get("authorization") ?? "";
    if (!/^Bearer \S+$/.test(bearer)) return reply(401, { error: INVITE_ERRORS.signIn });
    if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) return reply(400, { error: INVITE_ERRORS.invalid });
    const text = await cappedText(request);
    if (text === null) return reply(413, { error: "The request is too large." });
    const token = tokenOf(text);
    if (!token) return reply(400, { error: INVITE_ERRORS.invalid });

    // As the caller, never the service role: the database alone decides whether they are an admin of the invite's firm.
    const asked = await post(`${base}/rest/v1/rpc/firm_invite_to_send`, SUPABASE_ANON_KEY, bearer, { token });
    if (asked?.status === 401) return reply(401, { error: INVITE_ERRORS.signIn });
    if (asked?.status === 403 || (asked?.status === 200 && asked.data === null)) return reply(403, { error: INVITE_ERRORS.notYours });
    // The database counts each e-mail on the invite; past its limit nothing is sent.
    const sends = asked?.status === 200 ? sendLimitOf(asked.data) : null;
    if (sends !== null) return reply(429, { sent: false, error: INVITE_ERRORS.resendLimit(sends) });
    const invite = asked?.status === 200 ? inviteOf(asked.data) : null;
    if (!invite) return notSent(502, INVITE_ERRORS.notSent);

    const link = inviteLink(SITE_URL, token);
    let sent = await auth("invite", link, { email: invite.email, data: { firm: invite.firm, role: invite.role } });
    // 422: the address already has an account, which Auth will not invite; a sign-in link brings them to the same page.
    if (sent?.status === 422) sent = await auth("magiclink", link, { email: invite.email });
    if (!sent || sent.status < 200 || sent.status > 299) return notSent(502, INVITE_ERRORS.notSent);
    return reply(200, { sent: true, email: invite.email });
  };
}
