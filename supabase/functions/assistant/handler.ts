/**
 * The assistant Edge Function: a signed-in user's chat-completions request, capped and checked, forwarded to the
 * language model with the provider key the browser never sees, and the model's stream piped back. Plain web APIs
 * only (Request, Response, fetch, streams), so Node runs it in tests and Deno in production (index.ts).
 */

/** The function's settings: Supabase provides the first two; `supabase secrets set` the rest. */
export interface AssistantEnv {
  SUPABASE_URL?: string | undefined;
  SUPABASE_ANON_KEY?: string | undefined;
  /** An OpenAI-compatible API base, e.g. https://api.openai.com/v1; /chat/completions is added. */
  LLM_BASE_URL?: string | undefined;
  /** The provider key; may be empty for a model server that needs none. */
  LLM_API_KEY?: string | undefined;
  LLM_MODEL?: string | undefined;
}

/** What the handler needs from its host, so tests give it fake services. */
export interface AssistantHandlerDeps {
  env: AssistantEnv;
  fetch: typeof fetch;
  /** The largest request body taken, in bytes. */
  maxBodyBytes?: number;
  /** How long Supabase Auth and the model may take to start answering. */
  timeoutMs?: number;
}

/** 64 KiB: a question and a few dozen passages fit; anything larger is not what the site sends. */
export const MAX_BODY_BYTES = 64 * 1024;
const MAX_MESSAGES = 64;
const ROLES = new Set(["system", "user", "assistant"]);

// Any origin may call: the function takes no cookies, only a user's Bearer token, which another site cannot read.
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, apikey, x-client-info",
  "access-control-max-age": "600",
};

/** A JSON error in the OpenAI shape; its message is written here, never copied from a service. */
function failure(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error: { message } }, { status, headers: { ...CORS, ...headers } });
}

/** The request's body as text, or why not: over the cap (counted as it streams: Content-Length may lie) or not UTF-8. */
async function readCapped(request: Request, max: number): Promise<string | 413 | 400> {
  if (Number(request.headers.get("content-length") ?? 0) > max) return 413;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return 413;
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(chunks as BlobPart[]).arrayBuffer());
  } catch {
    return 400;
  }
}

/** The messages of a chat-completions body, or undefined when it is not one. */
function messagesOf(text: string): { role: string; content: string }[] | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const messages = typeof body === "object" && body !== null ? (body as { messages?: unknown }).messages : undefined;
  if (!Array.isArray(messages) || messages.length === 0 || messages.length > MAX_MESSAGES) return undefined;
  const valid = messages.every((m: unknown) => {
    const { role, content } = (typeof m === "object" && m !== null ? m : {}) as Record<string, unknown>;
    return typeof role === "string" && ROLES.has(role) && typeof content === "string";
  });
  // Only role and content go on: the model, tools and the like are not the browser's to choose.
  return valid ? messages.map((m: { role: string; content: string }) => ({ role: m.role, content: m.content })) : undefined;
}

/** Whether Supabase Auth accepts the token: 200 from /auth/v1/user means a signed-in user. */
async function signedIn(deps: AssistantHandlerDeps, authorization: string, timeoutMs: number): Promise<boolean | "unknown"> {
  try {
    const response = await deps.fetch(`${deps.env.SUPABASE_URL?.replace(/\/+$/, "")}/auth/v1/user`, {
      headers: { apikey: deps.env.SUPABASE_ANON_KEY ?? "", authorization },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.status === 200) return true;
    return response.status === 401 || response.status === 403 ? false : "unknown";
  } catch {
    return "unknown";
  }
}

/** The model's streamed answer piped back, or a failure that says what broke and never what the key is. */
async function forward(deps: AssistantHandlerDeps, request: Request, messages: unknown[], timeoutMs: number): Promise<Response> {
  const { LLM_BASE_URL = "", LLM_API_KEY, LLM_MODEL } = deps.env;
  const upstream = new AbortController();
  // The client going away stops the model: nobody pays for an answer nobody reads.
  request.signal.addEventListener("abort", () => upstream.abort(), { once: true });
  const timer = setTimeout(() => upstream.abort(new DOMException("late", "TimeoutError")), timeoutMs);
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
  if (LLM_API_KEY) headers["authorization"] = `Bearer ${LLM_API_KEY}`;
  let response: Response;
  try {
    response = await deps.fetch(`${LLM_BASE_URL.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ model: LLM_MODEL, stream: true, messages }),
      signal: upstream.signal,
    });
  } catch {
    return upstream.signal.reason instanceof DOMException && upstream.signal.reason.name === "TimeoutError"
      ? failure(504, "The language model did not answer in time.")
      : failure(502, "The language model could not be reached.");
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok || !response.body) {
    // The provider's own error text may quote the key: only its status is passed on.
    await response.body?.cancel().catch(() => undefined);
    return failure(502, `The language model answered with HTTP ${response.status}.`);
  }
  return new Response(response.body, {
    status: 200,
    headers: { ...CORS, "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
  });
}

/** The function's request handler: CORS, POST only, a signed-in user, a capped chat-completions body, then the model. */
export function createAssistantHandler(deps: AssistantHandlerDeps): (request: Request) => Promise<Response> {
  const max = deps.maxBodyBytes ?? MAX_BODY_BYTES;
  const timeoutMs = deps.timeoutMs ?? 60_000;
  const { SUPABASE_URL, SUPABASE_ANON_KEY, LLM_BASE_URL, LLM_MODEL } = deps.env;
  const configured = Boolean(SUPABASE_URL && SUPABASE_ANON_KEY && LLM_BASE_URL && LLM_MODEL);

  return async (request) => {
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
    if (request.method !== "POST") return failure(405, "Only POST is accepted.", { allow: "POST, OPTIONS" });
    if (!configured) return failure(500, "The assistant is not configured.");
    const authorization = request.headers.get("authorization") ?? "";
    if (!/^Bearer \S+$/.test(authorization)) return failure(401, "Sign in to use the assistant.");
    if (Number(request.headers.get("content-length") ?? 0) > max) return failure(413, "The request is too large.");
    const user = await signedIn(deps, authorization, timeoutMs);
    if (user === "unknown") return failure(502, "Your sign-in could not be checked. Try again later.");
    if (!user) return failure(401, "Sign in to use the assistant.");
    const text = await readCapped(request, max);
    if (text === 413) return failure(413, "The request is too large.");
    const messages = text === 400 ? undefined : messagesOf(text);
    if (!messages) return failure(400, "The request is not a chat-completions body with messages.");
    return forward(deps, request, messages, timeoutMs);
  };
}
