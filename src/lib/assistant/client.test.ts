import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PROMPT_LIMITS, buildChatRequest, type AssistantPassage } from "../../../supabase/functions/assistant/prompt";
import { AssistantError, createAssistantClient, isProjectFunction, type AssistantClientDeps } from "./client";
import { bodyOf, contentEvent, recordedStream, recordedText } from "./fixtures/streams";

const PROJECT = "https://abc.supabase.co";
const URL = `${PROJECT}/functions/v1/assistant`;
const OLLAMA = "http://localhost:11434/v1/chat/completions";
const passages: AssistantPassage[] = [{ n: 1, title: "Lease", source: "lease.pdf", page: 2, text: "Rent is due on the 1st." }];
const ROLE = 'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}\n\n';

/** A response body the test writes to as it goes; it fails with the abort reason, as fetch's body does. */
function liveBody(signal: AbortSignal) {
  let controller!: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>>;
  const body = new ReadableStream<Uint8Array<ArrayBuffer>>({ start: (c) => void (controller = c) });
  signal.addEventListener("abort", () => controller.error(signal.reason));
  return { body, send: (text: string) => controller.enqueue(new TextEncoder().encode(text)), fail: (e: Error) => controller.error(e) };
}

/** A fake fetch answering 200 with a live body, recording each request. */
function streamingFetch() {
  const calls: { url: string; init: RequestInit }[] = [];
  let live: ReturnType<typeof liveBody> | undefined;
  const fetch = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    live = liveBody(init.signal!);
    return new Response(live.body, { status: 200, headers: { "content-type": "text/event-stream" } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, stream: () => live! };
}

function client(overrides: Partial<AssistantClientDeps>) {
  return createAssistantClient({ url: URL, supabaseUrl: PROJECT, fetch: streamingFetch().fetch, token: () => "user-token", ...overrides });
}

async function ask(deps: Partial<AssistantClientDeps>, signal = new AbortController().signal) {
  const shown: string[] = [];
  const result = client(deps).answer({ question: "When is rent due?", passages, signal, onText: (text) => shown.push(text) });
  return { result, shown };
}

const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as AssistantError);

