import { describe, expect, it } from "vitest";
import type { ChatMessage } from "./chat";
import { createConversationSearch } from "./conversationSearch";
import type { Conversation } from "./conversations";

const conv = (id: string, title: string): Conversation => ({ id, title, pinned: false, updatedAt: "2026-03-02T12:00:00.000Z" });
const msg = (content: string): ChatMessage => ({ id: content, role: "user", content, timestamp: "2026-03-02T12:00:00.000Z", scope: "all" });

const conversations = [conv("a", "Lease dispute in Limassol"), conv("b", "GDPR retention"), conv("c", "Probate")];
const clientFiles = [msg("How long may we keep client files?")];
const messages = new Map([
  ["b", clientFiles],
  ["c", [msg("Documents for the District Court of Páphos")]],
]);

describe("conversation search", () => {
  it.each([
    ["", ["a", "b", "c"]],
    ["limassol", ["a"]],
    ["  LEASE ", ["a"]],
    ["client files", ["b"]],
    ["paphos", ["c"]],
    ["district court", ["c"]],
    ["nothing like this", []],
  ])("%j finds %j (title and message text, any case or accent)", (query, ids) => {
    expect(createConversationSearch().search(conversations, messages, query).map((c) => c.id)).toEqual(ids);
  });

  it("narrows as the query grows, and sees a new message at once", () => {
    const { search, prepare } = createConversationSearch();
    prepare(messages);
    expect(search(conversations, messages, "di").map((c) => c.id)).toEqual(["a", "c"]);
    expect(search(conversations, messages, "dis").map((c) => c.id)).toEqual(["a", "c"]);
    expect(search(conversations, messages, "disp").map((c) => c.id)).toEqual(["a"]);
    const next = new Map(messages).set("b", [...clientFiles, msg("A new dispute")]);
    expect(search(conversations, next, "disp").map((c) => c.id)).toEqual(["a", "b"]);
    expect(search(conversations, next, "di").map((c) => c.id)).toEqual(["a", "b", "c"]);
  });
});
