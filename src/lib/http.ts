/** Why a JSON POST did not succeed: the server said no, the network failed, or it took too long. */
export type PostFailure =
  | { kind: "http"; status: number }
  | { kind: "network"; message: string }
  | { kind: "timeout"; ms: number };

export type PostResult = { ok: true; status: number } | { ok: false; failure: PostFailure };

export interface PostOptions {
  timeoutMs: number;
  fetchImpl?: typeof fetch;
  /** Aborts the request from outside (the visitor left, a newer request replaced it). */
  signal?: AbortSignal;
}

/** The reason a request made through fetchWithTimeout gives up with: a DOMException named "TimeoutError". */
export const isTimeout = (error: unknown): boolean => error instanceof DOMException && error.name === "TimeoutError";

/**
 * A response body whose reading ends with the signal: aborted, a pending or later read fails with the
 * signal's reason even when the underlying stream has stalled. `settled` runs once the body is read,
 * cancelled or failed.
 */
function boundedBody(body: ReadableStream<Uint8Array>, signal: AbortSignal, settled: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const stop = () => {
        settled();
        controller.error(signal.reason);
        reader.cancel(signal.reason).catch(() => undefined);
      };
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop, { once: true });
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (signal.aborted) return;
        if (done) {
          settled();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        if (signal.aborted) return;
        settled();
        controller.error(error);
      }
    },
    cancel(reason) {
      settled();
      return reader.cancel(reason);
    },
  });
}

/** The statuses whose Response may not have a body (Fetch standard: a null body status). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch that gives up when the answer, its body included, has not fully come within `ms`, rejecting
 * (or failing the body's read) with a TimeoutError; the caller's own signal still aborts it. Built on
 * setTimeout, so fake clocks drive it in tests.
 */
export function fetchWithTimeout(ms: number, fetchImpl: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return async (input, init = {}) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${ms} ms`, "TimeoutError")), ms);
    const outer = init.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    const settled = () => {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onOuterAbort);
    };
    if (outer?.aborted) onOuterAbort();
    else outer?.addEventListener("abort", onOuterAbort, { once: true });
    let response: Response;
    try {
      response = await fetchImpl(input, { ...init, signal: controller.signal });
    } catch (error) {
      settled();
      // Whatever the fetch rejects with once the timer fired, the caller learns it was the time-out.
      throw isTimeout(controller.signal.reason) ? controller.signal.reason : error;
    }
    // No body to bound: none, or a status that may not have one (a 204 from PostgREST can still carry an empty stream,
    // which a new Response of that status refuses).
    if (!response.body || NULL_BODY_STATUSES.has(response.status)) {
      settled();
      return response;
    }
    // The deadline covers the body too: a server that sends its headers and then stalls must not hang the caller.
    const bounded = new Response(boundedBody(response.body, controller.signal, settled), response);
    Object.defineProperties(bounded, { url: { value: response.url }, redirected: { value: response.redirected } });
    return bounded;
  };
}

/**
 * POSTs `body` as JSON and resolves (never rejects) with the outcome: a 2xx answer is success,
 * anything else, a network error or no answer within `timeoutMs` is a failure.
 */
export async function postJson(url: string, body: unknown, options: PostOptions): Promise<PostResult> {
  const { timeoutMs, fetchImpl, signal } = options;
  try {
    const response = await fetchWithTimeout(timeoutMs, fetchImpl)(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
    // Only the status matters; cancelling the body ends the request and its deadline.
    await response.body?.cancel().catch(() => undefined);
    return response.ok ? { ok: true, status: response.status } : { ok: false, failure: { kind: "http", status: response.status } };
  } catch (error) {
    if (isTimeout(error)) return { ok: false, failure: { kind: "timeout", ms: timeoutMs } };
    return { ok: false, failure: { kind: "network", message: error instanceof Error ? error.message : String(error) } };
  }
}

/** A sentence a visitor can read about a failed request. */
export function describeFailure(failure: PostFailure): string {
  switch (failure.kind) {
    case "http":
      return `The server answered with an error (HTTP ${failure.status}).`;
    case "timeout":
      return `The server did not answer within ${Math.round(failure.ms / 1000)} seconds.`;
    case "network":
      return "We could not reach the server. Check your connection.";
  }
}
