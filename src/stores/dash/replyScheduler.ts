import { atom, computed, type ReadableAtom, type WritableAtom } from "nanostores";
import {
  REPLY_DELAY_MS,
  type ChatMessage,
  type ChatScope,
  type PendingReplies,
  type PendingReply,
  type ReplyContent,
  type ReplyRequest,
} from "../../lib/dash/chat";
import type { Conversation } from "../../lib/dash/conversations";
import { withEntry, withoutEntry } from "../../lib/dash/parse";
import type { MessagesByConversation } from "./messages";

/** How long until a reply asked for at `since` (ISO) is due: REPLY_DELAY_MS (the specification's 2 s) after it, or now. */
export const replyDueIn = (since: string, now: Date): number => Math.max(0, Date.parse(since) + REPLY_DELAY_MS - now.getTime());

/** What the status region says of a reply, once per event; and what an answer says when the search failed. */
export const replyCopy = {
  typing: "Assistant is typing",
  ready: "Answer ready",
  stopped: "Reply stopped",
  searchFailed: "I could not search your documents just now, so I have no answer to give. Please try again in a moment.",
} as const;

/** What the replies read and write: the conversations, their messages and pending replies, the clock, the writer. */
export interface ReplyDeps {
  $conversations: ReadableAtom<Conversation[]>;
  $messages: WritableAtom<MessagesByConversation>;
  $activeId: ReadableAtom<string | null>;
  /** The replies being "written", by conversation: persisted, so a reload continues them. */
  $pending: WritableAtom<PendingReplies>;
  now: () => Date;
  /**
   * Writes the answer to a question from the user's own sources (and, with a model configured, streams it through
   * `onText`). Rejects only when it was aborted or could not search at all.
   */
  reply: (request: ReplyRequest) => Promise<ReplyContent>;
}

/** The replies' deps, and what the chat adds: moving a conversation up, and its scope. */
export interface ReplySchedulerDeps extends ReplyDeps {
  touch: (id: string) => void;
  /** The scope of an answer whose question cannot be found: the chat's. */
  scope: () => ChatScope;
}

/**
 * The assistant's replies: a pending reply is written at once and lands in its conversation once it is written and
 * its 2 s (REPLY_DELAY_MS after it was asked for) have passed, whichever is later; a cancelled one is aborted.
 */
export function createReplyScheduler(deps: ReplySchedulerDeps) {
  const { $pending } = deps;
  /** What the polite status region says: set once per event, never word by word. */
  const $announcement = atom("");
  /** The answer so far of each conversation whose reply a model is streaming. */
  const $streaming = atom<ReadonlyMap<string, string>>(new Map());
  const jobs = new Map<string, { since: string; timer: ReturnType<typeof setTimeout>; controller: AbortController }>();

  const setStreaming = (id: string, text: string | undefined) =>
    $streaming.set(text === undefined ? withoutEntry($streaming.get(), id) : withEntry($streaming.get(), id, text));
  const setPending = (id: string, reply: PendingReply | undefined) =>
    $pending.set(reply ? withEntry($pending.get(), id, reply) : withoutEntry($pending.get(), id));
  const putMessages = (id: string, list: ChatMessage[]) => deps.$messages.set(withEntry(deps.$messages.get(), id, list));

  /** The reply lands in the conversation it was asked in, whichever one is open by then. */
  const deliver = (id: string, reply: PendingReply, content: ReplyContent) => {
    // Stopped, or answered already (by another tab of this user): nothing to add.
    if ($pending.get().get(id)?.since !== reply.since) return;
    setPending(id, undefined);
    if (!deps.$conversations.get().some((c) => c.id === id)) return;
    const list = deps.$messages.get().get(id) ?? [];
    const timestamp = deps.now().toISOString();
    const scope = [...list].reverse().find((m) => m.role === "user")?.scope ?? deps.scope();
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
    deps.touch(id);
    if (deps.$activeId.get() === id) $announcement.set(replyCopy.ready);
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
    const timer = setTimeout(() => {
      due = true;
      finish();
    }, replyDueIn(reply.since, deps.now()));
    jobs.set(id, { since: reply.since, timer, controller });
    const upTo = questionOf(id, reply);
    const question = upTo?.at(-1);
    const request = upTo && question
      ? deps.reply({ question, history: upTo.slice(0, -1), signal: controller.signal, onText: (text) => !controller.signal.aborted && setStreaming(id, text) })
      : Promise.resolve<ReplyContent>({ content: replyCopy.searchFailed });
    request.then(
      (content) => {
        written = content;
        finish();
      },
      () => {
        if (controller.signal.aborted) return;
        written = { content: replyCopy.searchFailed };
        finish();
      },
    );
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

  return {
    $announcement,
    $activePending: computed([deps.$activeId, $pending], (id, pending) => (id ? pending.get(id) : undefined)),
    $activeStreaming: computed([deps.$activeId, $streaming], (id, streaming) => (id ? streaming.get(id) : undefined)),
    /** Makes a reply pending in conversation `id`: its writing starts now. */
    schedule(id: string, reply: PendingReply): void {
      setPending(id, reply);
      $announcement.set(replyCopy.typing);
    },
    /** Cancels conversation `id`'s pending reply, aborting its writing. */
    cancel: (id: string) => setPending(id, undefined),
    /** Stops the open conversation's pending reply (Stop, or Escape in the input). */
    stop(): void {
      const id = deps.$activeId.get();
      if (!id || !$pending.get().has(id)) return;
      setPending(id, undefined);
      $announcement.set(replyCopy.stopped);
    },
  };
}
