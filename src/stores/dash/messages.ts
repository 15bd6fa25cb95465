import { atom } from "nanostores";
import { parseMessages, type ChatMessage } from "../../lib/dash/chat";
import { persistedShards } from "../../lib/dash/persisted";
import type { ShardedFeatureDefinition } from "../../lib/dash/repository";
import { sampleMessages } from "../../lib/dash/samples/conversations";

/**
 * Every conversation's messages, one record per conversation (a new message saves only its conversation). A Map:
 * a conversation id such as `constructor` or `__proto__` is an ordinary key, never a name of Object.prototype.
 */
export type MessagesByConversation = ReadonlyMap<string, ChatMessage[]>;

export const messagesFeature: ShardedFeatureDefinition<ChatMessage[]> = {
  name: "messages",
  version: 1,
  samples: sampleMessages,
  parseShard: parseMessages,
};

/** The signed-in user's messages by conversation id. */
export const $messages = atom<MessagesByConversation>(new Map());

export const messagesRecords = persistedShards($messages, messagesFeature);
