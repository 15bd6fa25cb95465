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

/**
 * POSTs `body` as JSON and resolves (never rejects) with the outcome: a 2xx answer is success,
 * anything else, a network error or no answer within `timeoutMs` is a failure.
 */
export async function postJson(url: string, body: unknown, options: PostOptions): Promise<PostResult> {
  const { timeoutMs, fetchImpl = fetch, signal } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener("abort", onOuterAbort, { once: true });
  try {
    const response = await fetchImpl(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    return response.ok ? { ok: true, status: response.status } : { ok: false, failure: { kind: "http", status: response.status } };
  } catch (error) {
    if (timedOut) return { ok: false, failure: { kind: "timeout", ms: timeoutMs } };
    return { ok: false, failure: { kind: "network", message: error instanceof Error ? error.message : String(error) } };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onOuterAbort);
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
