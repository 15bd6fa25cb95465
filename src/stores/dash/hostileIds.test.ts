import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeChat } from "../../../tests/fixtures/testChat";
import { SAVE_DELAY_MS } from "../../lib/dash/browserRepository";
import { featureKey, toEnvelope } from "../../lib/dash/browserStorage";
import { REPLY_DELAY_MS, type ChatMessage } from "../../lib/dash/chat";
import { persisted, persistedShards } from "../../lib/dash/persisted";
import { FakeWindow, MemoryStorage } from "../../../tests/fixtures/fakeBrowser";
import { createWorkspace } from "../../lib/dash/workspace";
import { conversationsFeature } from "./conversations";
import { messagesFeature } from "./messages";
import { pendingRepliesFeature } from "./pendingReplies";

/** Names that a plain object inherits from Object.prototype: as record ids they must be ordinary ids. */
const HOSTILE = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"] as const;

const NOW = new Date("2026-03-02T12:00:00.000Z");
const CONVERSATIONS = featureKey("u1", "conversations");
const INDEX = featureKey("u1", "messages");
const PENDING = featureKey("u1", "pending-replies");
const shard = (id: string) => `${INDEX}/shard/${id}`;
const question = (id: string): ChatMessage => ({ id: `${id}-q`, role: "user", content: `About ${id}`, timestamp: NOW.toISOString(), scope: "firm" });
const stored = (key: string) => JSON.parse(storage.map.get(key) ?? "null") as { v: number; data: unknown } | null;

let storage: MemoryStorage;

/** This browser as a user left it: a conversation under every hostile id, each with its question. */
function seedStorage(pending: Record<string, unknown> = {}) {
  const conversations = HOSTILE.map((id) => ({ id, title: `Chat ${id}`, pinned: false, updatedAt: NOW.toISOString() }));
  storage.setItem(CONVERSATIONS, toEnvelope(1, conversations));
  storage.setItem(INDEX, toEnvelope(1, HOSTILE));
  for (const id of HOSTILE) storage.setItem(shard(id), toEnvelope(1, [question(id)]));
  storage.setItem(PENDING, JSON.stringify({ v: 1, data: pending }));
  storage.writes.length = 0;
}

/** The chat and sidebar stores over the user's stored records, as after a reload. */
async function reload() {
  const made = makeChat();
  const workspace = createWorkspace({
    features: [
      persisted(made.$conversations, conversationsFeature),
      persistedShards(made.$messages, messagesFeature),
      persisted(made.chat.$pending, pendingRepliesFeature),
    ],
    storage,
    win: new FakeWindow(),
    now: () => new Date(),
  });
  await workspace.open("u1");
  return { ...made, workspace };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  storage = new MemoryStorage();
});
afterEach(() => vi.useRealTimers());

describe("conversation ids named like Object.prototype's members", () => {
  it.each(HOSTILE)("%s: loads, opens, sends, gets its answer, is saved and deleted like any id", async (id) => {
    seedStorage();
    const { chat, conversations, $conversations, workspace } = await reload();
    expect($conversations.get().map((c) => c.id)).toEqual([...HOSTILE]);

    conversations.select(id);
    expect(chat.$activeMessages.get()).toEqual([question(id)]);
    expect(chat.$activePending.get()).toBeUndefined();

    chat.setDraft("Follow-up");
    expect(chat.send()).toBe(true);
    expect(chat.$activePending.get()).toEqual({ since: NOW.toISOString() });
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect(chat.$activeMessages.get().map((m) => m.role)).toEqual(["user", "user", "assistant"]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect((stored(shard(id))?.data as ChatMessage[]).map((m) => m.role)).toEqual(["user", "user", "assistant"]);
    expect(stored(INDEX)?.data).toEqual([...HOSTILE]);

    chat.remove(id);
    expect(chat.$activeMessages.get()).toEqual([]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    workspace.close();
    const others = HOSTILE.filter((other) => other !== id);
    expect(storage.map.has(shard(id))).toBe(false);
    expect(stored(INDEX)?.data).toEqual(others);
    expect((stored(CONVERSATIONS)?.data as { id: string }[]).map((c) => c.id)).toEqual(others);

    const after = await reload();
    for (const other of others) {
      after.conversations.select(other);
      expect(after.chat.$activeMessages.get()).toEqual([question(other)]);
    }
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it.each(HOSTILE)("%s: a conversation whose messages are not stored yet opens empty, and sends", async (id) => {
    seedStorage();
    storage.removeItem(shard(id));
    const { chat, conversations } = await reload();
    conversations.select(id);
    expect(chat.$activeMessages.get()).toEqual([]);
    chat.setDraft("First question");
    expect(chat.send()).toBe(true);
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect(chat.$activeMessages.get().map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it.each(HOSTILE)("%s: a reply pending before the reload lands when due, and only there", async (id) => {
    seedStorage({ [id]: { since: new Date(NOW.getTime() - 1500).toISOString() } });
    const { chat, conversations } = await reload();
    conversations.select(id);
    expect(chat.$activePending.get()).toBeDefined();
    await vi.advanceTimersByTimeAsync(499);
    expect(chat.$activeMessages.get()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(chat.$activeMessages.get().map((m) => m.role)).toEqual(["user", "assistant"]);
    for (const other of HOSTILE.filter((o) => o !== id)) {
      conversations.select(other);
      expect(chat.$activeMessages.get()).toEqual([question(other)]);
      expect(chat.$activePending.get()).toBeUndefined();
    }
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(stored(PENDING)?.data).toEqual({});
  });
});

describe("ids that cannot be ours", () => {
  it.each([
    ["a slash (it would reach into another key)", "a/backup/2026"],
    ["an empty id", ""],
    ["a control character", "a\u0000b"],
    ["a number", 7],
  ])("an index with %s is set aside and the samples restored", async (_, bad) => {
    seedStorage();
    storage.setItem(INDEX, toEnvelope(1, [...HOSTILE, bad]));
    const { $messages } = await reload();
    expect([...$messages.get().keys()]).toEqual([...messagesFeature.samples().keys()]);
    expect([...storage.map.keys()].some((key) => key.startsWith(`${INDEX}/backup/`))).toBe(true);
  });
});
