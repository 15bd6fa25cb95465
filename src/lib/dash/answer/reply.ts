import { AssistantError, type AssistantClient, type AssistantPassage } from "../../assistant/client";
import { REPLY_DELAY_MS, type ComparePair, type ReplyContent, type ReplyRequest } from "../chat";
import { answerQuestion, citationOf, conversationCase, decideScope, type ScopeContext } from "./answer";
import type { Retriever, SearchResult } from "../../search/results";
import type { SearchScope } from "../../search/scope";

export interface ReplyWriterDeps {
  retriever: Retriever;
  context: () => ScopeContext;
  /** The model client when PUBLIC_ASSISTANT_URL is set, else null: answers then quote the passages. */
  model: () => AssistantClient | null;
  /** Waits, until the instant `until` at most, for the documents the scope can search that are still being read. */
  waitForIndex?: (scope: SearchScope, until: number) => Promise<void>;
  /** How many documents the scope can search are still being read, so were not searched. */
  stillReading?: (scope: SearchScope) => number;
  /** The answer to a question about a comparison's changes (a chat opened by 'Ask about these changes'). */
  aboutChanges?: (question: string, pair: ComparePair, request: Pick<ReplyRequest, "signal" | "onText">) => Promise<ReplyContent>;
}

export const assistantCopy = {
  fallback: "Here is what your sources say instead:",
  empty: "The assistant gave an empty answer.",
  reading: (n: number) =>
    n === 1
      ? "_One document is still being read and was not searched: ask again once it shows Indexed._"
      : `_${String(n)} documents are still being read and were not searched: ask again once they show Indexed._`,
  dropped: (n: number) =>
    n === 1
      ? "_One citation was removed: it named a passage the assistant was not given._"
      : `_${String(n)} citations were removed: they named passages the assistant was not given._`,
} as const;

/** A retrieved passage as the model is given it: numbered as the answer's citations are. */
export function modelPassage(result: SearchResult, index: number): AssistantPassage {
  const citation = citationOf(result);
  return {
    n: index + 1,
    title: citation.title,
    source: citation.source,
    ...(result.entry.kind === "page" ? { page: result.entry.page, document: result.entry.docId } : { item: result.entry.itemId }),
    text: result.snippet.text,
  };
}

/**
 * Writes an answer: the question is searched within its scope and chips; without a model the reply quotes the best
 * passages. With a model, it is given only those passages and streams its answer; a marker naming no passage it was
 * given is removed and said so; a failure or silence gives the message and the quoted passages, never nothing.
 */
export function createReplyWriter(deps: ReplyWriterDeps) {
  return async ({ question, history, signal, onText }: ReplyRequest): Promise<ReplyContent> => {
    // A chat opened from a comparison is answered from its changes, its first question's pair kept for the next ones.
    const pair = question.compare ?? history.findLast((m) => m.compare)?.compare;
    if (pair && deps.aboutChanges) return deps.aboutChanges(question.content, pair, { signal, onText });
    const context = deps.context();
    const decision = decideScope(question.scope, question.context ?? [], conversationCase(history, context), context);
    if (decision.kind === "search") await deps.waitForIndex?.(decision.scope, Date.parse(question.timestamp) + REPLY_DELAY_MS);
    const answered = await answerQuestion(question.content, decision, deps.retriever);
    signal.throwIfAborted();
    const unread = decision.kind === "search" ? (deps.stillReading?.(decision.scope) ?? 0) : 0;
    const reply = unread ? { ...answered.reply, content: `${answered.reply.content}\n\n${assistantCopy.reading(unread)}` } : answered.reply;
    const { passages } = answered;
    const model = passages.length ? deps.model() : null;
    if (!model) return reply;
    try {
      const { text, dropped } = await model.answer({ question: question.content, passages: passages.map(modelPassage), signal, onText });
      if (!text.trim()) return { ...reply, content: `${assistantCopy.empty} ${assistantCopy.fallback}\n\n${reply.content}` };
      return { ...reply, content: dropped.length ? `${text}\n\n${assistantCopy.dropped(dropped.length)}` : text };
    } catch (error) {
      signal.throwIfAborted();
      // Past the daily quota the reply says only that, then quotes the passages: no other error.
      if (error instanceof AssistantError && error.kind === "quota") return { ...reply, content: `${error.message}\n\n${reply.content}` };
      const message = error instanceof AssistantError ? error.message : "The assistant could not answer.";
      return { ...reply, content: `${message} ${assistantCopy.fallback}\n\n${reply.content}` };
    }
  };
}
