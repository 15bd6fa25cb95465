import { atom } from "nanostores";
import type { BrowserRepositoryOptions } from "./browserRepository";
import { connectAtom } from "./connect";
import { repositoryFor, type PersistedRecords } from "./persisted";

export type WorkspaceState = { status: "closed" } | { status: "opening" | "open"; userId: string };

export interface WorkspaceDeps extends Omit<BrowserRepositoryOptions, "userId"> {
  features: readonly PersistedRecords[];
}

/**
 * The signed-in user's workspace: opening it loads every feature's records into the stores and keeps them saved;
 * closing writes what is pending and detaches them, so the next user never sees the last one's records.
 */
export function createWorkspace({ features, ...options }: WorkspaceDeps) {
  const $workspace = atom<WorkspaceState>({ status: "closed" });
  let disconnectAll: (() => void) | null = null;
  let opening: Promise<void> = Promise.resolve();

  const close = () => {
    disconnectAll?.();
    disconnectAll = null;
    $workspace.set({ status: "closed" });
  };

  const open = (userId: string): Promise<void> => {
    const state = $workspace.get();
    if (state.status !== "closed" && state.userId === userId) return opening;
    close();
    $workspace.set({ status: "opening", userId });
    const connecting = features.map((entry) => connectAtom(entry.$records, repositoryFor(entry, { ...options, userId })));
    opening = Promise.all(connecting).then((disconnects) => {
      const detach = () => disconnects.forEach((disconnect) => disconnect());
      const current = $workspace.get();
      // Another user (or a sign-out) came first: this user's records must not stay attached.
      if (current.status !== "opening" || current.userId !== userId) return detach();
      disconnectAll = detach;
      $workspace.set({ status: "open", userId });
    });
    return opening;
  };

  /** Puts every feature back to its sample records ('Clear workspace data in this browser'). */
  const reset = () => {
    for (const entry of features) {
      if (entry.sharded) entry.$records.set(entry.feature.samples());
      else entry.$records.set(entry.feature.samples());
    }
  };

  return { $workspace, open, close, reset };
}
