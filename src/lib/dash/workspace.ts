import { atom, onMount, type ReadableAtom } from "nanostores";
import type { BrowserRepositoryOptions } from "./browserRepository";
import { featureKey, removeBackups } from "./browserStorage";
import { connectAtom } from "./connect";
import { repositoryFor, type PersistedRecords } from "./persisted";
import type { SyncSession } from "../sync/session";

export type WorkspaceState = { status: "closed" } | { status: "opening" | "open"; userId: string };

export interface WorkspaceDeps extends Omit<BrowserRepositoryOptions, "userId"> {
  features: readonly PersistedRecords[];
  /**
   * The signed-in user's id, or null. While anything reads `$workspace`, the workspace follows it: it opens for a
   * user, switches when another signs in, and closes on sign-out (here or in another tab).
   */
  $userId?: ReadableAtom<string | null>;
  /**
   * With Supabase: the user's sync session, whose repositories keep each feature's browser repository as a cache and
   * the records in the user's project. Null (or absent): the records live in this browser only.
   */
  openSync?: (userId: string) => Promise<SyncSession | null>;
}

/**
 * The signed-in user's workspace: opening it loads every feature's records into the stores and keeps them saved;
 * closing writes what is pending and detaches them, so the next user never sees the last one's records.
 */
export function createWorkspace({ features: initial, $userId, openSync, ...options }: WorkspaceDeps) {
  // Read from here rather than through $workspace.get(), which would mount the store (and follow $userId) again.
  let state: WorkspaceState = { status: "closed" };
  const $workspace = atom<WorkspaceState>(state);
  const setState = (next: WorkspaceState) => $workspace.set((state = next));
  /** Every feature: those listed at the start, then those a lazily loaded screen joined (join). */
  const features: PersistedRecords[] = [...initial];
  /** The open user's attachments: their sync session, and how each feature is detached. */
  let attached: { userId: string; sync: SyncSession | null; disconnects: (() => void)[] } | null = null;
  let opening: Promise<void> = Promise.resolve();

  const connect = (entry: PersistedRecords, userId: string, sync: SyncSession | null) => {
    const local = repositoryFor(entry, { ...options, userId });
    return connectAtom(entry.$records, sync ? sync.wrap(entry, local) : local);
  };

  const close = () => {
    const detach = attached;
    attached = null;
    detach?.disconnects.forEach((disconnect) => disconnect());
    detach?.sync?.stop();
    if (state.status !== "closed") setState({ status: "closed" });
  };

  const open = (userId: string): Promise<void> => {
    if (state.status !== "closed" && state.userId === userId) return opening;
    close();
    setState({ status: "opening", userId });
    opening = (async () => {
      // A sync session that cannot open (IndexedDB blocked) leaves the records in this browser, as without Supabase.
      const sync = openSync ? await openSync(userId).catch(() => null) : null;
      const disconnects = await Promise.all(features.map((entry) => connect(entry, userId, sync)));
      // Another user (or a sign-out) came first: this user's records must not stay attached.
      if (state.status !== "opening" || state.userId !== userId) {
        disconnects.forEach((disconnect) => disconnect());
        sync?.stop();
        return;
      }
      attached = { userId, sync, disconnects };
      sync?.start();
      setState({ status: "open", userId });
    })();
    return opening;
  };

  /**
   * Adds a feature whose store loads with its screen (Review), so no other screen loads its code: from then on it
   * opens with the others, and an open workspace loads its records now (with Supabase, read again from the server).
   */
  const join = async (entry: PersistedRecords): Promise<void> => {
    if (features.includes(entry)) return;
    features.push(entry);
    await opening;
    const now = attached;
    if (!now) return;
    const disconnect = await connect(entry, now.userId, now.sync);
    if (attached !== now) return disconnect();
    now.disconnects.push(disconnect);
    void now.sync?.refresh();
  };

  if ($userId) {
    onMount($workspace, () => {
      const stop = $userId.subscribe((userId) => (userId ? void open(userId) : close()));
      return () => {
        stop();
        close();
      };
    });
  }

  /**
   * Puts every feature back to its sample records and removes the open user's copies of unreadable values
   * ('Clear workspace data in this browser').
   */
  const reset = () => {
    for (const entry of features) {
      if (entry.sharded) entry.$records.set(entry.feature.samples());
      else entry.$records.set(entry.feature.samples());
    }
    if (state.status === "closed") return;
    const { userId } = state;
    removeBackups(
      options.storage,
      features.map((entry) => featureKey(userId, entry.feature.name)),
    );
  };

  return { $workspace, open, close, reset, join };
}
