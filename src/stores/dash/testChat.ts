import { atom, type ReadableAtom } from "nanostores";
import type { PendingReplies } from "../../lib/dash/chat";
import type { Conversation } from "../../lib/dash/conversations";
import type { ScopePreference } from "../../lib/dash/preferences";
import type { ToastInput } from "../toasts";
import { createChatStore, type ReplyContent, type ReplyRequest } from "./chat";
import { createConversationsStore } from "./conversations";
import type { MessagesByConversation } from "./messages";

/** What a test chat starts from: its records, and the saved Default Chat Scope (My Firm unless given). */
export interface ChatSeed {
  conversations?: Conversation[];
  messages?: MessagesByConversation;
  pending?: PendingReplies;
  $defaultScope?: ReadableAtom<ScopePreference | undefined>;
  /** Writes the answers; by default at once, numbered, quoting the question, with one citation. */
  reply?: (request: ReplyRequest) => Promise<ReplyContent>;
}

/** The default test answer to the n-th question asked: numbered, so a Regenerate shows it was written again. */
export const testAnswer = (n: number, question: string): ReplyContent => ({
  content: `Answer ${String(n)} to: ${question} [1]`,
  citations: [{ id: "page:doc-1:2", title: "Lease", page: 2, source: "Georgiou", ref: { kind: "page", docId: "doc-1" }, quote: "The rent is EUR 950." }],
});

/** A conversations store and a chat store wired together over fresh atoms, with counting ids: for unit tests. */
export function makeChat(seed: ChatSeed = {}) {
  let ids = 0;
  const newId = () => `id-${String((ids += 1))}`;
  const now = () => new Date();
  const $conversations = atom<Conversation[]>(seed.conversations ?? []);
  const $messages = atom<MessagesByConversation>(seed.messages ?? new Map());
  const $pending = atom<PendingReplies>(seed.pending ?? new Map());
  const $defaultScope = seed.$defaultScope ?? atom<ScopePreference>("firm");
  const conversations = createConversationsStore({ $conversations, $messages, now, newId });
  const toasts: ToastInput[] = [];
  const clipboard = {
    text: "",
    fail: false,
    async writeText(text: string) {
      if (clipboard.fail) throw new Error("denied");
      clipboard.text = text;
    },
  };
  const requests: ReplyRequest[] = [];
  const reply =
    seed.reply ??
    ((request: ReplyRequest) => {
      requests.push(request);
      return Promise.resolve(testAnswer(requests.length, request.question.content));
    });
  const chat = createChatStore({
    $conversations,
    $messages,
    $activeId: conversations.$activeId,
    $pending,
    conversations,
    $defaultScope,
    now,
    newId,
    clipboard: () => clipboard,
    notify: (toast) => toasts.push(toast),
    reply,
  });
  return { $conversations, $messages, $pending, conversations, chat, toasts, clipboard, requests };
}
