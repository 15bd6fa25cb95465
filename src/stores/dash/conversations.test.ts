import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeChat } from "../../../tests/fixtures/testChat";
import type { Conversation } from "../../lib/dash/conversations";

const NOW = new Date("2026-03-02T12:00:00.000Z");
const conv = (id: string, minutesAgo: number, pinned = false): Conversation => ({
  id,
  title: `Title ${id}`,
  pinned,
  updatedAt: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
});
const seed = () => ({
  conversations: [conv("a", 10), conv("b", 5, true), conv("c", 1)],
  messages: new Map([["a", [{ id: "m", role: "user" as const, content: "Limassol lease", timestamp: NOW.toISOString(), scope: "all" as const }]]]),
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe("conversations store", () => {
  it("groups Pinned and Recent, newest first", async () => {
    const { conversations } = makeChat(seed());
    const groups = conversations.$groups.get();
    expect(groups.pinned.map((c) => c.id)).toEqual(["b"]);
    expect(groups.recent.map((c) => c.id)).toEqual(["c", "a"]);
  });

  it("searches by title and by message text", async () => {
    const { conversations } = makeChat(seed());
    conversations.setSearch("title b");
    expect(conversations.$groups.get()).toEqual({ pinned: [expect.objectContaining({ id: "b" })], recent: [] });
    conversations.setSearch("limassol");
    expect(conversations.$groups.get().recent.map((c) => c.id)).toEqual(["a"]);
    conversations.setSearch("");
    expect(conversations.$groups.get().recent).toHaveLength(2);
  });

  it("pins and unpins", async () => {
    const { conversations } = makeChat(seed());
    conversations.togglePin("a");
    expect(conversations.$groups.get().pinned.map((c) => c.id)).toEqual(["b", "a"]);
    conversations.togglePin("a");
    expect(conversations.$groups.get().pinned.map((c) => c.id)).toEqual(["b"]);
  });

  it("renames, and refuses a blank title", async () => {
    const { conversations, $conversations } = makeChat(seed());
    expect(conversations.rename("a", "  Lease, Limassol  ")).toBe(true);
    expect($conversations.get().find((c) => c.id === "a")?.title).toBe("Lease, Limassol");
    expect(conversations.rename("a", "   ")).toBe(false);
    expect($conversations.get().find((c) => c.id === "a")?.title).toBe("Lease, Limassol");
  });

  it("deletes a conversation with its messages and clears it when it was active", async () => {
    const { conversations, $conversations, $messages } = makeChat(seed());
    conversations.select("a");
    conversations.remove("c");
    expect(conversations.$activeId.get()).toBe("a");
    conversations.remove("a");
    expect(conversations.$activeId.get()).toBeNull();
    expect($conversations.get().map((c) => c.id)).toEqual(["b"]);
    expect($messages.get()).toEqual(new Map());
  });

  it("selects only a conversation that exists; clearActive starts a new chat", async () => {
    const { conversations } = makeChat(seed());
    conversations.select("b");
    expect(conversations.$activeId.get()).toBe("b");
    conversations.clearActive();
    expect(conversations.$activeId.get()).toBeNull();
    conversations.select("nope");
    expect(conversations.$activeId.get()).toBeNull();
  });

  it("creates an active conversation and touches updatedAt", async () => {
    const { conversations, $conversations } = makeChat(seed());
    const id = conversations.create("Fresh");
    expect(conversations.$activeId.get()).toBe(id);
    expect($conversations.get()[0]).toEqual({ id, title: "Fresh", pinned: false, updatedAt: NOW.toISOString() });
    await vi.advanceTimersByTimeAsync(60_000);
    conversations.touch("a");
    expect($conversations.get().find((c) => c.id === "a")?.updatedAt).toBe("2026-03-02T12:01:00.000Z");
    expect(conversations.$groups.get().recent[0]?.id).toBe("a");
  });
});
