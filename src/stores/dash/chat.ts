import { atom, computed, type ReadableAtom } from "nanostores";
import { answerChip, scopeFromPreference, type ChatMessage, type ChatScope, type ComparePair } from "../../lib/dash/chat";
import { withChip, type ContextChip } from "../../lib/dash/chips";
import { titleFromMessage } from "../../lib/dash/conversations";
import { withEntry } from "../../lib/dash/parse";
import type { ScopePreference } from "../../lib/dash/preferences";
import { showToast, type ToastInput } from "../toasts";
import { $activeId, $conversations, conversationActions } from "./conversations";
import { $messages } from "./messages";
import { $pendingReplies } from "./pendingReplies";
import { $preferences } from "./preferences";
import { createReplyScheduler, replyCopy, type ReplyDeps } from "./replyScheduler";

export type { PendingReplies, PendingReply, ReplyContent, ReplyRequest } from "../../lib/dash/chat";

/** What the chat reads: the replies' deps, with the conversations' actions, the saved scope, ids, clipboard and toasts. */
export interface ChatDeps extends ReplyDeps {
  conversations: Pick<typeof conversationActions, "create" | "touch" | "clearActive" | "select" | "remove">;
  /** The saved Default Chat Scope: a chat starts with it, and follows its changes until the user picks a scope. */
  $defaultScope: ReadableAtom<ScopePreference | undefined>;
  newId: () => string;
  clipboard: () => Pick<Clipboard, "writeText"> | undefined;
  notify: (toast: ToastInput) => void;
}

/** What the chat says: the reply's announcements and failure text, and Copy's toasts. */
export const chatCopy = {
  ...replyCopy,
  copied: { title: "Copied", description: "The answer is on your clipboard." },
  copyFailed: { title: "Copy failed", description: "This browser did not allow copying. Select the text and copy it instead." },
} as const;

/**
 * The chat: the input, scope and chips; sending, with the answer written from the user's sources and landing no
 * earlier than the specification's 2 s (replyScheduler.ts times it); Stop, Regenerate, edit and resend, Copy.
 */
