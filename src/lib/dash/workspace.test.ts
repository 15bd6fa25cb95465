import { atom } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAVE_DELAY_MS } from "./browserRepository";
import { featureKey } from "./browserStorage";
import { persisted, persistedShards } from "./persisted";
import { FakeWindow, MemoryStorage } from "./testing";
import { createWorkspace } from "./workspace";

const counter = { name: "counter", version: 1, samples: () => 0, parse: (d: unknown) => (typeof d === "number" ? d : null) };
const threads = {
  name: "threads",
  version: 1,
  samples: () => ({ t1: ["hi"] }),
  parseShard: (d: unknown) => (Array.isArray(d) ? (d as string[]) : null),
};

let storage: MemoryStorage;
let win: FakeWindow;
const $count = atom(0);
const $threads = atom<Record<string, string[]>>({});
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
    expect($threads.get()).toEqual({ t1: ["hi"] });
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
    $threads.set({ t2: ["x"] });
    workspace.reset();
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect($count.get()).toBe(0);
    expect(storage.map.get(featureKey("u1", "counter"))).toBe(JSON.stringify({ v: 1, data: 0 }));
    expect(storage.map.has(`${featureKey("u1", "threads")}/shard/t2`)).toBe(false);
  });
});