describe("answer", () => {
  it("to the project's Edge Function, posts only the question and passages with the user's token, and streams the checked text", async () => {
    const fetch = vi.fn(async () => new Response(bodyOf(recordedStream, [40, 700, 900]), { status: 200 }));
    const { result, shown } = await ask({ fetch: fetch as unknown as typeof globalThis.fetch, token: async () => "user-token", model: "llama3.1" });
    expect(await result).toEqual({ text: "The rent is due on the first day of each month [1]; late payment costs €50.", dropped: [7] });
    expect(fetch).toHaveBeenCalledWith(URL, expect.objectContaining({ method: "POST", credentials: "omit" }));
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toEqual({ "content-type": "application/json", accept: "text/event-stream", authorization: "Bearer user-token" });
    // The function builds the instruction: no message, role or model leaves the browser.
    expect(JSON.parse(String(init.body))).toEqual({ question: "When is rent due?", passages });
    // Text grows piece by piece; no half-typed marker and no invented one is ever shown.
    expect(shown.length).toBeGreaterThan(2);
    expect(shown.join("\n")).not.toMatch(/\[7|\[1(?!\])/);
    expect(shown.at(-1)).toBe("The rent is due on the first day of each month [1]; late payment costs €50.");
    expect(recordedText).toContain("[7]");
  });

  it.each([
    ["Ollama on this computer", OLLAMA, PROJECT],
    ["vLLM on the firm's network", "http://10.0.0.5:8000/v1/chat/completions", PROJECT],
    ["another host with a functions path", "https://evil.example/functions/v1/assistant", PROJECT],
    ["a host that starts like the project's", "https://abc.supabase.co.evil.example/functions/v1/assistant", PROJECT],
    ["the project over http", "http://abc.supabase.co/functions/v1/assistant", PROJECT],
    ["the project on another port", "https://abc.supabase.co:8443/functions/v1/assistant", PROJECT],
    ["another path of the project", `${PROJECT}/rest/v1/rpc/anything`, PROJECT],
    ["a path that climbs out of /functions/v1/", `${PROJECT}/functions/v1/../../auth/v1/user`, PROJECT],
    ["the Edge Function with no Supabase configured", URL, undefined],
  ])("to %s, sends no token and no credentials: the chat request the shared builder makes, and the token is never read", async (_, url, supabaseUrl) => {
    const fake = streamingFetch();
    const token = vi.fn(() => "user-token");
    const { result } = await ask({ url, supabaseUrl, fetch: fake.fetch, token, model: "llama3.1" });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    fake.stream().send(`${contentEvent("Yes [1].")}data: [DONE]\n\n`);
    await result;
    expect(fake.calls[0]?.init.headers).toEqual({ "content-type": "application/json", accept: "text/event-stream" });
    expect(fake.calls[0]?.init.credentials).toBe("omit");
    expect(token).not.toHaveBeenCalled();
    expect(JSON.parse(String(fake.calls[0]?.init.body))).toEqual(buildChatRequest("When is rent due?", passages, { model: "llama3.1" }));
  });

  it.each([
    ["no token", () => null],
    ["an empty token", async () => ""],
  ])("sends no Authorization header to the Edge Function with %s", async (_, token) => {
    const fake = streamingFetch();
    const { result } = await ask({ fetch: fake.fetch, token });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    fake.stream().send(`${contentEvent("Yes [1].")}data: [DONE]\n\n`);
    await result;
    expect(fake.calls[0]?.init.headers).not.toHaveProperty("authorization");
  });

  it("sends at most the passages the function takes, cut to its limits; a marker naming one left out is dropped", async () => {
    const many = Array.from({ length: PROMPT_LIMITS.passages + 2 }, (_, i) => ({ n: i + 1, title: "Lease", source: "lease.pdf", text: "x".repeat(PROMPT_LIMITS.passageChars + 9) }));
    const fake = streamingFetch();
    const result = client({ fetch: fake.fetch }).answer({ question: "q", passages: many, signal: new AbortController().signal, onText: () => undefined });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    fake.stream().send(`${contentEvent(`Yes [${PROMPT_LIMITS.passages}] [${PROMPT_LIMITS.passages + 1}].`)}data: [DONE]\n\n`);
    expect(await result).toEqual({ text: `Yes [${PROMPT_LIMITS.passages}].`, dropped: [PROMPT_LIMITS.passages + 1] });
    const sent = JSON.parse(String(fake.calls[0]?.init.body)) as { passages: AssistantPassage[] };
    expect(sent.passages).toHaveLength(PROMPT_LIMITS.passages);
    expect(sent.passages.every((p) => p.text.length === PROMPT_LIMITS.passageChars)).toBe(true);
  });

  it.each<[string, AssistantClientDeps["url"]]>([
    ["the Edge Function", URL],
    ["a model called directly", OLLAMA],
  ])("the daily limit (429 with its code) from %s fails with kind quota and that sentence only", async (_, url) => {
    const fetch = (async () => Response.json({ error: { message: "Daily assistant limit reached.", code: "daily_limit" } }, { status: 429 })) as unknown as typeof globalThis.fetch;
    const error = await failureOf((await ask({ url, fetch })).result);
    expect(error).toMatchObject({ kind: "quota", status: 429, message: "Daily assistant limit reached; the quoted passages are below." });
  });

  it.each<[number, RegExp]>([
    [401, /did not accept your sign-in/],
    [403, /did not accept your sign-in/],
    [413, /too long/],
    [422, /^The assistant could not find the quoted passages in your documents\.$/],
    [429, /busy/],
    [400, /could not answer \(error 400\)/],
    [502, /could not answer \(error 502\)/],
  ])("an HTTP %i fails with kind http and plain words", async (status, message) => {
    const fetch = (async () => new Response("{}", { status })) as unknown as typeof globalThis.fetch;
    const error = await failureOf((await ask({ fetch })).result);
    expect(error).toBeInstanceOf(AssistantError);
    expect(error).toMatchObject({ kind: "http", status, partial: "" });
    expect(error?.message).toMatch(message);
  });

  it.each<[string, string, Partial<AssistantClientDeps>, RegExp, string]>([
    ["an unreachable endpoint", "network", { fetch: (async () => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch }, /could not be reached/, ""],
    ["a token that cannot be read", "http", { token: async () => Promise.reject(new Error("storage")) }, /sign-in could not be read/, ""],
    ["a body-less answer", "stream", { fetch: (async () => new Response(null, { status: 200 })) as typeof fetch }, /empty answer/, ""],
    ["a stream with no words", "stream", { fetch: (async () => new Response(bodyOf(`${ROLE}data: [DONE]\n\n`))) as typeof fetch }, /empty answer/, ""],
    ["malformed data", "stream", { fetch: (async () => new Response(bodyOf(`${contentEvent("Rent")}data: {oops\n\n`))) as typeof fetch }, /could not be read/, "Rent"],
    ["an error event", "stream", { fetch: (async () => new Response(bodyOf(`${contentEvent("Rent")}data: {"error":{"message":"boom"}}\n\n`))) as typeof fetch }, /stopped with an error/, "Rent"],
  ])("%s fails with kind %s", async (_, kind, deps, message, partial) => {
    const error = await failureOf((await ask(deps)).result);
    expect(error).toMatchObject({ kind, partial });
    expect(error?.message).toMatch(message);
  });

  it("a connection lost mid-answer fails with kind network and keeps what was shown", async () => {
    const fake = streamingFetch();
    const { result, shown } = await ask({ fetch: fake.fetch });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    fake.stream().send(contentEvent("Rent is due [1]"));
    await vi.waitFor(() => expect(shown).toEqual(["Rent is due [1]"]));
    fake.stream().fail(new TypeError("terminated"));
    expect(await failureOf(result)).toMatchObject({ kind: "network", partial: "Rent is due [1]", message: expect.stringMatching(/lost before the answer was finished/) });
  });
});

describe("isProjectFunction", () => {
  it.each<[string, string | undefined, boolean]>([
    [URL, PROJECT, true],
    [URL, `${PROJECT}/`, true],
    [`${PROJECT}/functions/v1/assistant?x=1`, PROJECT, true],
    ["HTTPS://ABC.SUPABASE.CO/functions/v1/assistant", PROJECT, true],
    [`${PROJECT}/functions/v1`, PROJECT, false],
    [`${PROJECT}/functions/v10/assistant`, PROJECT, false],
    [`${PROJECT}/functions/v1/%2e%2e/%2e%2e/auth/v1/user`, PROJECT, false],
    ["https://user:pw@abc.supabase.co/functions/v1/assistant", PROJECT, false],
    ["not a URL", PROJECT, false],
    [URL, "", false],
  ])("%s with the project %s: %s", (url, project, expected) => expect(isProjectFunction(url, project)).toBe(expected));
});

describe("time limits and Stop", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gives up with kind timeout when no word comes within 20 seconds, and aborts the request", async () => {
    const fake = streamingFetch();
    const { result } = await ask({ fetch: fake.fetch });
    const error = failureOf(result);
    await vi.advanceTimersByTimeAsync(1);
    fake.stream().send(ROLE);
    await vi.advanceTimersByTimeAsync(19_998);
    expect(fake.calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await error).toMatchObject({ kind: "timeout", message: "The assistant did not start answering within 20 seconds." });
    expect(fake.calls[0]?.init.signal?.aborted).toBe(true);
  });

  it("times out with injected timers even when fetch never answers or heeds its signal", async () => {
    const timers: (() => void)[] = [];
    const fetch = (() => new Promise<Response>(() => undefined)) as typeof globalThis.fetch;
    const deps = {
      fetch,
      firstTokenMs: 5_000,
      setTimeout: (callback: () => void) => (timers.push(callback), timers.length as unknown as ReturnType<typeof setTimeout>),
      clearTimeout: () => undefined,
    };
    const { result } = await ask(deps);
    timers[0]?.();
    expect(await failureOf(result)).toMatchObject({ kind: "timeout", message: "The assistant did not start answering within 5 seconds." });
  });

  it("gives up when the stream falls silent after its first words, keeping them", async () => {
    const fake = streamingFetch();
    const { result } = await ask({ fetch: fake.fetch, idleMs: 10_000 });
    const error = failureOf(result);
    await vi.advanceTimersByTimeAsync(15_000);
    fake.stream().send(contentEvent("Rent is due"));
    await vi.advanceTimersByTimeAsync(9_999);
    fake.stream().send(contentEvent(" monthly"));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fake.calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await error).toMatchObject({ kind: "timeout", partial: "Rent is due monthly", message: "The assistant stopped answering for 10 seconds." });
  });

  it("Stop aborts the request and rejects with kind aborted, keeping the text shown", async () => {
    const fake = streamingFetch();
    const stop = new AbortController();
    const { result, shown } = await ask({ fetch: fake.fetch }, stop.signal);
    await vi.advanceTimersByTimeAsync(1);
    fake.stream().send(contentEvent("Rent is due [1] monthly [2"));
    await vi.advanceTimersByTimeAsync(1);
    stop.abort();
    expect(await failureOf(result)).toMatchObject({ kind: "aborted", message: "The answer was stopped.", partial: "Rent is due [1] monthly " });
    expect(shown).toEqual(["Rent is due [1] monthly "]);
    expect(fake.calls[0]?.init.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("an already aborted signal rejects without a request", async () => {
    const fake = streamingFetch();
    const { result } = await ask({ fetch: fake.fetch }, AbortSignal.abort());
    expect(await failureOf(result)).toMatchObject({ kind: "aborted" });
    expect(fake.calls).toHaveLength(0);
  });
});