export function createChatStore(deps: ChatDeps) {
  const $draft = atom("");
  /** The scope the user picked for the chat in progress, or null while it follows the saved preference. */
  const $pickedScope = atom<ChatScope | null>(null);
  const $scope = computed([$pickedScope, deps.$defaultScope], (picked, preference) => picked ?? scopeFromPreference(preference));
  const $chips = atom<ContextChip[]>([]);
  /** The comparison the chat in progress was opened from ("Ask about these changes"), or null. */
  const $compare = atom<ComparePair | null>(null);
  const { $pending } = deps;
  const { $announcement, $activePending, $activeStreaming, schedule, cancel, stop } = createReplyScheduler({
    ...deps,
    touch: (id) => deps.conversations.touch(id),
    scope: () => $scope.get(),
  });
  const $activeMessages = computed([deps.$activeId, deps.$messages], (id, messages) => (id ? (messages.get(id) ?? []) : []));
  const putMessages = (id: string, list: ChatMessage[]) => deps.$messages.set(withEntry(deps.$messages.get(), id, list));

  /** Starts an empty chat: no active conversation, an empty input, the saved default scope, and these chips. */
  const startChat = (chips: ContextChip[] = [], compare: ComparePair | null = null) => {
    deps.conversations.clearActive();
    $draft.set("");
    $chips.set(chips);
    $compare.set(compare);
    $pickedScope.set(null);
  };

  return {
    $draft,
    $scope,
    $chips,
    $pending,
    $announcement,
    $activeMessages,
    $activePending,
    $activeStreaming,
    setDraft: (text: string) => $draft.set(text),
    /** The user's pick for the chat in progress: kept until a new chat starts, whatever Settings saves meanwhile. */
    setScope: (scope: ChatScope) => $pickedScope.set(scope),
    /** A suggested prompt fills the input; it does not send. */
    applyPrompt: (text: string) => $draft.set(text),
    addChip: (chip: ContextChip) => $chips.set(withChip($chips.get(), chip)),
    removeChip(chip: ContextChip): void {
      $chips.set($chips.get().filter((c) => c.type !== chip.type || c.id !== chip.id));
      // Without one of its versions, the chat no longer asks about the comparison: it searches as any other.
      const compare = $compare.get();
      if (compare && chip.type === "document" && (chip.id === compare.a || chip.id === compare.b)) $compare.set(null);
    },
    newChat: () => startChat(),
    openInChat: (chip: ContextChip) => startChat([chip]),
    /**
     * 'Ask about these changes': a new chat with both versions as its document chips, whose questions are answered
     * from the changes between them.
     */
    openComparison: (a: ContextChip, b: ContextChip) => startChat([a, b], { a: a.id, b: b.id }),
    /** Sends the input; false when it is blank or this conversation's reply is still pending. */
    send(): boolean {
      const content = $draft.get().trim();
      const activeId = deps.$activeId.get();
      if (!content || (activeId && $pending.get().has(activeId))) return false;
      const id = activeId ?? deps.conversations.create(titleFromMessage(content));
      const chips = $chips.get();
      const compare = $compare.get();
      const message: ChatMessage = {
        id: deps.newId(),
        role: "user",
        content,
        timestamp: deps.now().toISOString(),
        scope: $scope.get(),
        ...(chips.length ? { context: chips } : {}),
        ...(compare ? { compare } : {}),
      };
      putMessages(id, [...(deps.$messages.get().get(id) ?? []), message]);
      deps.conversations.touch(id);
      $draft.set("");
      $chips.set([]);
      $compare.set(null);
      schedule(id, { since: message.timestamp });
      return true;
    },
    stop,
    /**
     * Replaces the open conversation's last question with `text` and asks again: the answer it had is removed and a
     * new one written. False when the text is blank, the message is not the last question, or a reply is pending.
     */
    editQuestion(messageId: string, text: string): boolean {
      const id = deps.$activeId.get();
      const content = text.trim();
      if (!id || !content || $pending.get().has(id)) return false;
      const list = deps.$messages.get().get(id) ?? [];
      const at = list.findLastIndex((m) => m.role === "user");
      const question = list[at];
      if (!question || question.id !== messageId) return false;
      const timestamp = deps.now().toISOString();
      putMessages(id, [...list.slice(0, at), { ...question, content, timestamp }]);
      deps.conversations.touch(id);
      schedule(id, { since: timestamp });
      return true;
    },
    /**
     * Asks the question an answer replied to again, in another scope (Web's answer offers All): the chat moves to that
     * scope and the question is sent anew. False while a reply is pending.
     */
    askAgainIn(messageId: string, scope: ChatScope): boolean {
      const id = deps.$activeId.get();
      if (!id || $pending.get().has(id)) return false;
      const list = deps.$messages.get().get(id) ?? [];
      const at = list.findIndex((m) => m.id === messageId);
      const question = list.slice(0, at < 0 ? 0 : at).findLast((m) => m.role === "user");
      if (!question) return false;
      $pickedScope.set(scope);
      const message: ChatMessage = { ...question, id: deps.newId(), timestamp: deps.now().toISOString(), scope };
      putMessages(id, [...list, message]);
      deps.conversations.touch(id);
      schedule(id, { since: message.timestamp });
      return true;
    },
    /** Asks again for an answer of the open conversation; it is replaced after the same delay. */
    regenerate(messageId: string): boolean {
      const id = deps.$activeId.get();
      if (!id || $pending.get().has(id)) return false;
      if (!deps.$messages.get().get(id)?.some((m) => m.id === messageId && m.role === "assistant")) return false;
      schedule(id, { since: deps.now().toISOString(), replaces: messageId });
      return true;
    },
    /** Starts a new chat with an answer of the open conversation as its context. */
    answerInNewChat(messageId: string): void {
      const message = $activeMessages.get().find((m) => m.id === messageId);
      if (message) startChat([answerChip(message)]);
    },
    /** Copies an answer to the clipboard and says whether it worked. */
    async copy(messageId: string): Promise<boolean> {
      const message = $activeMessages.get().find((m) => m.id === messageId);
      const clipboard = deps.clipboard();
      try {
        if (!message || !clipboard) throw new Error("no clipboard");
        await clipboard.writeText(message.content);
        deps.notify(chatCopy.copied);
        return true;
      } catch {
        deps.notify({ ...chatCopy.copyFailed, variant: "destructive" });
        return false;
      }
    },
    /** Opens a conversation of the sidebar. */
    select: (id: string) => deps.conversations.select(id),
    /** Deletes a conversation with its messages, cancelling its pending reply. */
    remove(id: string): void {
      cancel(id);
      deps.conversations.remove(id);
    },
  };
}

const store = createChatStore({
  $conversations,
  $messages,
  $activeId,
  $pending: $pendingReplies,
  conversations: conversationActions,
  $defaultScope: computed($preferences, (preferences) => preferences.defaultScope),
  now: () => new Date(),
  newId: () => crypto.randomUUID(),
  clipboard: () => (typeof navigator === "undefined" ? undefined : navigator.clipboard),
  notify: showToast,
  // Loaded with the first question: the search, the model client and the records they read stay out of the chat's chunk.
  reply: (request) => import("./assistant").then(({ writeReply }) => writeReply(request)),
});

export const { $draft, $scope, $chips, $pending, $announcement, $activeMessages, $activePending, $activeStreaming } = store;
export const { setDraft, setScope, applyPrompt, addChip, removeChip, newChat, openInChat, openComparison, send, stop, regenerate, editQuestion, askAgainIn } = store;
export const { answerInNewChat, copy: copyAnswer, select: openConversation, remove: deleteConversation } = store;
