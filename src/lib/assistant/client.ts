import { DAILY_LIMIT, buildChatRequest, withinLimits, type AssistantPassage } from "../../../supabase/functions/assistant/prompt";
import { AssistantError, failures } from "./errors";
import { validateMarkers, validatePartialMarkers, type ValidatedText } from "./markers";
import { AssistantStreamError, readChatStream } from "./stream";

export { AssistantError, type AssistantErrorKind } from "./errors";
export type { AssistantPassage } from "../../../supabase/functions/assistant/prompt";

type Timer = ReturnType<typeof setTimeout>;

/** What the client needs from outside, so tests drive it with a fake fetch and fake timers. */
export interface AssistantClientDeps {
  /** The endpoint (PUBLIC_ASSISTANT_URL): the project's Edge Function, or an OpenAI-compatible model (Ollama, vLLM). */
  url: string;
  /** The Supabase project's URL (PUBLIC_SUPABASE_URL), if any: a `url` under its /functions/v1/ is its Edge Function. */
  supabaseUrl?: string | undefined;
  fetch: typeof fetch;
  /** The signed-in user's access token: sent as a Bearer token to the project's Edge Function, and nowhere else. */
  token: () => Promise<string | null> | string | null;
  setTimeout?: (callback: () => void, ms: number) => Timer;
  clearTimeout?: (timer: Timer) => void;
  /** How long the first word may take before the request is given up. */
  firstTokenMs?: number;
  /** How long the stream may then fall silent between words. */
  idleMs?: number;
  /** A model name for endpoints that need one (Ollama, llama.cpp); the Edge Function picks its own. */
  model?: string;
}

/** One question to answer from the passages retrieved for it. */
export interface AnswerInput {
  question: string;
  passages: readonly AssistantPassage[];
  /** Aborting it (Stop generating, a new question) aborts the request. */
  signal: AbortSignal;
  /** The answer so far, markers already checked, each time it grows. */
  onText: (textSoFar: string) => void;
}

/** Asks an OpenAI-compatible endpoint for answers grounded in passages. */
export interface AssistantClient {
  /** The streamed answer, with every marker naming no sent passage removed; rejects with AssistantError. */
  answer(input: AnswerInput): Promise<ValidatedText>;
}

export const DEFAULT_FIRST_TOKEN_MS = 20_000;

/**
 * Whether `url` is the Supabase project's own Edge Function: the project's origin and a path under its
 * /functions/v1/ (as the URL parser resolves it, so "/functions/v1/../x" is not). Only there does the token go.
 */
export function isProjectFunction(url: string, supabaseUrl: string | undefined): boolean {
  if (!supabaseUrl) return false;
  try {
    const endpoint = new URL(url);
    const project = new URL(supabaseUrl);
    const prefix = `${project.pathname.replace(/\/+$/, "")}/functions/v1/`;
    return endpoint.origin === project.origin && endpoint.pathname.startsWith(prefix) && !endpoint.username && !endpoint.password;
  } catch {
    return false;
  }
}

/** The request for one question: the Edge Function builds the prompt from `{ question, passages }`; a model is sent it. */
function requestFor(projectFunction: boolean, question: string, passages: readonly AssistantPassage[], model: string | undefined) {
  const asked = withinLimits(question, passages);
  const body = projectFunction ? asked : buildChatRequest(asked.question, asked.passages, { model });
  return { body: JSON.stringify(body), sent: asked.passages.map((passage) => passage.n) };
}

/** The failure an HTTP refusal is: the Edge Function's daily limit (its 429 with that code), or the status's. */
async function refusal(response: Response): Promise<AssistantError> {
  if (response.status !== 429) return failures.http(response.status);
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  return body?.error?.code === DAILY_LIMIT ? failures.quota() : failures.http(response.status);
}

/** The error a failure at any step becomes, for the person reading the answer. */
function toAssistantError(error: unknown, started: boolean): AssistantError {
  if (error instanceof AssistantError) return error;
  if (error instanceof AssistantStreamError) return error.failure === "malformed" ? failures.unreadable(error) : failures.reportedError(error);
  return started ? failures.cutOff(error) : failures.unreachable(error);
}

/** An answer's own abort: the caller's signal, a timer, or the end of the answer all stop the request. */
function createStop(signal: AbortSignal) {
  const controller = new AbortController();
  let reason: AssistantError | undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener("abort", () => reject(reason ?? failures.aborted()), { once: true });
  });
  // Every step races against `stopped`, so a rejection nobody awaits must not be reported as unhandled.
  stopped.catch(() => undefined);
  const stop = (error: AssistantError) => {
    reason ??= error;
    controller.abort(reason);
  };
  const onAbort = () => stop(failures.aborted());
  signal.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    stop,
    /** Settles like `step`, unless the answer is stopped first; a fetch that ignores its signal cannot hold it. */
    race: <T>(step: Promise<T>) => Promise.race([step, stopped]),
    reason: () => reason,
    dispose: () => {
      signal.removeEventListener("abort", onAbort);
      controller.abort();
    },
  };
}

/** A client for one endpoint; each answer is one POST whose stream is read as it arrives. */
export function createAssistantClient(deps: AssistantClientDeps): AssistantClient {
  const setTimer = deps.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = deps.clearTimeout ?? ((timer) => clearTimeout(timer));
  const firstTokenMs = deps.firstTokenMs ?? DEFAULT_FIRST_TOKEN_MS;
  const idleMs = deps.idleMs ?? firstTokenMs;
  const projectFunction = isProjectFunction(deps.url, deps.supabaseUrl);

  async function answer({ question, passages, signal, onText }: AnswerInput): Promise<ValidatedText> {
    if (signal.aborted) throw failures.aborted();
    const { body, sent } = requestFor(projectFunction, question, passages, deps.model);
    const stop = createStop(signal);
    let timer = setTimer(() => stop.stop(failures.firstToken(firstTokenMs)), firstTokenMs);
    let started = false;
    let raw = "";
    let shown = "";
    try {
      const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
      if (projectFunction) {
        const token = await stop.race(Promise.resolve(deps.token())).catch((error: unknown) => {
          throw stop.reason() ?? failures.signIn(error);
        });
        if (token) headers["authorization"] = `Bearer ${token}`;
      }
      // No cookies or other credentials to any endpoint: the Edge Function reads only the Bearer token.
      const response = await stop.race(deps.fetch(deps.url, { method: "POST", headers, body, credentials: "omit", signal: stop.signal }));
      if (!response.ok) throw await stop.race(refusal(response));
      if (!response.body) throw failures.empty();
      started = true;
      const pieces = readChatStream(response.body);
      for (;;) {
        const next = await stop.race(pieces.next());
        if (next.done) break;
        raw += next.value;
        // Each word restarts the clock: a stream that falls silent is given up like one that never starts.
        clearTimer(timer);
        timer = setTimer(() => stop.stop(failures.silence(idleMs)), idleMs);
        const partial = validatePartialMarkers(raw, sent).text;
        if (partial !== shown) onText((shown = partial));
      }
      const result = validateMarkers(raw, sent);
      if (!result.text.trim()) throw failures.empty();
      if (result.text !== shown) onText(result.text);
      return result;
    } catch (error) {
      throw (stop.reason() ?? toAssistantError(error, started)).withPartial(shown);
    } finally {
      clearTimer(timer);
      stop.dispose();
    }
  }

  return { answer };
}
