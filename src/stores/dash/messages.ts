import { atom } from "nanostores";
import { parseMessages, type ChatMessage } from "../../lib/dash/chat";
import { persistedShards } from "../../lib/dash/persisted";
import type { ShardedFeatureDefinition } from "../../lib/dash/repository";
import { sampleMessages } from "../../dash/data/conversations";

/** Every conversation's messages, one record per conversation (a new message saves only its conversation). */
export type MessagesByConversation = Record<string, ChatMessage[]>;

export const messagesFeature: ShardedFeatureDefinition<ChatMessage[]> = {
  name: "messages",
  version: 1,
  samples: sampleMessages,
  parseShard: parseMessages,
};

/** The signed-in user's messages by conversation id. */
export const $messages = atom<MessagesByConversation>({});

export const messagesRecords = persistedShards($messages, messagesFeature);
