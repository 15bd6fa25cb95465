/**
 * The assistant Edge Function: a signed-in user's question and passages, checked and capped, each passage found on a
 * page (or knowledge item) the user reads, made into the fixed instruction and prompt here, reserved against the
 * user's and the project's daily quotas, and sent to the language model with the provider key the browser never sees;
 * the model's stream is piped back and the reservation settled. Plain web APIs only (Request, Response, fetch,
 * streams), so Node runs it in tests and Deno in production (index.ts).
 */
import { DAILY_LIMIT, buildMessages, parseQuestion, type AssistantPassage, type ChatMessage } from "./prompt.ts";

/** The function's settings: Supabase provides the first two; `supabase secrets set` the rest. */
export interface AssistantEnv {
  SUPABASE_URL?: string | undefined;
  SUPABASE_ANON_KEY?: string | undefined;
  /** Supabase provides it too: only the quota functions are called with it (the user cannot call them). */
  SUPABASE_SERVICE_ROLE_KEY?: string | undefined;
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
  /** Questions all users together may ask a day (UTC); default DEFAULT_LIMITS.projectDailyRequests. */
  ASSISTANT_PROJECT_DAILY_REQUESTS?: string | undefined;
  /** Tokens all users together may use a day (UTC); default DEFAULT_LIMITS.projectDailyTokens. */
  ASSISTANT_PROJECT_DAILY_TOKENS?: string | undefined;
}

/** The limits when their secrets are unset. */
export const DEFAULT_LIMITS = { maxTokens: 1_000, dailyRequests: 100, dailyTokens: 200_000, projectDailyRequests: 2_000, projectDailyTokens: 4_000_000 } as const;

/** The `error.code` of the 422 when a passage is not found on a page (or knowledge item) the user reads. */
export const UNVERIFIED_PASSAGE = "unverified_passage";

/** How a knowledge item's type is named in its source, as the chat's citations name it. */
const KNOWLEDGE_TYPES: Record<string, string> = { internal: "Internal", law: "Law", judgment: "Judgment" };

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

type Limits = { maxTokens: number; dailyRequests: number; dailyTokens: number; projectDailyRequests: number; projectDailyTokens: number };

/** Who calls a database function: the user (their token, with the anon key) or the function itself (the service key). */
type Caller = { apikey: string; authorization: string };

