import { atom, computed, type WritableAtom } from "nanostores";
import { createConversationSearch } from "../../lib/dash/conversationSearch";
import {
  cleanTitle,
  groupConversations,
  parseConversations,
  type Conversation,
} from "../../lib/dash/conversations";
import { withoutEntry } from "../../lib/dash/parse";
import { persisted } from "../../lib/dash/persisted";
import type { FeatureDefinition } from "../../lib/dash/repository";
import { sampleConversations } from "../../lib/dash/samples/conversations";
import { $messages, type MessagesByConversation } from "./messages";

export const conversationsFeature: FeatureDefinition<Conversation[]> = {
  name: "conversations",
  version: 1,
  samples: sampleConversations,
  parse: parseConversations,
};

export interface ConversationsDeps {
  $conversations: WritableAtom<Conversation[]>;
  $messages: WritableAtom<MessagesByConversation>;
  now: () => Date;
  newId: () => string;
}

/** The sidebar's conversations: create, select, pin, rename, delete and search, over the two record atoms. */
export function createConversationsStore({ $conversations, $messages, now, newId }: ConversationsDeps) {
  /** The conversation the chat shows, or null for a new chat. */
  const $activeId = atom<string | null>(null);
  /** What is typed in 'Search chats...'. */
  const $search = atom("");
  const { search, prepare } = createConversationSearch();
  /** Pinned and Recent, newest first, filtered by the search. */
  const $groups = computed([$conversations, $messages, $search], (list, messages, query) =>
    groupConversations(search(list, messages, query)),
  );

  const update = (id: string, change: (c: Conversation) => Conversation) =>
    $conversations.set($conversations.get().map((c) => (c.id === id ? change(c) : c)));

  return {
    $activeId,
    $search,
    $groups,
    /** Shows a new, empty chat. */
    clearActive: () => $activeId.set(null),
    /** Opens a conversation in the chat. */
    select: (id: string) => $activeId.set($conversations.get().some((c) => c.id === id) ? id : null),
    /** Adds a conversation, makes it the active one, and returns its id. */
    create(title: string): string {
      const id = newId();
      $conversations.set([{ id, title, pinned: false, updatedAt: now().toISOString() }, ...$conversations.get()]);
      $activeId.set(id);
      return id;
    },
    /** Moves a conversation's updatedAt to now (a message came). */
    touch: (id: string) => update(id, (c) => ({ ...c, updatedAt: now().toISOString() })),
    togglePin: (id: string) => update(id, (c) => ({ ...c, pinned: !c.pinned })),
    /** Renames a conversation; false (and nothing changes) when the title is blank. */
    rename(id: string, text: string): boolean {
      const title = cleanTitle(text);
      if (title === null) return false;
      update(id, (c) => ({ ...c, title }));
      return true;
    },
    /** Deletes a conversation and its messages; the chat clears when it was the active one. */
    remove(id: string): void {
      $conversations.set($conversations.get().filter((c) => c.id !== id));
      $messages.set(withoutEntry($messages.get(), id));
      if ($activeId.get() === id) $activeId.set(null);
    },
    setSearch: (query: string) => $search.set(query),
    /** Readies the search index before the first keystroke. */
    prepareSearch: () => prepare($messages.get()),
  };
}

/** The signed-in user's conversations. */
export const $conversations = atom<Conversation[]>([]);
export const conversationsRecords = persisted($conversations, conversationsFeature);

const store = createConversationsStore({
  $conversations,
  $messages,
  now: () => new Date(),
  newId: () => crypto.randomUUID(),
});

export const { $activeId, $search, $groups } = store;
export const { clearActive, select: selectConversation, togglePin, rename: renameConversation, setSearch, prepareSearch } = store;
/** Creates, touches and deletes conversations: for the chat store. */
export const conversationActions = store;
