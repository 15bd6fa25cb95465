import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { openOutbox, type Change } from "./outbox";
import { createSender, retryDelayMs, type SendOutcome } from "./sender";

const upsert = (id: string): Change => ({ table: "cases", op: "upsert", key: { id }, row: { id } });
const ok = (n: number): SendOutcome => ({ kind: "answered", results: Array.from({ length: n }, () => ({ ok: true as const })) });

/** Timers run by hand: the delay of each one scheduled, and a way to fire the pending one. */
function manualTimers() {
  const delays: number[] = [];
  let pending: (() => void) | null = null;
  return {
    delays,
    setTimer: (run: () => void, ms: number) => {
      delays.push(ms);
      pending = run;
      return 0 as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimer: () => void (pending = null),
    fire: () => {
      const run = pending;
      pending = null;
      run?.();
    },
  };
}

let users = 0;
async function setup(send: (changes: Change[]) => Promise<SendOutcome>, batch = 500) {
  const outbox = await openOutbox(`user-${String((users += 1))}`);
  const timers = manualTimers();
  const refused = vi.fn();
  const skipped = vi.fn();
  const notOwner = vi.fn();
  const sender = createSender({ outbox, send, onRefused: refused, onSkipped: skipped, onNotOwner: notOwner, batch, ...timers });
  return { outbox, timers, refused, skipped, notOwner, sender };
}

describe("the sender", () => {
  it("waits 1 s, 2 s, 4 s ... a minute at most between retries", () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000, 60_000]);
  });

  it("sends the waiting changes in batches and empties the outbox", async () => {
    const send = vi.fn(async (changes: Change[]) => ok(changes.length));
    const { outbox, sender } = await setup(send, 2);
    await outbox.put([upsert("a"), upsert("b"), upsert("c")]);
    sender.kick();
    await sender.idle();
    expect(send.mock.calls.map(([changes]) => changes.map((c) => c.key["id"]))).toEqual([["a", "b"], ["c"]]);
    expect(await outbox.count()).toBe(0);
    expect(sender.$state.get()).toEqual({ waiting: 0, offline: false });
  });

  it("keeps the changes while the server fails, says they are waiting, and sends them when it is back", async () => {
    let down = true;
    const send = vi.fn(async (changes: Change[]): Promise<SendOutcome> => (down ? { kind: "retry", reason: "HTTP 503" } : ok(changes.length)));
    const { outbox, sender, timers } = await setup(send);
    await outbox.put([upsert("a"), upsert("b")]);
    sender.kick();
    await sender.idle();
    expect(sender.$state.get()).toEqual({ waiting: 2, offline: true });
    // A new change while offline waits for the retry instead of trying at once.
    await outbox.put([upsert("c")]);
    sender.kick();
    await vi.waitFor(() => expect(sender.$state.get()).toEqual({ waiting: 3, offline: true }));
    expect(send).toHaveBeenCalledTimes(1);
    timers.fire();
    await sender.idle();
    timers.fire();
    await sender.idle();
    expect(timers.delays).toEqual([1000, 2000, 4000]);
    down = false;
    sender.kick({ now: true });
    await sender.idle();
    expect(sender.$state.get()).toEqual({ waiting: 0, offline: false });
    expect(send.mock.calls.at(-1)?.[0].map((c) => c.key["id"])).toEqual(["a", "b", "c"]);
  });

  it("treats a thrown send like a failed one", async () => {
    const { outbox, sender } = await setup(async () => {
      throw new TypeError("Failed to fetch");
    });
    await outbox.put([upsert("a")]);
    sender.kick();
    await sender.idle();
    expect(sender.$state.get()).toEqual({ waiting: 1, offline: true });
    expect(await outbox.count()).toBe(1);
  });

  it("reports a change refused for good and does not send it again", async () => {
    const send = vi.fn(
      async (): Promise<SendOutcome> => ({ kind: "answered", results: [{ ok: true }, { ok: false, code: "23514", message: "violates check constraint" }] }),
    );
    const { outbox, sender, refused } = await setup(send);
    await outbox.put([upsert("a"), upsert("b")]);
    sender.kick();
    await sender.idle();
    expect(refused).toHaveBeenCalledWith(upsert("b"), "23514", "violates check constraint");
    expect(await outbox.count()).toBe(0);
    sender.kick();
    await sender.idle();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("takes a change the server skipped (it holds a newer version) as sent: no error, not sent again, and says so once per batch", async () => {
    const send = vi.fn(
      async (): Promise<SendOutcome> => ({ kind: "answered", results: [{ ok: true, skipped: true }, { ok: true }, { ok: true, skipped: true }] }),
    );
    const { outbox, sender, refused, skipped } = await setup(send);
    await outbox.put([upsert("a"), upsert("b"), upsert("c")]);
    sender.kick();
    await sender.idle();
    expect(refused).not.toHaveBeenCalled();
    expect(skipped.mock.calls).toEqual([[[upsert("a"), upsert("c")]]]);
    expect(await outbox.count()).toBe(0);
    expect(sender.$state.get()).toEqual({ waiting: 0, offline: false });
    sender.kick();
    await sender.idle();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("keeps the changes for their owner when the session is another user's, and sets no retry timer", async () => {
    let signedIn: "owner" | "someone else" = "someone else";
    const send = vi.fn(async (changes: Change[]): Promise<SendOutcome> => (signedIn === "owner" ? ok(changes.length) : { kind: "not-owner" }));
    const { outbox, sender, timers, refused, notOwner } = await setup(send);
    await outbox.put([upsert("a"), upsert("b")]);
    sender.kick();
    await sender.idle();
    expect(notOwner).toHaveBeenCalledTimes(1);
    expect(refused).not.toHaveBeenCalled();
    expect((await outbox.take(10)).map((q) => q.change)).toEqual([upsert("a"), upsert("b")]);
    expect(sender.$state.get()).toEqual({ waiting: 2, offline: false });
    expect(timers.delays).toEqual([]);
    // The owner is back (signed in here again): the same changes go, once.
    signedIn = "owner";
    sender.kick({ now: true });
    await sender.idle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(await outbox.count()).toBe(0);
  });

  it("sends a change made while a batch is on its way right after it", async () => {
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const send = vi.fn(async (changes: Change[]) => {
      if (send.mock.calls.length === 1) await first;
      return ok(changes.length);
    });
    const { outbox, sender } = await setup(send);
    await outbox.put([upsert("a")]);
    sender.kick();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await outbox.put([upsert("a"), upsert("b")]);
    sender.kick();
    release();
    await sender.idle();
    await sender.idle();
    expect(send.mock.calls.map(([changes]) => changes.map((c) => c.key["id"]))).toEqual([["a"], ["a", "b"]]);
    expect(await outbox.count()).toBe(0);
  });
});
