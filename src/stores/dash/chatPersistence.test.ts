import { atom } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAVE_DELAY_MS } from "../../lib/dash/browserRepository";
import { featureKey } from "../../lib/dash/browserStorage";
import type { ChatMessage } from "../../lib/dash/chat";
import type { Conversation } from "../../lib/dash/conversations";
import { persisted, persistedShards } from "../../lib/dash/persisted";
import type { StorageNotice } from "../../lib/dash/repository";
import { FakeWindow, MemoryStorage } from "../../../tests/fixtures/fakeBrowser";
import { createWorkspace } from "../../lib/dash/workspace";
import { conversationsFeature } from "./conversations";
import { messagesFeature, type MessagesByConversation } from "./messages";

const NOW = new Date("2026-03-02T12:00:00.000Z");
let storage: MemoryStorage;
let notices: StorageNotice[];
const $conversations = atom<Conversation[]>([]);
const $messages = atom<MessagesByConversation>(new Map());

const open = async (userId: string) => {
  const workspace = createWorkspace({
    features: [persisted($conversations, conversationsFeature), persistedShards($messages, messagesFeature)],
    storage,
    win: new FakeWindow(),
    onNotice: (notice) => notices.push(notice),
    now: () => NOW,
  });
  await workspace.open(userId);
  return workspace;
};
const message: ChatMessage = { id: "m1", role: "user", content: "Kept", timestamp: NOW.toISOString(), scope: "kb" };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  storage = new MemoryStorage();
  notices = [];
});
afterEach(() => vi.useRealTimers());

describe("conversations and messages in the browser", () => {
  it("a new user gets the sample conversations, two pinned, each with its messages", async () => {
    await open("u1");
    expect($conversations.get()).toHaveLength(5);
    expect($conversations.get().filter((c) => c.pinned)).toHaveLength(2);
    for (const c of $conversations.get()) expect($messages.get().get(c.id)?.length).toBeGreaterThan(0);
  });

  it("round-trips a versioned record and one record per conversation", async () => {
    const workspace = await open("u1");
    $conversations.set([{ id: "c1", title: "Mine", pinned: true, updatedAt: NOW.toISOString() }]);
    $messages.set(new Map([["c1", [message]]]));
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    workspace.close();
    expect(JSON.parse(storage.map.get(featureKey("u1", "conversations")) ?? "")).toEqual({ v: 1, data: $conversations.get() });
    expect(JSON.parse(storage.map.get(`${featureKey("u1", "messages")}/shard/c1`) ?? "")).toEqual({ v: 1, data: [message] });
    $conversations.set([]);
    await open("u1");
    expect($conversations.get().map((c) => c.title)).toEqual(["Mine"]);
    expect($messages.get()).toEqual(new Map([["c1", [message]]]));
  });

  it("sets a corrupt list aside under a backup key and restores the samples", async () => {
    storage.map.set(featureKey("u1", "conversations"), JSON.stringify({ v: 1, data: [{ id: 3 }] }));
    await open("u1");
    expect($conversations.get()).toHaveLength(5);
    expect(storage.map.get(`${featureKey("u1", "conversations")}/backup/${NOW.toISOString()}`)).toContain('"id":3');
    expect(notices).toContainEqual(expect.objectContaining({ kind: "restored", feature: "conversations" }));
  });

  it("keeps each user's conversations to that user", async () => {
    const workspace = await open("u1");
    $conversations.set([{ id: "c1", title: "Ada's matter", pinned: false, updatedAt: NOW.toISOString() }]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    workspace.close();
    await open("u2");
    expect($conversations.get().map((c) => c.title)).not.toContain("Ada's matter");
  });

  it("works in memory when storage throws, with a notice (the workspace shows it once)", async () => {
    storage.failReads = true;
    storage.failWrites = "security";
    await open("u1");
    $conversations.set([]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect($conversations.get()).toEqual([]);
    expect(notices.filter((n) => n.kind === "unavailable").length).toBeGreaterThan(0);
  });
});
