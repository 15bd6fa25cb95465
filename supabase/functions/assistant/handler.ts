/**
 * The assistant Edge Function: a signed-in user's question and passages, checked and capped, made into the fixed
 * instruction and prompt here, counted against the user's daily quota, and sent to the language model with the
 * provider key the browser never sees; the model's stream is piped back. Plain web APIs only (Request, Response,
 * fetch, streams), so Node runs it in tests and Deno in production (index.ts).
 */
import { DAILY_LIMIT, buildMessages, parseQuestion, type ChatMessage } from "./prompt.ts";

/** The function's settings: Supabase provides the first two; `supabase secrets set` the rest. */
export interface AssistantEnv {
  SUPABASE_URL?: string | undefined;
  SUPABASE_ANON_KEY?: string | undefined;
  /** An OpenAI-compatible API base, e.g. https://api.openai.com/v1; /chat/completions is added. */
  LLM_BASE_URL?: string | undefined;
  /** The provider key; may be empty for a model server that needs none. */
  LLM_API_KEY?: string | undefined;
  LLM_MODEL?: string | undefined;
  /** The most tokens one answer may have (the model's max_tokens); default DEFAULT_LIMITS.maxTokens. */
  ASSISTANT_MAX_TOKENS?: string | undefined;
  /** Questions a user may ask a day (UTC); default DEFAULT_LIMITS.dailyRequests. */
  ASSISTANT_DAILY_REQUESTS?: string | undefined;
  /** Tokens (question, passages and answers) a user may use a day (UTC); default DEFAULT_LIMITS.dailyTokens. */
  ASSISTANT_DAILY_TOKENS?: string | undefined;
}

/** The limits when their secrets are unset. */
export const DEFAULT_LIMITS = { maxTokens: 1_000, dailyRequests: 100, dailyTokens: 200_000 } as const;

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
/** A meter never holds more than this of a line still arriving: a line that long is no chunk to count. */
const MAX_LINE_CHARS = 64 * 1024;

// Any origin may call: the function takes no cookies, only a user's Bearer token, which another site cannot read.
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, apikey, x-client-info",
  "access-control-max-age": "600",
};

