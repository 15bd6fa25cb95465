import { atom, computed } from "nanostores";
import { localStorageOrNull } from "../../lib/storage";
import type { StorageNotice } from "../../lib/dash/repository";
import { createWorkspace } from "../../lib/dash/workspace";
import { reportError } from "../../lib/report";
import type { SenderState } from "../../lib/sync/sender";
import { openSyncSession, type SyncSession } from "../../lib/sync/session";
import { $remote } from "./remote";
import { supabaseProject } from "../../lib/supabaseProject";
import { $auth, authBackend } from "../auth";
import { showToast } from "../toasts";
import { casesRecords } from "./cases";
import { conversationsRecords } from "./conversations";
import { knowledgeRecords } from "./knowledge";
import { layoutRecords } from "./layout";
import { messagesRecords } from "./messages";
import { pendingRepliesRecords } from "./pendingReplies";
import { preferencesRecords } from "./preferences";
import { bulkImportsRecords, pruneUploads, uploadsFeature, uploadsRecords } from "./uploads";

export type { WorkspaceState } from "../../lib/dash/workspace";

export const storageNoticeCopy = {
  memoryOnly: {
    title: "Working in memory",
    description: "This browser is not letting the workspace save, so changes last only until you close this tab.",
  },
  restored: {
    title: "Some saved data could not be read",
    description: "It was kept aside in this browser and the sample data was restored.",
  },
} as const;

/**
 * Set when this visit could not read the stored uploads (copied aside, the samples restored) or could not reach
 * storage at all: the documents database then still holds the bytes of documents the records no longer list, which
 * are the user's own files, so nothing is pruned.
 */
let uploadsUnread = false;

const told = new Set<string>();
/** Tells the user about storage once per kind and page: blocked and full storage read the same to them. */
function tellOnce(notice: StorageNotice): void {
  if (notice.kind === "unavailable" || (notice.kind === "restored" && notice.feature === uploadsFeature.name)) uploadsUnread = true;
  const copy = notice.kind === "restored" ? storageNoticeCopy.restored : storageNoticeCopy.memoryOnly;
  if (told.has(copy.title)) return;
  told.add(copy.title);
  showToast({ ...copy, variant: notice.kind === "restored" ? "default" : "destructive" });
}

/** With Supabase: how many changes wait for the server, and whether it could not be reached (the header says so). */
export const $syncState = atom<SenderState>({ waiting: 0, offline: false });

/** With Supabase, the user's records are kept in their project too: the sync session of the signed-in user. */
async function openSync(userId: string): Promise<SyncSession | null> {
  const api = (await authBackend()).syncApi?.();
  if (!api) return null;
  const session = await openSyncSession(userId, api, {
    win: window,
    doc: document,
    storage: localStorageOrNull(),
    onError: (error) => reportError(error, "workspace"),
  });
  session.$state.subscribe((state) => $syncState.set(state));
  const remote = { userId, api, session };
  $remote.set(remote);
  return {
    ...session,
    stop() {
      if ($remote.get() === remote) $remote.set(null);
      session.stop();
    },
  };
}

/**
 * The workspace of the signed-in user, opened and closed by $auth: it follows sign-in, sign-out and a user switch
 * (here or in another tab) while anything reads `$workspace`. A persisted feature joins by exporting its
 * `persisted(...)` description from its store module and being listed in `features` here.
 */
const workspace = createWorkspace({
  features: [
    layoutRecords,
    conversationsRecords,
    messagesRecords,
    pendingRepliesRecords,
    knowledgeRecords,
    casesRecords,
    uploadsRecords,
    bulkImportsRecords,
    preferencesRecords,
  ],
  storage: typeof window === "undefined" ? null : localStorageOrNull(),
  win: typeof window === "undefined" ? undefined : window,
  onNotice: tellOnce,
  $userId: computed($auth, (auth) => auth.user?.id ?? null),
  ...(supabaseProject && typeof window !== "undefined" ? { openSync } : {}),
});

/** Whose records the stores hold: screens render only while it is open. */
export const $workspace = workspace.$workspace;
export const { reset: resetWorkspace, join: joinWorkspace } = workspace;

/**
 * Deletes what the user's documents database holds of documents deleted before (a delete cut off by a reload, or made
 * on another device), once their workspace is open. Stops as soon as it is not theirs any more, and never runs in a
 * visit whose stored uploads could not be read (`uploadsUnread`). Resolves to how many.
 */
export const pruneDocuments = (userId: string): Promise<number> =>
  pruneUploads(() => {
    if (uploadsUnread) return false;
    const state = $workspace.get();
    return state.status === "open" && state.userId === userId && $auth.get().user?.id === userId;
  }).catch(() => 0);
