import type { Page } from "@playwright/test";
import { expect } from "../fixtures/test";
import type { FakeServer, Reply } from "../fixtures/server";
import type { PostFailure } from "../../../src/lib/http";
import { CONTACT_TIMEOUT_MS } from "../../../src/lib/contact";

// What the failure drills share. Each drill file starts the fake services of one part of the site on the ports
// only it uses among the drills, so the "drills" project runs its files side by side once the other projects,
// which own the same ports, are done.

/** One way a third-party service fails. */
export interface Drill {
  name: string;
  reply: Reply;
  /** How the page's request helper classifies the outcome (the webhooks' messages come from it). */
  failure: PostFailure;
}

/** The four failures every service is drilled with: dropped, silent, 500, and 429 with a Retry-After. */
export const drills: Drill[] = [
  { name: "aborted", reply: "abort", failure: { kind: "network", message: "" } },
  { name: "timed out", reply: "hang", failure: { kind: "timeout", ms: CONTACT_TIMEOUT_MS } },
  { name: "500", reply: { status: 500, body: "boom" }, failure: { kind: "http", status: 500 } },
  { name: "429", reply: { status: 429, body: "slow down", headers: { "retry-after": "30" } }, failure: { kind: "http", status: 429 } },
];

/** Chromium logs a refused or failed request as a console error; in a drill it is the point. */
export const EXPECTED_NETWORK_ERRORS = [/status of (500|429)|ERR_EMPTY_RESPONSE|ERR_CONNECTION|Failed to fetch/];

/**
 * Counts the requests the page itself makes to a service. The fake server's own count can be higher when the
 * service drops the connection: Chromium then retries once on a fresh socket, below the page.
 */
export function pageRequests(page: Page, server: FakeServer, path: string, method = "POST"): () => number {
  let count = 0;
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === method && url.origin === server.url && url.pathname === path) count += 1;
  });
  return () => count;
}

/** Sends the page's clock past a time-out when the service hangs (the request has already left). */
export async function passTimeOut(page: Page, server: FakeServer, reply: Reply, ms: number): Promise<void> {
  if (reply !== "hang") return;
  await expect.poll(() => server.requests.length).toBe(1);
  await page.clock.runFor(ms + 1_000);
}