/** A JSON error in the OpenAI shape; its message is written here, never copied from a service. */
function failure(status: number, message: string, headers: Record<string, string> = {}, code?: string): Response {
  return Response.json({ error: code ? { message, code } : { message } }, { status, headers: { ...CORS, ...headers } });
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

/** The JSON of a body, or undefined when it is not JSON. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A limit's secret as a whole number of at least 1, its default when unset, or NaN when it is not one. */
function limitOf(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const limit = Number(value);
  return Number.isInteger(limit) && limit >= 1 ? limit : Number.NaN;
}

type Limits = { maxTokens: number; dailyRequests: number; dailyTokens: number };

/** Calls one of the quota functions of the database as the user (PostgREST, with their token): its JSON, or undefined. */
async function rpc(deps: AssistantHandlerDeps, name: string, args: Record<string, number>, authorization: string, timeoutMs: number): Promise<unknown> {
  try {
    const response = await deps.fetch(`${deps.env.SUPABASE_URL?.replace(/\/+$/, "")}/rest/v1/rpc/${name}`, {
      method: "POST",
      headers: { apikey: deps.env.SUPABASE_ANON_KEY ?? "", authorization, "content-type": "application/json" },
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return undefined;
    }
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The model's stream as it comes, counted: when it ends, or the client leaves, the tokens it used (the usage the model
 * reports, else an estimate of four characters a token of the prompt and the answer) are added to the user's day.
 */
function metered(body: ReadableStream<Uint8Array>, promptChars: number, record: (tokens: number) => Promise<unknown>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let line = "";
  let answerChars = 0;
  let reported: number | undefined;
  let settled = false;
  const settle = async () => {
    if (settled) return;
    settled = true;
    await record(reported ?? Math.ceil((promptChars + answerChars) / 4));
  };
  const count = (data: string) => {
    const chunk = jsonOf(data) as { usage?: { total_tokens?: unknown }; choices?: { delta?: { content?: unknown } }[] } | undefined;
    const total = chunk?.usage?.total_tokens;
    if (typeof total === "number" && Number.isInteger(total) && total >= 0) reported = total;
    const content = Array.isArray(chunk?.choices) ? chunk.choices[0]?.delta?.content : undefined;
    if (typeof content === "string") answerChars += content.length;
  };
  const scan = (text: string) => {
    const lines = (line + text).split("\n");
    line = (lines.pop() ?? "").slice(-MAX_LINE_CHARS);
    for (const each of lines) if (each.startsWith("data:")) count(each.slice(5).trim());
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          await settle();
          controller.close();
          return;
        }
        scan(decoder.decode(value, { stream: true }));
        controller.enqueue(value);
      } catch (error) {
        await settle();
        controller.error(error);
      }
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => undefined);
      await settle();
    },
  });
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
async function forward(
  deps: AssistantHandlerDeps,
  request: Request,
  messages: ChatMessage[],
  { maxTokens, timeoutMs, record }: { maxTokens: number; timeoutMs: number; record: (tokens: number) => Promise<unknown> },
): Promise<Response> {
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
      // The usage chunk at the end counts the tokens exactly where the model reports it; max_tokens caps the answer.
      body: JSON.stringify({ model: LLM_MODEL, stream: true, stream_options: { include_usage: true }, max_tokens: maxTokens, messages }),
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
  const promptChars = messages.reduce((sum, m) => sum + m.content.length, 0);
  return new Response(metered(response.body, promptChars, record), {
    status: 200,
    headers: { ...CORS, "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
  });
}

/**
 * The function's request handler: CORS, POST only, a signed-in user, a capped `{ question, passages }` body, the
 * user's daily quota, then the model.
 */
export function createAssistantHandler(deps: AssistantHandlerDeps): (request: Request) => Promise<Response> {
  const max = deps.maxBodyBytes ?? MAX_BODY_BYTES;
  const timeoutMs = deps.timeoutMs ?? 60_000;
  const { SUPABASE_URL, SUPABASE_ANON_KEY, LLM_BASE_URL, LLM_MODEL } = deps.env;
  const limits: Limits = {
    maxTokens: limitOf(deps.env.ASSISTANT_MAX_TOKENS, DEFAULT_LIMITS.maxTokens),
    dailyRequests: limitOf(deps.env.ASSISTANT_DAILY_REQUESTS, DEFAULT_LIMITS.dailyRequests),
    dailyTokens: limitOf(deps.env.ASSISTANT_DAILY_TOKENS, DEFAULT_LIMITS.dailyTokens),
  };
  const configured = Boolean(SUPABASE_URL && SUPABASE_ANON_KEY && LLM_BASE_URL && LLM_MODEL) && Object.values(limits).every(Number.isInteger);

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
    const asked = text === 400 ? { refused: "The request is not UTF-8 JSON." } : parseQuestion(jsonOf(text));
    if ("refused" in asked) return failure(400, asked.refused);
    // The request is counted before the model is asked; its tokens when the answer ends.
    const allowed = await rpc(deps, "assistant_begin_request", { request_limit: limits.dailyRequests, token_limit: limits.dailyTokens }, authorization, timeoutMs);
    if (allowed === undefined) return failure(502, "Your daily use of the assistant could not be checked. Try again later.");
    if (allowed !== true) return failure(429, "Daily assistant limit reached.", {}, DAILY_LIMIT);
    const record = (tokens: number) => rpc(deps, "assistant_add_tokens", { tokens }, authorization, timeoutMs);
    return forward(deps, request, buildMessages(asked.question, asked.passages), { maxTokens: limits.maxTokens, timeoutMs, record });
  };
}
