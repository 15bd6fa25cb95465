import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAssistantHandler, type AssistantEnv } from "./handler";
import { startService, type Received } from "./fakeServices";

const KEY = "sk-live-secret-4f9a";
const MODEL = "gpt-4o-mini";
const SIGNED_IN = "Bearer good-user-token";
const STREAM = ['data: {"choices":[{"delta":{"content":"Rent is due"}}]}\n\n', 'data: {"choices":[{"delta":{"content":" [1]."}}]}\n\n', "data: [DONE]\n\n"];
const chat = { model: "client-picked", stream: true, tools: [{}], messages: [{ role: "system", content: "Answer from the passages." }, { role: "user", content: "When is rent due?" }] };

type Mode = "stream" | "hold" | "refuse" | "hang";
let mode: Mode = "stream";

/** The model: streams the answer, holds it open after one piece, refuses while quoting the key, or never answers. */
function model(_: Received, res: ServerResponse) {
  if (mode === "hang") return;
  if (mode === "refuse") return void res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}` } }));
  res.writeHead(200, { "content-type": "text/event-stream" });
  if (mode === "hold") return void res.write(STREAM[0]);
  res.end(STREAM.join(""));
}

/** Supabase Auth: 200 with a user for the one good token and the right anon key, 401 otherwise. */
function auth(received: Received, res: ServerResponse) {
  const ok = received.path === "/auth/v1/user" && received.headers.apikey === "anon-key" && received.headers.authorization === SIGNED_IN;
  res.writeHead(ok ? 200 : 401, { "content-type": "application/json" }).end(ok ? '{"id":"u1"}' : '{"msg":"invalid JWT"}');
}

let services: { auth: Awaited<ReturnType<typeof startService>>; llm: Awaited<ReturnType<typeof startService>> };
let env: Required<AssistantEnv>;
beforeAll(async () => {
  services = { auth: await startService(auth), llm: await startService(model) };
  env = { SUPABASE_URL: services.auth.url, SUPABASE_ANON_KEY: "anon-key", LLM_BASE_URL: `${services.llm.url}/v1/`, LLM_API_KEY: KEY, LLM_MODEL: MODEL };
});
afterAll(async () => {
  await services.auth.close();
  await services.llm.close();
});
beforeEach(() => {
  mode = "stream";
  services.auth.received.length = 0;
  services.llm.received.length = 0;
});

const post = (body: BodyInit | null, headers: Record<string, string> = { authorization: SIGNED_IN }, init: RequestInit = {}) =>
  new Request("https://project.supabase.co/functions/v1/assistant", { method: "POST", headers, body, ...init });

/** Calls the handler and checks what every answer must hold: CORS, and never the key, in headers or body. */
async function call(request: Request, overrides: Partial<AssistantEnv & { timeoutMs: number }> = {}) {
  const { timeoutMs, ...envOverrides } = overrides;
  const response = await createAssistantHandler({ env: { ...env, ...envOverrides }, fetch, timeoutMs })(request);
  const text = await response.text();
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(`${JSON.stringify([...response.headers])}${text}`).not.toContain(KEY);
  return { status: response.status, text, response };
}

describe("assistant function", () => {
  it("answers the CORS preflight and takes only POST", async () => {
    const preflight = await call(new Request("https://x/", { method: "OPTIONS" }));
    expect(preflight.status).toBe(204);
    expect(preflight.response.headers.get("access-control-allow-headers")).toContain("authorization");
    const get = await call(new Request("https://x/"));
    expect([get.status, get.response.headers.get("allow")]).toEqual([405, "POST, OPTIONS"]);
  });

  it.each([
    ["no Authorization", {}],
    ["a non-Bearer Authorization", { authorization: "Basic dXNlcjpwdw==" }],
    ["a token Supabase Auth does not accept", { authorization: "Bearer forged" }],
  ])("rejects a request with %s, and the model never hears of it", async (_, headers) => {
    const { status, text } = await call(post(JSON.stringify(chat), headers));
    expect([status, JSON.parse(text)]).toEqual([401, { error: { message: "Sign in to use the assistant." } }]);
    expect(services.llm.received).toHaveLength(0);
  });

  it("checks the token with Supabase Auth, sending the anon key", async () => {
    await call(post(JSON.stringify(chat)));
    expect(services.auth.received[0]).toMatchObject({ method: "GET", path: "/auth/v1/user", headers: { apikey: "anon-key", authorization: SIGNED_IN } });
  });

  it.each([
    ["a Content-Length over 64 KiB", () => post("x".repeat(10), { authorization: SIGNED_IN, "content-length": String(64 * 1024 + 1) })],
    ["a body over 64 KiB", () => post(JSON.stringify({ ...chat, padding: "x".repeat(64 * 1024) }))],
    [
      "a body over 64 KiB whose Content-Length lies",
      () => {
        const chunks = Array.from({ length: 9 }, () => new TextEncoder().encode("x".repeat(8 * 1024)));
        const body = new ReadableStream({ pull: (c) => void (chunks.length ? c.enqueue(chunks.pop()) : c.close()) });
        return post(body, { authorization: SIGNED_IN, "content-length": "100" }, { duplex: "half" } as RequestInit);
      },
    ],
  ])("caps the size: %s gets 413", async (_, request) => {
    expect((await call(request())).status).toBe(413);
    expect(services.llm.received).toHaveLength(0);
  });

  it.each([
    ["not JSON", "{"],
    ["no messages", JSON.stringify({ stream: true })],
    ["empty messages", JSON.stringify({ messages: [] })],
    ["a message with a made-up role", JSON.stringify({ messages: [{ role: "tool-admin", content: "x" }] })],
    ["a message without text", JSON.stringify({ messages: [{ role: "user", content: { a: 1 } }] })],
  ])("turns away a body with %s (400)", async (_, body) => {
    expect((await call(post(body))).status).toBe(400);
    expect(services.llm.received).toHaveLength(0);
  });

  it("forwards the messages with the key and the model, and streams the answer back", async () => {
    const { status, text, response } = await call(post(JSON.stringify(chat)));
    expect(status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(text).toBe(STREAM.join(""));
    const [upstream] = services.llm.received;
    expect(upstream).toMatchObject({ method: "POST", path: "/v1/chat/completions", headers: { authorization: `Bearer ${KEY}` } });
    expect(JSON.parse(upstream?.body ?? "")).toEqual({ model: MODEL, stream: true, messages: chat.messages });
  });

  it.each<[string, Mode, Partial<AssistantEnv & { timeoutMs: number }>, number, string]>([
    ["refuses, quoting the key", "refuse", {}, 502, "The language model answered with HTTP 401."],
    ["cannot be reached", "stream", { LLM_BASE_URL: "http://127.0.0.1:9/v1" }, 502, "The language model could not be reached."],
    ["does not answer in time", "hang", { timeoutMs: 300 }, 504, "The language model did not answer in time."],
  ])("answers plainly when the model %s", async (_, next, overrides, status, message) => {
    mode = next;
    const result = await call(post(JSON.stringify(chat)), overrides);
    expect([result.status, JSON.parse(result.text)]).toEqual([status, { error: { message } }]);
  });

  it.each<[string, Partial<AssistantEnv>, number]>([
    ["Supabase Auth cannot be reached", { SUPABASE_URL: "http://127.0.0.1:9" }, 502],
    ["a setting is missing", { LLM_MODEL: "" }, 500],
  ])("fails closed when %s", async (_, overrides, status) => {
    expect((await call(post(JSON.stringify(chat)), overrides)).status).toBe(status);
    expect(services.llm.received).toHaveLength(0);
  });

  it.each([
    ["the request is aborted", (client: AbortController) => client.abort(), undefined],
    ["the answer stream is cancelled", () => undefined, (body: ReadableStream) => body.cancel()],
  ])("stops the model when the client goes away: %s", async (_, leave, cancel) => {
    mode = "hold";
    const client = new AbortController();
    const response = await createAssistantHandler({ env, fetch })(post(JSON.stringify(chat), { authorization: SIGNED_IN }, { signal: client.signal }));
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(STREAM[0]);
    leave(client);
    if (cancel) await reader.cancel();
    await expect.poll(() => services.llm.received[0]?.closedEarly, { timeout: 5_000 }).toBe(true);
  });
});
