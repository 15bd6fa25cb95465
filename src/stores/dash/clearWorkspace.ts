import { showToast } from "../toasts";
import { clearUserDocumentsDb } from "./documentsDb";
import { discardPreferences } from "./preferences";
import { forgetSearchIndex } from "./searchWorker";
import { stopReading } from "./uploads";
import { resetWorkspace } from "./workspace";
import { $remote } from "./remote";
import { reportError } from "../../lib/report";
import { localStorageOrNull } from "../../lib/storage";
import { removeUserKeys } from "../../lib/dash/browserStorage";
import { deleteDocumentsDb } from "../../lib/documents/db";
import { reviewsDbName } from "../../lib/documents/dbName";
import { deleteDB } from "idb";
import { deleteOutbox } from "../../lib/sync/outbox";
import { journalKey } from "../../lib/sync/session";
import { $auth, signOutAndLeave } from "../auth";

export const clearedToast = { title: "Workspace data cleared", description: "The sample data is back." } as const;

/**
 * 'Clear workspace data in this browser': every feature back to its samples, unsaved edits dropped, the documents
 * being read forgotten and the user's documents database (files and page text) deleted, confirmed.
 */
export function clearWorkspaceData(): void {
  // With Supabase, the records' reset reaches the project as changes (rows deleted, the samples' rows back); the
  // originals in the user's bucket are removed here.
  const remote = $remote.get();
  if (remote) {
    void remote.api
      .listFiles()
      .then((paths) => remote.api.removeFiles(paths))
      .catch((error: unknown) => reportError(error, "workspace"));
  }
  stopReading();
  forgetSearchIndex();
  void clearUserDocumentsDb();
  resetWorkspace();
  discardPreferences();
  showToast(clearedToast);
}

/** How long deleting the user's databases may take before the page goes home anyway (a connection that never lets go). */
const REMOVE_TIMEOUT_MS = 10_000;

/**
 * With Supabase: how many records have changes that have not reached the firm's project, the edits made so far
 * queued first. Null without Supabase, where nothing is sent anywhere.
 */
export async function changesWaiting(): Promise<number | null> {
  const remote = $remote.get();
  return remote ? remote.session.waiting() : null;
}

/**
 * Deletes every store this browser holds of one user: their documents database (bytes, pages and the search index),
 * their reviews database, their outbox, their workspace's localStorage keys (records, shards, copies of unreadable values) and their sync
 * journal. Called once they are signed out, so their workspace is closed and writes nothing back.
 */
export async function removeBrowserCopy(userId: string, storage: Storage | null = localStorageOrNull()): Promise<void> {
  const journal = [journalKey(userId)];
  removeUserKeys(storage, userId, journal);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([deleteDocumentsDb(userId), deleteOutbox(userId), deleteDB(reviewsDbName(userId))]),
    new Promise((resolve) => (timer = setTimeout(resolve, REMOVE_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  // What the closing workspace wrote meanwhile (its last changes into the journal) goes too.
  removeUserKeys(storage, userId, journal);
}

/** Sign Out with 'Also remove this browser's copy of my workspace': reading and the search index stop, then the copy goes. */
export async function signOutAndRemoveCopy(): Promise<void> {
  const userId = $auth.get().user?.id;
  stopReading();
  forgetSearchIndex();
  await signOutAndLeave(userId ? () => removeBrowserCopy(userId) : undefined);
}
