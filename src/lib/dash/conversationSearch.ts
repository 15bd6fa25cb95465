import type { ChatMessage } from "./chat";
import type { Conversation } from "./conversations";

/** Lower-case text without accents, so a search ignores both ("limassol" finds "Limassol", "andreou" finds "Andréou"). */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Most legal English is plain ASCII: only text with other letters pays for Unicode normalisation.
  return /[\u0080-\uffff]/.test(lower) ? lower.normalize("NFD").replace(/[\u0300-\u036f]/g, "") : lower;
}

/**
 * Search over conversation titles and message text, fast enough to run on every keystroke with a thousand
 * conversations of twenty messages: each conversation's message text is folded once and cached by the identity
 * of its message list (a new message replaces only that list), and a query that extends the last one searches
 * only the last one's matches.
 */
export function createConversationSearch() {
  const folded = new WeakMap<readonly ChatMessage[], string>();
  let last: { query: string; pool: readonly Conversation[]; messages: ReadonlyMap<string, readonly ChatMessage[]>; hits: Conversation[] } | null =
    null;

  const textOf = (messages: readonly ChatMessage[] | undefined): string => {
    if (!messages) return "";
    let text = folded.get(messages);
    if (text === undefined) {
      text = foldText(messages.map((m) => m.content).join("\n"));
      folded.set(messages, text);
    }
    return text;
  };

  /** Folds every conversation's text ahead of the first keystroke (the search box got focus). */
  const prepare = (messages: ReadonlyMap<string, readonly ChatMessage[]>): void => {
    for (const list of messages.values()) textOf(list);
  };

  /** The conversations whose title or messages contain the query (all of them for a blank query), in their order. */
  const search = (
    conversations: readonly Conversation[],
    messages: ReadonlyMap<string, readonly ChatMessage[]>,
    query: string,
  ): Conversation[] => {
    const needle = foldText(query.trim());
    if (!needle) {
      last = null;
      return [...conversations];
    }
    // Typing one more letter can only narrow the matches, as long as nothing else changed.
    const narrowing = last !== null && last.pool === conversations && last.messages === messages && needle.startsWith(last.query);
    const candidates = narrowing && last ? last.hits : conversations;
    const hits = candidates.filter((c) => foldText(c.title).includes(needle) || textOf(messages.get(c.id)).includes(needle));
    last = { query: needle, pool: conversations, messages, hits };
    return hits;
  };
  return { search, prepare };
}
