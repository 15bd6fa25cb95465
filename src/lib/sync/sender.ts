import { atom, type ReadableAtom } from "nanostores";
import type { Change, Outbox, QueuedChange } from "./outbox";

/**
 * The server's word on one change: applied; skipped (an upsert older than the stored row: last write wins, so the
 * server's version stands); or refused for good (it will never be taken).
 */
export type ChangeResult = { ok: true; skipped?: boolean } | { ok: false; code: string; message: string };

/** What one attempt to send a batch came to. */
export type SendOutcome =
  /** The server answered for each change, in order. */
  | { kind: "answered"; results: readonly ChangeResult[] }
  /** No answer, a network failure, a 5xx or an expired session: the batch stays and is sent again later. */
  | { kind: "retry"; reason: string }
  /**
   * The session is another user's (they signed in in another tab): the batch was not taken and stays for its owner,
   * sent when they are signed in here again, never with someone else's token.
   */
  | { kind: "not-owner" };

export interface SenderState {
  /** Records whose change the server has not confirmed. */
  waiting: number;
  /** The last attempt failed for the network or the server: the changes wait for it to come back. */
  offline: boolean;
}

export interface SenderDeps {
  outbox: Outbox;
  send: (changes: Change[]) => Promise<SendOutcome>;
  /** A change the server refused for good (a bug, never the network): reported, and not retried. */
  onRefused?: (change: Change, code: string, message: string) => void;
  /** Changes the server skipped because it holds a newer version: not errors; the caller reads the server again. */
  onSkipped?: (changes: Change[]) => void;
  /** The session belongs to someone else now: the changes wait, and nothing more is sent until the next kick. */
  onNotOwner?: () => void;
  setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
  /** The most changes one request carries (apply_changes takes 500). */
  batch?: number;
}

/** The wait before the n-th retry in a row: 1 s, 2 s, 4 s ... then a minute at most. */
export const retryDelayMs = (attempt: number): number => Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));

/**
 * Sends the outbox's changes, one batch in flight at a time, and keeps trying with backoff while the network or
 * the server is down. `kick()` after queueing changes, when the browser is back online, or when the tab returns.
 */
export function createSender({
  outbox,
  send,
  onRefused = () => undefined,
  onSkipped = () => undefined,
  onNotOwner = () => undefined,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer),
  batch = 500,
}: SenderDeps) {
  const $state = atom<SenderState>({ waiting: 0, offline: false });
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const setWaiting = async (offline: boolean) => {
    const waiting = await outbox.count();
    $state.set({ waiting, offline: offline && waiting > 0 });
  };

  const retryLater = () => {
    failures += 1;
    timer = setTimer(() => {
      timer = null;
      kick({ now: true });
    }, retryDelayMs(failures));
  };

  const sendAll = async (): Promise<void> => {
    for (;;) {
      const taken: QueuedChange[] = await outbox.take(batch);
      if (taken.length === 0 || closed) return setWaiting(false);
      let outcome: SendOutcome;
      try {
        outcome = await send(taken.map((item) => item.change));
      } catch (error) {
        outcome = { kind: "retry", reason: error instanceof Error ? error.message : String(error) };
      }
      if (outcome.kind === "retry") {
        await setWaiting(true);
        return retryLater();
      }
      failures = 0;
      if (outcome.kind === "not-owner") {
        // Kept for their owner; no retry timer, so nothing loops while someone else is signed in.
        await setWaiting(false);
        return onNotOwner();
      }
      const skipped: Change[] = [];
      outcome.results.forEach((result, i) => {
        const item = taken[i];
        if (!item) return;
        if (!result.ok) onRefused(item.change, result.code, result.message);
        else if (result.skipped) skipped.push(item.change);
      });
      await outbox.done(taken);
      if (skipped.length > 0) onSkipped(skipped);
    }
  };

  /**
   * Starts sending, or once more after the batch in flight. While the server is failing, new changes wait for the
   * next retry; `now` (the browser is back online, the tab is back) tries at once.
   */
  function kick({ now = false }: { now?: boolean } = {}): void {
    if (closed) return;
    if (timer !== null) {
      if (!now) return void setWaiting(true);
      clearTimer(timer);
      timer = null;
    }
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await sendAll();
      } while (again && timer === null && !closed);
    })().finally(() => {
      running = null;
    });
  }

  return {
    $state: $state as ReadableAtom<SenderState>,
    kick,
    /** Resolves once nothing is in flight (tests, sign-out). */
    idle: () => running ?? Promise.resolve(),
    /**
     * Reads how many changes wait. On opening, changes kept from an earlier visit waited because they could not be
     * sent: they count as offline (`offline`) until a batch goes through.
     */
    refresh: (offline = $state.get().offline) => setWaiting(offline),
    close() {
      closed = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
