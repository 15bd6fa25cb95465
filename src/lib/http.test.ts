import { afterEach, describe, expect, it, vi } from "vitest";
import { describeFailure, fetchWithTimeout, isTimeout, postJson } from "./http";

afterEach(() => {
  vi.useRealTimers();
});

describe("postJson", () => {
  it("POSTs JSON and reports a 2xx answer as success", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    const result = await postJson("https://hook.test/x", { a: 1 }, { timeoutMs: 1000, fetchImpl });
    expect(result).toEqual({ ok: true, status: 204 });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe("https://hook.test/x");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
  });

  it("reports a non-2xx answer with its status", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response("no", { status: 500 }));
    expect(await postJson("u", {}, { timeoutMs: 1000, fetchImpl })).toEqual({ ok: false, failure: { kind: "http", status: 500 } });
  });

  it("reports a network error", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await postJson("u", {}, { timeoutMs: 1000, fetchImpl })).toEqual({
      ok: false,
      failure: { kind: "network", message: "Failed to fetch" },
    });
  });

  it("does not wait for a body that stalls after a 2xx status", async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(new ReadableStream({ start: () => undefined }), { status: 200 }));
    expect(await postJson("u", {}, { timeoutMs: 15_000, fetchImpl })).toEqual({ ok: true, status: 200 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("gives up after the time-out and aborts the request", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetchImpl = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const pending = postJson("u", {}, { timeoutMs: 15_000, fetchImpl });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ ok: false, failure: { kind: "timeout", ms: 15_000 } });
    expect(signal?.aborted).toBe(true);
  });
});

describe("fetchWithTimeout", () => {
  /** A fetch that never answers and rejects as a browser does when its signal aborts. */
  const silentFetch = () =>
    vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );

  it("rejects with a TimeoutError once no answer came within the time", async () => {
    vi.useFakeTimers();
    const pending = fetchWithTimeout(15_000, silentFetch())("u");
    const outcome = pending.then(
      () => "answered",
      (error: unknown) => (isTimeout(error) ? "timeout" : "other"),
    );
    await vi.advanceTimersByTimeAsync(14_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe("timeout");
    vi.useRealTimers();
  });

  /** A fetch that sends its headers and the first bytes of the body, then stalls. */
  const stallingFetch = () =>
    vi.fn<typeof fetch>(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"access_token":'));
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
    });

  /** What a promise has come to so far: its value, "timeout", another failure, or still "pending". */
  const settledAs = async (pending: Promise<unknown>) =>
    Promise.race([
      pending.then(
        (value) => value,
        (error: unknown) => (isTimeout(error) ? "timeout" : "other"),
      ),
      new Promise((resolve) => setTimeout(() => resolve("pending"), 0)),
    ]);

  it("times out a body that stalls after the headers, with a TimeoutError", async () => {
    vi.useFakeTimers();
    const response = await fetchWithTimeout(15_000, stallingFetch())("u");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const body = response.json();
    await vi.advanceTimersByTimeAsync(14_999);
    const early = settledAs(body);
    await vi.advanceTimersByTimeAsync(0);
    expect(await early).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    const late = settledAs(body);
    await vi.advanceTimersByTimeAsync(0);
    expect(await late).toBe("timeout");
  });

  it("times out a body that is read only later, once the deadline has passed", async () => {
    vi.useFakeTimers();
    const response = await fetchWithTimeout(1_000, stallingFetch())("u");
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(response.text()).rejects.toSatisfy(isTimeout);
  });

  it("reads a whole body in time and then leaves no timer behind", async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('{"ok":true}', { status: 201, statusText: "Created" }));
    const response = await fetchWithTimeout(15_000, fetchImpl)("u");
    expect(vi.getTimerCount()).toBe(1);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.status).toBe(201);
    expect(response.statusText).toBe("Created");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes on a 204 that comes with an (empty) body stream, as Chromium gives one, without re-making it", async () => {
    const answer = new Response(new ReadableStream({ start: (c) => c.close() }), { status: 200 });
    Object.defineProperty(answer, "status", { value: 204 });
    const response = await fetchWithTimeout(15_000, vi.fn<typeof fetch>(async () => answer))("u");
    expect(response).toBe(answer);
  });

  it("leaves no timer behind for an answer without a body, or once the caller cancels the body", async () => {
    vi.useFakeTimers();
    await fetchWithTimeout(15_000, vi.fn<typeof fetch>(async () => new Response(null, { status: 204 })))("u");
    expect(vi.getTimerCount()).toBe(0);
    const response = await fetchWithTimeout(15_000, stallingFetch())("u");
    await response.body?.cancel();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("still lets the caller abort, which is not a time-out", async () => {
    const outer = new AbortController();
    const pending = fetchWithTimeout(15_000, silentFetch())("u", { signal: outer.signal });
    outer.abort();
    await expect(pending).rejects.toSatisfy((error: unknown) => !isTimeout(error));
  });
});

describe("describeFailure", () => {
  it("explains each kind of failure", () => {
    expect(describeFailure({ kind: "http", status: 502 })).toBe("The server answered with an error (HTTP 502).");
    expect(describeFailure({ kind: "timeout", ms: 15_000 })).toBe("The server did not answer within 15 seconds.");
    expect(describeFailure({ kind: "network", message: "x" })).toBe("We could not reach the server. Check your connection.");
  });
});
