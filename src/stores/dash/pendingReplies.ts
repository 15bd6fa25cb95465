import { atom } from "nanostores";
import { parsePendingReplies, storedPendingReplies, type PendingReplies } from "../../lib/dash/chat";
import { persisted } from "../../lib/dash/persisted";
import type { FeatureDefinition } from "../../lib/dash/repository";

export const pendingRepliesFeature: FeatureDefinition<PendingReplies> = {
  name: "pending-replies",
  version: 1,
  samples: () => new Map(),
  parse: parsePendingReplies,
  toStored: storedPendingReplies,
};

/** The signed-in user's replies being "written", by conversation: persisted, so a reload continues them. */
export const $pendingReplies = atom<PendingReplies>(new Map());

export const pendingRepliesRecords = persisted($pendingReplies, pendingRepliesFeature);
