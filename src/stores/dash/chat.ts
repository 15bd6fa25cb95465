import { atom, computed, type ReadableAtom, type WritableAtom } from "nanostores";
import {
  REPLY_DELAY_MS,
  answerChip,
  scopeFromPreference,
  type ChatMessage,
  type ChatScope,
  type PendingReplies,
  type PendingReply,
  type ReplyContent,
  type ReplyRequest,
} from "../../lib/dash/chat";
import { withChip, type ContextChip } from "../../lib/dash/chips";
import { titleFromMessage, type Conversation } from "../../lib/dash/conversations";
import { withEntry, withoutEntry } from "../../lib/dash/parse";
import type { ScopePreference } from "../../lib/dash/preferences";
import { showToast, type ToastInput } from "../toasts";
import { $activeId, $conversations, conversationActions } from "./conversations";
import { $messages, type MessagesByConversation } from "./messages";
import { $pendingReplies } from "./pendingReplies";
import { $preferences } from "./preferences";

export type { PendingReplies, PendingReply } from "../../lib/dash/chat";

export interface ChatDeps {
  $conversations: ReadableAtom<Conversation[]>;
  $messages: WritableAtom<MessagesByConversation>;
  $activeId: ReadableAtom<string | null>;
  /** The replies being "written", by conversation: persisted, so a reload continues them. */
  $pending: WritableAtom<PendingReplies>;
  conversations: Pick<typeof conversationActions, "create" | "touch" | "clearActive" | "select" | "remove">;
  /** The saved Default Chat Scope: a chat starts with it, and follows its changes until the user picks a scope. */
  $defaultScope: ReadableAtom<ScopePreference | undefined>;
  now: () => Date;
  newId: () => string;
  clipboard: () => Pick<Clipboard, "writeText"> | undefined;
  notify: (toast: ToastInput) => void;
  /**
   * Writes the answer to a question from the user's own sources (and, with a model configured, streams it through
   * `onText`). Rejects only when it was aborted or could not search at all.
   */
  reply: (request: ReplyRequest) => Promise<ReplyContent>;
}

export type { ReplyContent, ReplyRequest } from "../../lib/dash/chat";

export const chatCopy = {
  typing: "Assistant is typing",
  ready: "Answer ready",
  stopped: "Reply stopped",
  copied: { title: "Copied", description: "The answer is on your clipboard." },
  copyFailed: { title: "Copy failed", description: "This browser did not allow copying. Select the text and copy it instead." },
  searchFailed: "I could not search your documents just now, so I have no answer to give. Please try again in a moment.",
} as const;

/**
 * The chat: the input, scope and chips; sending, with the answer written from the user's sources and landing no
 * earlier than the specification's 2 s (later when the work takes longer); Stop, Regenerate, edit and resend, Copy.
 */