/** Calls a function of the database through PostgREST as `caller`: its JSON, or undefined when it fails. */
async function rpc(deps: AssistantHandlerDeps, name: string, args: Record<string, unknown>, caller: Caller, timeoutMs: number): Promise<unknown> {
  try {
    const response = await deps.fetch(`${deps.env.SUPABASE_URL?.replace(/\/+$/, "")}/rest/v1/rpc/${name}`, {
      method: "POST",
      headers: { ...caller, "content-type": "application/json" },
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

/** The user Supabase Auth says the token is (200 from /auth/v1/user, with their id), false when it refuses it. */
async function signedIn(deps: AssistantHandlerDeps, authorization: string, timeoutMs: number): Promise<string | false | "unknown"> {
  try {
    const response = await deps.fetch(`${deps.env.SUPABASE_URL?.replace(/\/+$/, "")}/auth/v1/user`, {
      headers: { apikey: deps.env.SUPABASE_ANON_KEY ?? "", authorization },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return response.status === 401 || response.status === 403 ? false : "unknown";
    }
    const user = (await response.json().catch(() => undefined)) as { id?: unknown } | undefined;
    return typeof user?.id === "string" && user.id !== "" ? user.id : "unknown";
  } catch {
    return "unknown";
  }
}

/** What the database found of one passage: the page's document title, case and page, or the knowledge item's. */
type Found = { n: number; title: string; source: string; page?: number; type?: string };

/**
 * The passages as the model is shown them: each found by the database, as the user (row-level security decides), on
 * the page of the document it names (or in the knowledge item it names), with the database's title, source and page
 * and the browser's text (a substring of that page). "refused" when any passage is not found; undefined when the check
 * could not be made.
 */
async function checkedPassages(
  deps: AssistantHandlerDeps,
  passages: readonly AssistantPassage[],
  user: Caller,
  timeoutMs: number,
): Promise<AssistantPassage[] | "refused" | undefined> {
  const asked = passages.map(({ n, page, text, document, item }) => (document === undefined ? { n, item, text } : { n, document, page, text }));
  const found = await rpc(deps, "assistant_passages", { passages: asked }, user, timeoutMs);
  if (!Array.isArray(found) || found.length !== passages.length) return undefined;
  const checked: AssistantPassage[] = [];
  for (const [i, passage] of passages.entries()) {
    const row = found[i] as Found | null;
    if (!row || row.n !== passage.n || typeof row.title !== "string" || typeof row.source !== "string") return "refused";
    const kind = row.type === undefined ? undefined : (KNOWLEDGE_TYPES[row.type] ?? row.type);
    const source = kind === undefined ? row.source : row.source === kind || row.source === "" ? kind : `${kind} · ${row.source}`;
    checked.push({ n: passage.n, title: row.title, source, ...(row.page === undefined ? {} : { page: row.page }), text: passage.text });
  }
  return checked;
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
  const promptChars = messages.reduce((sum, m) => sum + m.content.length, 0);
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
    // No answer: the reservation is settled with nothing, or, when the model was slow, with the prompt it may have read.
    const late = upstream.signal.reason instanceof DOMException && upstream.signal.reason.name === "TimeoutError";
    await record(late ? Math.ceil(promptChars / 4) : 0);
    return late ? failure(504, "The language model did not answer in time.") : failure(502, "The language model could not be reached.");
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok || !response.body) {
    // The provider's own error text may quote the key: only its status is passed on.
    await response.body?.cancel().catch(() => undefined);
    await record(0);
    return failure(502, `The language model answered with HTTP ${response.status}.`);
  }
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
  const { SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, LLM_BASE_URL, LLM_MODEL } = deps.env;
  const limits: Limits = {
    maxTokens: limitOf(deps.env.ASSISTANT_MAX_TOKENS, DEFAULT_LIMITS.maxTokens),
    dailyRequests: limitOf(deps.env.ASSISTANT_DAILY_REQUESTS, DEFAULT_LIMITS.dailyRequests),
    dailyTokens: limitOf(deps.env.ASSISTANT_DAILY_TOKENS, DEFAULT_LIMITS.dailyTokens),
    projectDailyRequests: limitOf(deps.env.ASSISTANT_PROJECT_DAILY_REQUESTS, DEFAULT_LIMITS.projectDailyRequests),
    projectDailyTokens: limitOf(deps.env.ASSISTANT_PROJECT_DAILY_TOKENS, DEFAULT_LIMITS.projectDailyTokens),
  };
  const configured =
    Boolean(SUPABASE_URL && SUPABASE_ANON_KEY && SUPABASE_SERVICE_ROLE_KEY && LLM_BASE_URL && LLM_MODEL) && Object.values(limits).every(Number.isInteger);
  const service: Caller = { apikey: SUPABASE_SERVICE_ROLE_KEY ?? "", authorization: `Bearer ${SUPABASE_SERVICE_ROLE_KEY ?? ""}` };

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
    // Every passage is found on the user's own pages before anything is counted or asked.
    const passages = await checkedPassages(deps, asked.passages, { apikey: SUPABASE_ANON_KEY ?? "", authorization }, timeoutMs);
    if (passages === undefined) return failure(502, "Your passages could not be checked. Try again later.");
    if (passages === "refused") return failure(422, "A passage is not on a page you can read.", {}, UNVERIFIED_PASSAGE);
    const messages = buildMessages(asked.question, passages);
    // The question's tokens are reserved before the model is asked: the prompt's estimate (four characters a token)
    // plus the most the answer may take; the reservation is settled with what the answer used when it ends.
    const estimate = Math.ceil(messages.reduce((sum, m) => sum + m.content.length, 0) / 4) + limits.maxTokens;
    const reserved = await rpc(
      deps,
      "assistant_reserve",
      {
        person: user,
        estimate,
        request_limit: limits.dailyRequests,
        token_limit: limits.dailyTokens,
        project_request_limit: limits.projectDailyRequests,
        project_token_limit: limits.projectDailyTokens,
      },
      service,
      timeoutMs,
    );
    const reservation = (reserved as { reservation?: unknown; refused?: unknown } | null | undefined) ?? undefined;
    if (reservation?.refused === "user") return failure(429, "Daily assistant limit reached.", {}, DAILY_LIMIT);
    if (reservation?.refused === "project") return failure(429, "The assistant's daily limit for all users is reached.", {}, DAILY_LIMIT);
    if (typeof reservation?.reservation !== "string") return failure(502, "Your daily use of the assistant could not be checked. Try again later.");
    const id = reservation.reservation;
    const record = (tokens: number) => rpc(deps, "assistant_settle", { reservation: id, tokens }, service, timeoutMs);
    return forward(deps, request, messages, { maxTokens: limits.maxTokens, timeoutMs, record });
  };
}
