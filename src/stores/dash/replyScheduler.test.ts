import { atom } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REPLY_DELAY_MS, type ChatMessage, type PendingReplies, type ReplyContent, type ReplyRequest } from "../../lib/dash/chat";
import type { Conversation } from "../../lib/dash/conversations";
import type { MessagesByConversation } from "./messages";
import { createReplyScheduler, replyCopy, replyDueIn } from "./replyScheduler";

const NOW = new Date("2026-03-02T12:00:00.000Z");
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const conversation: Conversation = { id: "c1", title: "Lease", pinned: false, updatedAt: NOW.toISOString() };
const question: ChatMessage = { id: "q1", role: "user", content: "Q", timestamp: NOW.toISOString(), scope: "firm" };

/** A scheduler over conversation c1 (open, asked one question), whose answers the test writes by hand. */
function scheduler(pending: PendingReplies = new Map(), messages: ChatMessage[] = [question]) {
  const calls: { request: ReplyRequest; resolve: (content: ReplyContent) => void; reject: (error: unknown) => void }[] = [];
  const $messages = atom<MessagesByConversation>(new Map([["c1", messages]]));
  const $pending = atom<PendingReplies>(pending);
  const touched: string[] = [];
  const replies = createReplyScheduler({
    $conversations: atom([conversation]),
    $messages,
    $activeId: atom<string | null>("c1"),
    $pending,
    now: () => new Date(),
    reply: (request) => new Promise((resolve, reject) => calls.push({ request, resolve, reject })),
    touch: (id) => touched.push(id),
    scope: () => "all",
  });
  const answers = () => ($messages.get().get("c1") ?? []).filter((m) => m.role === "assistant").map((m) => m.content);
  return { replies, calls, $messages, $pending, touched, answers };
}

describe("replyDueIn", () => {
  it.each([
    ["asked now", 0, REPLY_DELAY_MS],
    ["asked 1.5 s ago", 1500, 500],
    ["asked exactly 2 s ago", REPLY_DELAY_MS, 0],
    ["asked 5 s ago (before a reload)", 5000, 0],
  ])("%s: due in the rest of 2 s, never below zero", (_, ago, due) => {
    expect(replyDueIn(new Date(NOW.getTime() - ago).toISOString(), NOW)).toBe(due);
  });
});

describe("reply scheduler", () => {
  it("lands a reply written at once at exactly 2000 ms, not at 1999 ms, and announces it", async () => {
    const { replies, calls, $pending, touched, answers } = scheduler();
    replies.schedule("c1", { since: NOW.toISOString() });
    expect(replies.$announcement.get()).toBe(replyCopy.typing);
    expect(calls[0]?.request.question).toEqual(question);
    calls[0]?.resolve({ content: "Answer" });
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS - 1);
    expect(answers()).toEqual([]);
    expect(replies.$activePending.get()).toEqual({ since: NOW.toISOString() });
    await vi.advanceTimersByTimeAsync(1);
    expect(answers()).toEqual(["Answer"]);
    expect($pending.get()).toEqual(new Map());
    expect(touched).toEqual(["c1"]);
    expect(replies.$announcement.get()).toBe(replyCopy.ready);
  });

  it("an answer written after 2 s lands when it is written", async () => {
    const { replies, calls, answers } = scheduler();
    replies.schedule("c1", { since: NOW.toISOString() });
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS + 3000);
    expect(answers()).toEqual([]);
    expect(replies.$activePending.get()).toBeDefined();
    calls[0]?.resolve({ content: "Slow answer" });
    await vi.advanceTimersByTimeAsync(0);
    expect(answers()).toEqual(["Slow answer"]);
  });

  it("a reply pending before a reload is written again and lands when it was due, once", async () => {
    await vi.advanceTimersByTimeAsync(1500);
    const { replies, calls, $pending, answers } = scheduler(new Map([["c1", { since: NOW.toISOString() }]]));
    expect(calls).toHaveLength(1);
    calls[0]?.resolve({ content: "Answer" });
    await vi.advanceTimersByTimeAsync(499);
    expect(answers()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(answers()).toEqual(["Answer"]);
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS * 2);
    expect(answers()).toEqual(["Answer"]);
    expect($pending.get()).toEqual(new Map());
    expect(replies.$activePending.get()).toBeUndefined();
  });

  it("Stop aborts the writing, drops what streamed, and nothing lands", async () => {
    const { replies, calls, answers } = scheduler();
    replies.schedule("c1", { since: NOW.toISOString() });
    calls[0]?.request.onText("The deposit is");
    expect(replies.$activeStreaming.get()).toBe("The deposit is");
    replies.stop();
    expect(calls[0]?.request.signal.aborted).toBe(true);
    expect(replies.$activeStreaming.get()).toBeUndefined();
    expect(replies.$announcement.get()).toBe(replyCopy.stopped);
    calls[0]?.request.onText("The deposit is returned");
    expect(replies.$activeStreaming.get()).toBeUndefined();
    calls[0]?.resolve({ content: "Answer" });
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS * 2);
    expect(answers()).toEqual([]);
  });

  it("a reply no longer pending (answered in another tab) is aborted and adds nothing", async () => {
    const { replies, calls, $pending, answers } = scheduler();
    replies.schedule("c1", { since: NOW.toISOString() });
    calls[0]?.resolve({ content: "Answer" });
    await vi.advanceTimersByTimeAsync(1000);
    $pending.set(new Map());
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect(answers()).toEqual([]);
    expect(calls[0]?.request.signal.aborted).toBe(true);
  });

  it.each([
    ["the search fails", [question], (call?: { reject: (error: unknown) => void }) => call?.reject(new Error("worker gone"))],
    ["the question is gone", [], () => undefined],
  ])("says the search failed when %s", async (_, messages, settle) => {
    const { replies, calls, answers } = scheduler(new Map(), messages);
    replies.schedule("c1", { since: NOW.toISOString() });
    settle(calls[0]);
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect(answers()).toEqual([replyCopy.searchFailed]);
  });
});