export function createChatStore(deps: ChatDeps) {
  const $draft = atom("");
  /** The scope the user picked for the chat in progress, or null while it follows the saved preference. */
  const $pickedScope = atom<ChatScope | null>(null);
  const $scope = computed([$pickedScope, deps.$defaultScope], (picked, preference) => picked ?? scopeFromPreference(preference));
  const $chips = atom<ContextChip[]>([]);
  const { $pending } = deps;
  /** What the polite status region says: set once per event, never word by word. */
  const $announcement = atom("");
  /** The answer so far of each conversation whose reply a model is streaming. */
  const $streaming = atom<ReadonlyMap<string, string>>(new Map());
  const jobs = new Map<string, { since: string; timer: ReturnType<typeof setTimeout>; controller: AbortController }>();

  const $activeMessages = computed([deps.$activeId, deps.$messages], (id, messages) => (id ? (messages.get(id) ?? []) : []));
  const $activePending = computed([deps.$activeId, $pending], (id, pending) => (id ? pending.get(id) : undefined));
  const $activeStreaming = computed([deps.$activeId, $streaming], (id, streaming) => (id ? streaming.get(id) : undefined));
  const setStreaming = (id: string, text: string | undefined) =>
    $streaming.set(text === undefined ? withoutEntry($streaming.get(), id) : withEntry($streaming.get(), id, text));

  const setPending = (id: string, reply: PendingReply | undefined) =>
    $pending.set(reply ? withEntry($pending.get(), id, reply) : withoutEntry($pending.get(), id));
  const cancel = (id: string) => setPending(id, undefined);
  const putMessages = (id: string, list: ChatMessage[]) => deps.$messages.set(withEntry(deps.$messages.get(), id, list));

  /** The reply lands in the conversation it was asked in, whichever one is open by then. */
  const deliver = (id: string, reply: PendingReply, content: ReplyContent) => {
    // Stopped, or answered already (by another tab of this user): nothing to add.
    if ($pending.get().get(id)?.since !== reply.since) return;
    setPending(id, undefined);
    if (!deps.$conversations.get().some((c) => c.id === id)) return;
    const list = deps.$messages.get().get(id) ?? [];
    const timestamp = deps.now().toISOString();
    const scope = [...list].reverse().find((m) => m.role === "user")?.scope ?? $scope.get();
    const answer = {
      content: content.content,
      ...(content.citations?.length ? { citations: content.citations } : {}),
      ...(content.offerScope ? { offerScope: content.offerScope } : {}),
    };
    if (reply.replaces) {
      putMessages(
        id,
        list.map((m) => {
          if (m.id !== reply.replaces) return m;
          const { citations: _old, offerScope: _offer, ...rest } = m;
          return { ...rest, ...answer, timestamp };
        }),
      );
    } else {
      // The id comes from the question's time, so two tabs delivering the same reply write the same message.
      putMessages(id, [...list, { id: `${id}:${reply.since}`, role: "assistant", timestamp, scope, ...answer }]);
    }
    deps.conversations.touch(id);
    if (deps.$activeId.get() === id) $announcement.set(chatCopy.ready);
  };

  /** The question a pending reply answers (the one before the answer being regenerated), and what came before it. */
  const questionOf = (id: string, reply: PendingReply): ReplyRequest["history"] | null => {
    const list = deps.$messages.get().get(id) ?? [];
    const end = reply.replaces ? list.findIndex((m) => m.id === reply.replaces) : list.length;
    const at = list.slice(0, end < 0 ? list.length : end).findLastIndex((m) => m.role === "user");
    return at < 0 ? null : list.slice(0, at + 1);
  };

  /** Writes the reply now and delivers it once it is written and its 2 s have passed, whichever is later. */
  const start = (id: string, reply: PendingReply) => {
    const controller = new AbortController();
    let written: ReplyContent | null = null;
    let due = false;
    const finish = () => {
      if (!written || !due || jobs.get(id)?.since !== reply.since) return;
      jobs.delete(id);
      setStreaming(id, undefined);
      deliver(id, reply, written);
    };
    const wait = Math.max(0, Date.parse(reply.since) + REPLY_DELAY_MS - deps.now().getTime());
    const timer = setTimeout(() => {
      due = true;
      finish();
    }, wait);
    jobs.set(id, { since: reply.since, timer, controller });
    const upTo = questionOf(id, reply);
    const question = upTo?.at(-1);
    const request = upTo && question
      ? deps.reply({ question, history: upTo.slice(0, -1), signal: controller.signal, onText: (text) => !controller.signal.aborted && setStreaming(id, text) })
      : Promise.resolve<ReplyContent>({ content: chatCopy.searchFailed });
    request.then(
      (content) => {
        written = content;
        finish();
      },
      () => {
        if (controller.signal.aborted) return;
        written = { content: chatCopy.searchFailed };
        finish();
      },
    );
  };
  const schedule = (id: string, reply: PendingReply) => {
    setPending(id, reply);
    $announcement.set(chatCopy.typing);
  };

  // One job per pending reply, landing no earlier than REPLY_DELAY_MS after it was asked for: a reply pending before
  // a reload (or started in another tab) is written again and lands on time, and a cancelled one is aborted.
  $pending.subscribe((pending) => {
    for (const [id, job] of jobs) {
      if (pending.get(id)?.since === job.since) continue;
      clearTimeout(job.timer);
      job.controller.abort();
      jobs.delete(id);
      setStreaming(id, undefined);
    }
    for (const [id, reply] of pending) if (!jobs.has(id)) start(id, reply);
  });

  /** Starts an empty chat: no active conversation, an empty input, the saved default scope, and these chips. */
  const startChat = (chips: ContextChip[] = []) => {
    deps.conversations.clearActive();
    $draft.set("");
    $chips.set(chips);
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
    removeChip: (chip: ContextChip) => $chips.set($chips.get().filter((c) => c.type !== chip.type || c.id !== chip.id)),
    newChat: () => startChat(),
    openInChat: (chip: ContextChip) => startChat([chip]),
    /** Sends the input; false when it is blank or this conversation's reply is still pending. */
    send(): boolean {
      const content = $draft.get().trim();
      const activeId = deps.$activeId.get();
      if (!content || (activeId && $pending.get().has(activeId))) return false;
      const id = activeId ?? deps.conversations.create(titleFromMessage(content));
      const chips = $chips.get();
      const message: ChatMessage = {
        id: deps.newId(),
        role: "user",
        content,
        timestamp: deps.now().toISOString(),
        scope: $scope.get(),
        ...(chips.length ? { context: chips } : {}),
      };
      putMessages(id, [...(deps.$messages.get().get(id) ?? []), message]);
      deps.conversations.touch(id);
      $draft.set("");
      $chips.set([]);
      schedule(id, { since: message.timestamp });
      return true;
    },
    /** Cancels the open conversation's pending reply (Stop, or Escape in the input). */
    stop(): void {
      const id = deps.$activeId.get();
      if (!id || !$pending.get().has(id)) return;
      cancel(id);
      $announcement.set(chatCopy.stopped);
    },
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
export const {
  setDraft,
  setScope,
  applyPrompt,
  addChip,
  removeChip,
  newChat,
  openInChat,
  send,
  stop,
  regenerate,
  editQuestion,
  askAgainIn,
  answerInNewChat,
  copy: copyAnswer,
  select: openConversation,
  remove: deleteConversation,
} = store;
