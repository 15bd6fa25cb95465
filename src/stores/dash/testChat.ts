import { atom, type ReadableAtom } from "nanostores";
import type { PendingReplies } from "../../lib/dash/chat";
import type { Conversation } from "../../lib/dash/conversations";
import type { ScopePreference } from "../../lib/dash/preferences";
import type { ToastInput } from "../toasts";
import { createChatStore } from "./chat";
import { createConversationsStore } from "./conversations";
import type { MessagesByConversation } from "./messages";

/** What a test chat starts from: its records, and the saved Default Chat Scope (My Firm unless given). */
export interface ChatSeed {
  conversations?: Conversation[];
  messages?: MessagesByConversation;
  pending?: PendingReplies;
  $defaultScope?: ReadableAtom<ScopePreference | undefined>;
}

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
  });
  return { $conversations, $messages, $pending, conversations, chat, toasts, clipboard };
}
