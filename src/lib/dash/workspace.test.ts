import { atom } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAVE_DELAY_MS } from "./browserRepository";
import { backupKeyFor, featureKey } from "./browserStorage";
import { persisted, persistedShards } from "./persisted";
import { FakeWindow, MemoryStorage } from "../../../tests/fixtures/fakeBrowser";
import { createWorkspace } from "./workspace";

const counter = { name: "counter", version: 1, samples: () => 0, parse: (d: unknown) => (typeof d === "number" ? d : null) };
const threads = {
  name: "threads",
  version: 1,
  samples: () => new Map([["t1", ["hi"]]]),
  parseShard: (d: unknown) => (Array.isArray(d) ? (d as string[]) : null),
};

let storage: MemoryStorage;
let win: FakeWindow;
const $count = atom(0);
const $threads = atom<ReadonlyMap<string, string[]>>(new Map());
const make = () =>
  createWorkspace({ features: [persisted($count, counter), persistedShards($threads, threads)], storage, win });

beforeEach(() => {
  vi.useFakeTimers();
  storage = new MemoryStorage();
  win = new FakeWindow();
});
afterEach(() => vi.useRealTimers());

describe("createWorkspace", () => {
  it("loads a user's records into the stores and saves their changes, coalesced", async () => {
    const workspace = make();
    await workspace.open("u1");
    expect(workspace.$workspace.get()).toEqual({ status: "open", userId: "u1" });
    expect($threads.get()).toEqual(new Map([["t1", ["hi"]]]));
    $count.set(1);
    $count.set(2);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(storage.writes.filter(([key]) => key === featureKey("u1", "counter"))).toHaveLength(1);
    expect(storage.map.get(featureKey("u1", "counter"))).toBe(JSON.stringify({ v: 1, data: 2 }));
  });

  it("gives the next user their own records, never the last user's", async () => {
    const workspace = make();
    await workspace.open("u1");
    $count.set(7);
    await workspace.open("u2");
    expect($count.get()).toBe(0);
    expect(storage.map.get(featureKey("u1", "counter"))).toBe(JSON.stringify({ v: 1, data: 7 }));
    $count.set(3);
    await workspace.open("u1");
    expect($count.get()).toBe(7);
  });

  it("does not save back a change that came from another tab", async () => {
    const workspace = make();
    await workspace.open("u1");
    win.dispatch("storage", { key: featureKey("u1", "counter"), newValue: JSON.stringify({ v: 1, data: 5 }), storageArea: storage });
    expect($count.get()).toBe(5);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(storage.writes).toEqual([]);
  });

  it("stops saving after close", async () => {
    const workspace = make();
    await workspace.open("u1");
    workspace.close();
    $count.set(9);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(storage.writes).toEqual([]);
    expect(workspace.$workspace.get()).toEqual({ status: "closed" });
  });

  it("reset puts the samples back and saves them", async () => {
    const workspace = make();
    await workspace.open("u1");
    $count.set(4);
    $threads.set(new Map([["t2", ["x"]]]));
    workspace.reset();
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect($count.get()).toBe(0);
    expect(storage.map.get(featureKey("u1", "counter"))).toBe(JSON.stringify({ v: 1, data: 0 }));
    expect(storage.map.has(`${featureKey("u1", "threads")}/shard/t2`)).toBe(false);
  });
});

describe("createWorkspace: Clear workspace data", () => {
  it("removes the open user's backups, their records' included, and nobody else's", async () => {
    const mine = [
      backupKeyFor(featureKey("u1", "counter"), new Date("2026-03-01T00:00:00.000Z")),
      backupKeyFor(`${featureKey("u1", "threads")}/shard/t1`, new Date("2026-03-01T00:00:00.000Z")),
      backupKeyFor(featureKey("u1", "threads"), new Date("2026-03-02T00:00:00.000Z")),
    ];
    const theirs = backupKeyFor(featureKey("u2", "counter"), new Date("2026-03-01T00:00:00.000Z"));
    for (const key of [...mine, theirs]) storage.map.set(key, "{corrupt");
    const workspace = make();
    await workspace.open("u1");
    workspace.reset();
    for (const key of mine) expect(storage.map.has(key), key).toBe(false);
    expect(storage.map.get(theirs)).toBe("{corrupt");
  });
});

describe("createWorkspace: following the signed-in user", () => {
  const follow = () => {
    const $userId = atom<string | null>(null);
    const workspace = createWorkspace({ features: [persisted($count, counter)], storage, win, $userId });
    const seen: string[] = [];
    const stop = workspace.$workspace.subscribe((state) => {
      const label = state.status === "closed" ? "closed" : `${state.status} ${state.userId}`;
      if (seen.at(-1) !== label) seen.push(label);
    });
    return { $userId, workspace, seen, stop };
  };

  it("opens on sign-in, switches on another user, closes on sign-out, each user with their own records", async () => {
    storage.map.set(featureKey("u1", "counter"), JSON.stringify({ v: 1, data: 11 }));
    storage.map.set(featureKey("u2", "counter"), JSON.stringify({ v: 1, data: 22 }));
    const { $userId, seen } = follow();
    $userId.set("u1");
    await vi.runAllTimersAsync();
    expect($count.get()).toBe(11);
    $userId.set("u2");
    await vi.runAllTimersAsync();
    expect($count.get()).toBe(22);
    $userId.set(null);
    $count.set(5);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(storage.map.get(featureKey("u2", "counter"))).toBe(JSON.stringify({ v: 1, data: 22 }));
    expect(seen).toEqual(["closed", "opening u1", "open u1", "opening u2", "open u2", "closed"]);
  });

  it("a token refresh (the same user again) does not reopen; the workspace closes once nothing reads it", async () => {
    const { $userId, seen, stop } = follow();
    $userId.set("u1");
    await vi.runAllTimersAsync();
    $userId.set("u1");
    expect(seen).toEqual(["closed", "opening u1", "open u1"]);
    stop();
    await vi.runAllTimersAsync();
    expect(vi.getTimerCount()).toBe(0);
    $count.set(9);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(storage.writes).toEqual([]);
  });

  it("a feature joined later (a lazily loaded screen's) loads the open user's records now, and opens with the others after", async () => {
    const $late = atom(0);
    const late = persisted($late, { ...counter, name: "late" });
    storage.setItem(featureKey("u1", "late"), JSON.stringify({ v: 1, data: 4 }));
    storage.setItem(featureKey("u2", "late"), JSON.stringify({ v: 1, data: 9 }));
    const workspace = make();
    await workspace.open("u1");
    await workspace.join(late);
    expect($late.get()).toBe(4);
    $late.set(5);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(storage.map.get(featureKey("u1", "late"))).toBe(JSON.stringify({ v: 1, data: 5 }));
    await workspace.open("u2");
    expect($late.get()).toBe(9);
    workspace.close();
    await workspace.join(late);
    expect($late.get()).toBe(9);
  });
});
