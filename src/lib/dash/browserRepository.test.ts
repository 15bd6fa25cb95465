import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAVE_DELAY_MS, createBrowserRepository, createShardedBrowserRepository } from "./browserRepository";
import { featureKey } from "./browserStorage";
import type { FeatureDefinition, ShardedFeatureDefinition, StorageNotice } from "./repository";
import { FakeWindow, MemoryStorage } from "../../../tests/fixtures/fakeBrowser";

interface Notes {
  items: string[];
}
const notes: FeatureDefinition<Notes> = {
  name: "notes",
  version: 2,
  samples: () => ({ items: ["sample"] }),
  parse: (data) => {
    const items = (data as Notes | null)?.items;
    return Array.isArray(items) && items.every((item) => typeof item === "string") ? { items } : null;
  },
};
const threads: ShardedFeatureDefinition<string[]> = {
  name: "threads",
  version: 1,
  samples: () =>
    new Map([
      ["a", ["hello"]],
      ["b", ["world"]],
    ]),
  parseShard: (data) => (Array.isArray(data) && data.every((item) => typeof item === "string") ? data : null),
};
const NOW = new Date("2026-03-02T10:00:00.000Z");
const KEY = featureKey("user-1", "notes");

let storage: MemoryStorage;
let win: FakeWindow;
let notices: StorageNotice[];
const options = (userId = "user-1") => ({ storage, userId, win, onNotice: (n: StorageNotice) => notices.push(n), now: () => NOW });

beforeEach(() => {
  vi.useFakeTimers();
  storage = new MemoryStorage();
  win = new FakeWindow();
  notices = [];
});
afterEach(() => vi.useRealTimers());

describe("createBrowserRepository", () => {
  it("gives a new user the samples and writes nothing until a change", async () => {
    const repository = createBrowserRepository(notes, options());
    expect(await repository.load()).toEqual({ items: ["sample"] });
    expect(storage.writes).toEqual([]);
  });

  it("round-trips a versioned record", async () => {
    const repository = createBrowserRepository(notes, options());
    repository.save({ items: ["one", "two"] });
    repository.flush();
    expect(JSON.parse(storage.map.get(KEY) ?? "")).toEqual({ v: 2, data: { items: ["one", "two"] } });
    expect(await createBrowserRepository(notes, options()).load()).toEqual({ items: ["one", "two"] });
  });

  it("coalesces quick saves into one write after the delay", () => {
    const repository = createBrowserRepository(notes, options());
    repository.save({ items: ["a"] });
    repository.save({ items: ["ab"] });
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
    repository.save({ items: ["abc"] });
    expect(storage.writes).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(storage.writes).toEqual([[KEY, JSON.stringify({ v: 2, data: { items: ["abc"] } })]]);
  });

  it("writes a pending save when the page is hidden", () => {
    const repository = createBrowserRepository(notes, options());
    repository.save({ items: ["late"] });
    win.dispatch("pagehide");
    expect(storage.writes).toHaveLength(1);
  });

  it.each([
    ["not JSON", "{oops"],
    ["an older version", JSON.stringify({ v: 1, data: { items: ["old"] } })],
    ["a wrong shape", JSON.stringify({ v: 2, data: { items: [1, 2] } })],
    ["a bare value", "42"],
  ])("sets %s aside under a backup key and restores the samples", async (_, raw) => {
    storage.map.set(KEY, raw);
    const value = await createBrowserRepository(notes, options()).load();
    const backupKey = `${KEY}/backup/${NOW.toISOString()}`;
    expect(value).toEqual({ items: ["sample"] });
    expect(storage.map.get(backupKey)).toBe(raw);
    expect(JSON.parse(storage.map.get(KEY) ?? "")).toEqual({ v: 2, data: { items: ["sample"] } });
    expect(notices).toEqual([{ kind: "restored", feature: "notes", backupKey }]);
  });

  it("keeps the newest 3 backups of a key, and leaves other keys' backups alone", async () => {
    const backupsOf = (key: string) => [...storage.map.keys()].filter((k) => k.startsWith(`${key}/backup/`)).sort();
    const other = `${featureKey("user-1", "threads")}/backup/2020-01-01T00:00:00.000Z`;
    storage.map.set(other, "kept");
    const times = [1, 2, 3, 4, 5].map((minute) => new Date(NOW.getTime() + minute * 60_000));
    for (const time of times) {
      storage.map.set(KEY, `{corrupt at ${time.toISOString()}`);
      await createBrowserRepository(notes, { ...options(), now: () => time }).load();
    }
    expect(backupsOf(KEY)).toEqual(times.slice(-3).map((time) => `${KEY}/backup/${time.toISOString()}`));
    expect(storage.map.get(backupsOf(KEY).at(-1) ?? "")).toBe(`{corrupt at ${times.at(-1)?.toISOString() ?? ""}`);
    expect(storage.map.get(other)).toBe("kept");
    expect(notices.filter((n) => n.kind === "restored")).toHaveLength(times.length);
  });

  it("keeps one user's records away from another's", async () => {
    const first = createBrowserRepository(notes, options("user-1"));
    first.save({ items: ["private"] });
    first.flush();
    expect(await createBrowserRepository(notes, options("user-2")).load()).toEqual({ items: ["sample"] });
  });

  it("works in memory when storage is missing, and says so once", async () => {
    const repository = createBrowserRepository(notes, { ...options(), storage: null });
    expect(await repository.load()).toEqual({ items: ["sample"] });
    repository.save({ items: ["x"] });
    repository.flush();
    expect(notices).toEqual([{ kind: "unavailable" }]);
  });

  it("works when reads throw, without touching the stored value", async () => {
    storage.map.set(KEY, JSON.stringify({ v: 2, data: { items: ["kept"] } }));
    storage.failReads = true;
    const repository = createBrowserRepository(notes, options());
    expect(await repository.load()).toEqual({ items: ["sample"] });
    repository.save({ items: ["x"] });
    repository.flush();
    expect(storage.map.get(KEY)).toContain("kept");
    expect(notices).toEqual([{ kind: "unavailable" }]);
  });

  it("stops writing when storage is full, and says so once", () => {
    const repository = createBrowserRepository(notes, options());
    storage.failWrites = "quota";
    repository.save({ items: ["a"] });
    repository.flush();
    repository.save({ items: ["b"] });
    repository.flush();
    expect(notices).toEqual([{ kind: "full" }]);
  });

  it("never drops an unreadable value it cannot copy aside", async () => {
    storage.map.set(KEY, "{oops");
    storage.failWrites = "quota";
    expect(await createBrowserRepository(notes, options()).load()).toEqual({ items: ["sample"] });
    expect(storage.map.get(KEY)).toBe("{oops");
  });

  it("follows another tab's changes to this user's key only", () => {
    const repository = createBrowserRepository(notes, options());
    const seen: Notes[] = [];
    repository.subscribe((value) => seen.push(value));
    const envelope = JSON.stringify({ v: 2, data: { items: ["from tab 2"] } });
    win.dispatch("storage", { key: featureKey("user-2", "notes"), newValue: envelope, storageArea: storage });
    win.dispatch("storage", { key: KEY, newValue: envelope, storageArea: new MemoryStorage() });
    win.dispatch("storage", { key: KEY, newValue: "{oops", storageArea: storage });
    win.dispatch("storage", { key: KEY, newValue: envelope, storageArea: storage });
    win.dispatch("storage", { key: KEY, newValue: null, storageArea: storage });
    expect(seen).toEqual([{ items: ["from tab 2"] }, { items: ["sample"] }]);
  });

  it("close writes what is pending and removes its listeners", () => {
    const repository = createBrowserRepository(notes, options());
    repository.save({ items: ["a"] });
    repository.close();
    expect(storage.writes).toHaveLength(1);
    expect(win.count("storage") + win.count("pagehide")).toBe(0);
  });
});

