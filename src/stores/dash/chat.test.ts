import { computed } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeChat, testAnswer } from "../../../tests/fixtures/testChat";
import { REPLY_DELAY_MS } from "../../lib/dash/chat";
import { chatCopy } from "./chat";
import { createPreferencesStore, preferencesFeature } from "./preferences";

const NOW = new Date("2026-03-02T12:00:00.000Z");
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/** A chat that has sent `text` in a new conversation; returns that conversation's id. */
function sent(text = "Summarise the lease") {
  const made = makeChat();
  made.chat.setDraft(text);
  expect(made.chat.send()).toBe(true);
  const id = made.conversations.$activeId.get() ?? "";
  return { ...made, id };
}

describe("chat store: sending", () => {
  it("appends the message, clears the input, titles a new conversation and shows the typing state", async () => {
    const { chat, $conversations, id } = sent("  What are the remedies for breach of a commercial lease in the District Court of Limassol?  ");
    expect(chat.$activeMessages.get()).toEqual([
      expect.objectContaining({ role: "user", scope: "firm", content: "What are the remedies for breach of a commercial lease in the District Court of Limassol?" }),
    ]);
    expect(chat.$draft.get()).toBe("");
    expect($conversations.get()).toEqual([{ id, title: "What are the remedies for breach of a commercial lease in…", pinned: false, updatedAt: NOW.toISOString() }]);
    expect(chat.$activePending.get()).toEqual({ since: NOW.toISOString() });
    expect(chat.$announcement.get()).toBe(chatCopy.typing);
  });

  it("answers at exactly 2000 ms, not at 1999 ms, with the written answer and its citations, and moves updatedAt", async () => {
    const { chat, $conversations } = sent();
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS - 1);
    expect(chat.$activeMessages.get()).toHaveLength(1);
    expect(chat.$activePending.get()).toBeDefined();
    await vi.advanceTimersByTimeAsync(1);
    const reply = chat.$activeMessages.get()[1];
    expect(reply).toEqual(expect.objectContaining({ role: "assistant", scope: "firm", ...testAnswer(1, "Summarise the lease") }));
    expect(chat.$activePending.get()).toBeUndefined();
    expect($conversations.get()[0]?.updatedAt).toBe("2026-03-02T12:00:02.000Z");
    expect(chat.$announcement.get()).toBe(chatCopy.ready);
  });

  it("refuses a blank input and a second send while the reply is pending", async () => {
    const { chat } = sent();
    chat.setDraft("   ");
    expect(chat.send()).toBe(false);
    chat.setDraft("Another question");
    expect(chat.send()).toBe(false);
    expect(chat.$draft.get()).toBe("Another question");
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect(chat.send()).toBe(true);
    expect(chat.$activeMessages.get().map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  it("records the scope of each message, and keeps the chips with the question", async () => {
    const { chat } = makeChat();
    chat.setScope("web");
    chat.addChip({ type: "case", id: "c1", label: "Andreou v. Kyriakou" });
    chat.addChip({ type: "case", id: "c1", label: "Andreou v. Kyriakou" });
    chat.setDraft("Q");
    chat.send();
    expect(chat.$activeMessages.get()[0]).toEqual(expect.objectContaining({ scope: "web", context: [{ type: "case", id: "c1", label: "Andreou v. Kyriakou" }] }));
    expect(chat.$chips.get()).toEqual([]);
  });
});

describe("chat store: Stop, Regenerate, switching", () => {
  it("Stop cancels the pending reply", async () => {
    const { chat } = sent();
    await vi.advanceTimersByTimeAsync(1000);
    chat.stop();
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS * 2);
    expect(chat.$activeMessages.get()).toHaveLength(1);
    expect(chat.$activePending.get()).toBeUndefined();
    expect(chat.$announcement.get()).toBe(chatCopy.stopped);
  });

  it("Regenerate replaces that reply after the same 2000 ms", async () => {
    const { chat } = sent();
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    const first = chat.$activeMessages.get()[1];
    expect(chat.regenerate(first?.id ?? "")).toBe(true);
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS - 1);
    expect(chat.$activeMessages.get()[1]?.content).toBe(first?.content);
    await vi.advanceTimersByTimeAsync(1);
    const second = chat.$activeMessages.get()[1];
    expect(chat.$activeMessages.get()).toHaveLength(2);
    expect(second?.id).toBe(first?.id);
    expect(second?.content).toBe(testAnswer(2, "Summarise the lease").content);
    expect(second?.citations).toHaveLength(1);
  });

  it("a switch to another conversation mid-reply leaves the reply in its own conversation", async () => {
    const { chat, conversations, $messages, id } = sent("First");
    await vi.advanceTimersByTimeAsync(500);
    chat.newChat();
    chat.setDraft("Second");
    expect(chat.send()).toBe(true);
    const other = conversations.$activeId.get() ?? "";
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS - 500);
    expect($messages.get().get(id)?.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect($messages.get().get(other)?.map((m) => m.role)).toEqual(["user"]);
    expect(chat.$announcement.get()).toBe(chatCopy.typing);
    await vi.advanceTimersByTimeAsync(500);
    expect($messages.get().get(other)?.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("a reply whose conversation was deleted lands nowhere", async () => {
    const { chat, $messages, $conversations, id } = sent();
    chat.remove(id);
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect($messages.get()).toEqual(new Map());
    expect($conversations.get()).toEqual([]);
  });
});

describe("chat store: chips, prompts, copy", () => {
  it("openInChat starts a new chat with exactly that chip and an empty input", async () => {
    const { chat, conversations } = sent();
    chat.setDraft("half typed");
    chat.setScope("web");
    chat.openInChat({ type: "document", id: "d1", label: "Lease.pdf" });
    expect(conversations.$activeId.get()).toBeNull();
    expect(chat.$draft.get()).toBe("");
    expect(chat.$chips.get()).toEqual([{ type: "document", id: "d1", label: "Lease.pdf" }]);
    expect(chat.$scope.get()).toBe("firm");
    chat.removeChip({ type: "document", id: "d1", label: "Lease.pdf" });
    expect(chat.$chips.get()).toEqual([]);
  });

  it("Ask about these changes starts a chat with both versions as chips; its first question carries the pair, the next ones not", async () => {
    const { chat, requests } = sent();
    const a = { type: "document", id: "v1", label: "Lease v1" } as const;
    const b = { type: "document", id: "v2", label: "Lease v2" } as const;
    chat.openComparison(a, b);
    expect(chat.$chips.get()).toEqual([a, b]);
    chat.setDraft("What changed in governing law?");
    chat.send();
    expect(requests[1]?.question).toMatchObject({ context: [a, b], compare: { a: "v1", b: "v2" } });
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    chat.setDraft("And termination?");
    chat.send();
    expect(requests[2]?.question.compare).toBeUndefined();
    expect(requests[2]?.history[0]?.compare).toEqual({ a: "v1", b: "v2" });
  });

  it("removing a version's chip, or a new chat, drops the comparison", () => {
    const { chat, requests } = sent();
    const a = { type: "document", id: "v1", label: "Lease v1" } as const;
    chat.openComparison(a, { type: "document", id: "v2", label: "Lease v2" });
    chat.removeChip(a);
    chat.setDraft("What changed?");
    chat.send();
    expect(requests[1]?.question.compare).toBeUndefined();
    chat.openComparison(a, { type: "document", id: "v2", label: "Lease v2" });
    chat.newChat();
    chat.setDraft("Anything?");
    expect(chat.send()).toBe(true);
    expect(requests[2]?.question.compare).toBeUndefined();
  });

  it("Use in new chat opens a new chat with the answer as a chip", async () => {
    const { chat, conversations } = sent();
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    const answer = chat.$activeMessages.get()[1];
    chat.answerInNewChat(answer?.id ?? "");
    expect(conversations.$activeId.get()).toBeNull();
    expect(chat.$chips.get()).toEqual([{ type: "knowledge", id: answer?.id, label: expect.stringMatching(/^Answer: /) }]);
  });

  it("a suggested prompt fills the input and does not send", async () => {
    const { chat, conversations } = makeChat();
    chat.applyPrompt("Draft a motion to dismiss template");
    expect(chat.$draft.get()).toBe("Draft a motion to dismiss template");
    expect(conversations.$activeId.get()).toBeNull();
  });

  it("Copy puts the answer on the clipboard and says so; a refusal is said too", async () => {
    const { chat, clipboard, toasts } = sent();
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    const answer = chat.$activeMessages.get()[1];
    expect(await chat.copy(answer?.id ?? "")).toBe(true);
    expect(clipboard.text).toBe(answer?.content);
    clipboard.fail = true;
    expect(await chat.copy(answer?.id ?? "")).toBe(false);
    expect(toasts).toEqual([chatCopy.copied, { ...chatCopy.copyFailed, variant: "destructive" }]);
  });
});

describe("chat store: the saved Default Chat Scope", () => {
  /** The preferences and chat stores wired as the app wires them: the chat reads the SAVED preference. */
  function wired() {
    const preferences = createPreferencesStore({ notify: vi.fn() });
    const made = makeChat({ $defaultScope: computed(preferences.$saved, (saved) => saved.defaultScope) });
    return { preferences, ...made };
  }
  /** What loading the user's stored preferences does (sign-in, a reload): after the stores were made. */
  const load = (preferences: ReturnType<typeof createPreferencesStore>, defaultScope: "all" | "firm" | "case" | "kb") =>
    preferences.$saved.set({ ...preferencesFeature.samples(), defaultScope });

  it("the first chat after a reload takes the stored preference, read after the stores were made", async () => {
    const { preferences, chat } = wired();
    expect(chat.$scope.get()).toBe("firm");
    load(preferences, "kb");
    expect(chat.$scope.get()).toBe("kb");
    chat.setDraft("Q");
    chat.send();
    expect(chat.$activeMessages.get()[0]?.scope).toBe("kb");
  });

  it.each([
    ["New Chat", (chat: ReturnType<typeof makeChat>["chat"]) => chat.newChat()],
    ["Open in Chat", (chat: ReturnType<typeof makeChat>["chat"]) => chat.openInChat({ type: "case", id: "c1", label: "Case" })],
    ["Use in new chat", (chat: ReturnType<typeof makeChat>["chat"]) => chat.answerInNewChat(chat.$activeMessages.get()[1]?.id ?? "")],
  ])("%s starts with the saved scope, not the one picked for the last chat", async (_, start) => {
    const { preferences, chat } = wired();
    load(preferences, "case");
    chat.setScope("web");
    chat.setDraft("Q");
    chat.send();
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect(chat.$scope.get()).toBe("web");
    start(chat);
    expect(chat.$scope.get()).toBe("case");
  });

  it("Save in Settings moves a chat that follows the preference, and keeps a scope the user picked", async () => {
    const { preferences, chat } = wired();
    preferences.setDefaultScope("kb");
    expect(chat.$scope.get()).toBe("firm");
    preferences.save();
    expect(chat.$scope.get()).toBe("kb");
    chat.setScope("web");
    preferences.setDefaultScope("all");
    preferences.save();
    expect(chat.$scope.get()).toBe("web");
    chat.newChat();
    expect(chat.$scope.get()).toBe("all");
  });

  it("All when no preference is saved", async () => {
    const { chat } = makeChat({ $defaultScope: computed(createPreferencesStore({ notify: vi.fn() }).$saved, () => undefined) });
    expect(chat.$scope.get()).toBe("all");
  });
});

describe("chat store: answers written from the sources", () => {
  it("gives the writer the question, its scope and chips, and the conversation before it", async () => {
    const { chat, requests } = sent("First question");
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    chat.setScope("kb");
    chat.addChip({ type: "document", id: "doc-1", label: "Lease" });
    chat.setDraft("Second question");
    chat.send();
    const request = requests[1];
    expect(request?.question).toMatchObject({ content: "Second question", scope: "kb", context: [{ type: "document", id: "doc-1", label: "Lease" }] });
    expect(request?.history.map((m) => m.role)).toEqual(["user", "assistant"]);
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    chat.regenerate(chat.$activeMessages.get()[1]?.id ?? "");
    expect(requests[2]?.question.content).toBe("First question");
    expect(requests[2]?.history).toEqual([]);
  });

  it("a search that fails says so instead of answering, with no citation", async () => {
    const { chat } = makeChat({ reply: () => Promise.reject(new Error("worker gone")) });
    chat.setDraft("Q");
    chat.send();
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect(chat.$activeMessages.get()[1]).toMatchObject({ role: "assistant", content: chatCopy.searchFailed });
    expect(chat.$activeMessages.get()[1]?.citations).toBeUndefined();
  });

  it("edit and resend: the last question is replaced, its answer removed, and a new one written", async () => {
    const { chat, requests } = sent("Waht is the rent?");
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    const [question] = chat.$activeMessages.get();
    expect(chat.editQuestion(question?.id ?? "", "   ")).toBe(false);
    expect(chat.editQuestion("not-a-question", "What is the rent?")).toBe(false);
    expect(chat.editQuestion(question?.id ?? "", "What is the rent?")).toBe(true);
    expect(chat.$activeMessages.get()).toEqual([expect.objectContaining({ id: question?.id, content: "What is the rent?" })]);
    expect(chat.editQuestion(question?.id ?? "", "Again")).toBe(false);
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect(requests[1]?.question.content).toBe("What is the rent?");
    expect(chat.$activeMessages.get().map((m) => m.content)).toEqual(["What is the rent?", testAnswer(2, "What is the rent?").content]);
  });
});

describe("chat store: an answer that offers another scope", () => {
  it("asks the question again in that scope, which the chat then keeps", async () => {
    const { chat, requests } = makeChat({
      reply: (request) => {
        requests.push(request);
        return Promise.resolve(request.question.scope === "web" ? { content: "Not here.", offerScope: "all" } : testAnswer(requests.length, request.question.content));
      },
    });
    chat.setScope("web");
    chat.setDraft("Latest case law on leases");
    chat.send();
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    const answer = chat.$activeMessages.get()[1];
    expect(answer).toMatchObject({ content: "Not here.", offerScope: "all" });
    expect(chat.askAgainIn(answer?.id ?? "", "all")).toBe(true);
    expect(chat.askAgainIn(answer?.id ?? "", "all")).toBe(false);
    expect(chat.$scope.get()).toBe("all");
    await vi.advanceTimersByTimeAsync(REPLY_DELAY_MS);
    expect(requests.at(-1)?.question).toMatchObject({ content: "Latest case law on leases", scope: "all" });
    expect(chat.$activeMessages.get().map((m) => [m.role, m.scope])).toEqual([
      ["user", "web"],
      ["assistant", "web"],
      ["user", "all"],
      ["assistant", "all"],
    ]);
  });
});