describe("createShardedBrowserRepository", () => {
  const INDEX = featureKey("user-1", "threads");
  const shard = (id: string) => `${INDEX}/shard/${id}`;

  it("writes every record and the index the first time, then only what changed", async () => {
    const repository = createShardedBrowserRepository(threads, options());
    const first = await repository.load();
    repository.save(first);
    repository.flush();
    expect(storage.writes.map(([key]) => key)).toEqual([shard("a"), shard("b"), INDEX]);

    storage.writes.length = 0;
    repository.save(new Map(first).set("a", ["hello", "again"]));
    repository.flush();
    expect(storage.writes.map(([key]) => key)).toEqual([shard("a")]);
  });

  it("removes deleted records and rewrites the index when ids change", async () => {
    const repository = createShardedBrowserRepository(threads, options());
    const first = await repository.load();
    repository.save(first);
    repository.flush();
    storage.writes.length = 0;
    repository.save(
      new Map([
        ["b", first.get("b") ?? []],
        ["c", ["new"]],
      ]),
    );
    repository.flush();
    expect(storage.map.has(shard("a"))).toBe(false);
    expect(storage.writes.map(([key]) => key)).toEqual([shard("c"), INDEX]);
    expect(await createShardedBrowserRepository(threads, options()).load()).toEqual(
      new Map([
        ["b", ["world"]],
        ["c", ["new"]],
      ]),
    );
  });

  it("sets an unreadable record aside and keeps the others", async () => {
    const repository = createShardedBrowserRepository(threads, options());
    repository.save(await repository.load());
    repository.flush();
    storage.map.set(shard("a"), "{oops");
    expect(await createShardedBrowserRepository(threads, options()).load()).toEqual(new Map([["b", ["world"]]]));
    expect(storage.map.get(`${shard("a")}/backup/${NOW.toISOString()}`)).toBe("{oops");
    expect(notices).toEqual([{ kind: "restored", feature: "threads", backupKey: `${shard("a")}/backup/${NOW.toISOString()}` }]);
  });

  it("sets an unreadable index aside and restores the samples", async () => {
    storage.map.set(INDEX, JSON.stringify({ v: 9, data: ["a"] }));
    expect(await createShardedBrowserRepository(threads, options()).load()).toEqual(threads.samples());
    expect(JSON.parse(storage.map.get(INDEX) ?? "")).toEqual({ v: 1, data: ["a", "b"] });
  });

  it("follows another tab's record and index changes", async () => {
    const repository = createShardedBrowserRepository(threads, options());
    repository.save(await repository.load());
    repository.flush();
    const seen: ReadonlyMap<string, string[]>[] = [];
    repository.subscribe((value) => seen.push(value));
    win.dispatch("storage", { key: shard("a"), newValue: JSON.stringify({ v: 1, data: ["edited"] }), storageArea: storage });
    storage.map.set(shard("z"), JSON.stringify({ v: 1, data: ["zed"] }));
    win.dispatch("storage", { key: INDEX, newValue: JSON.stringify({ v: 1, data: ["b", "z"] }), storageArea: storage });
    expect(seen.map((value) => Object.fromEntries(value))).toEqual([
      { a: ["edited"], b: ["world"] },
      { b: ["world"], z: ["zed"] },
    ]);
  });
});
