import { deleteDocumentsDb, openDocumentsDb, type DocumentsDb } from "../../lib/documents/db";
import { $auth } from "../auth";

let current: { userId: string; db: Promise<DocumentsDb> } | null = null;

const closeCurrent = () => {
  const closing = current;
  current = null;
  void closing?.db.then((db) => db.close(), () => undefined);
};

/**
 * The signed-in user's documents database (bytes and page text in IndexedDB, one database per user id), opened on
 * first use and closed when another user signs in, so one user's documents are never read for another.
 */
export function userDocumentsDb(): Promise<DocumentsDb> {
  const userId = $auth.get().user?.id;
  if (!userId) return Promise.reject(new Error("No one is signed in"));
  if (current?.userId !== userId) {
    closeCurrent();
    const db = openDocumentsDb(userId);
    current = { userId, db };
    // A database that could not open is tried again on the next use.
    db.catch(() => {
      if (current?.db === db) current = null;
    });
  }
  return current.db;
}

/** Deletes the signed-in user's documents database ('Clear workspace data'). */
export async function clearUserDocumentsDb(): Promise<void> {
  const userId = $auth.get().user?.id;
  closeCurrent();
  if (userId) await deleteDocumentsDb(userId).catch(() => undefined);
}

/** How much this browser holds for the site and how much room is left, when the browser says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  return estimate?.usage !== undefined && estimate.quota !== undefined ? { usage: estimate.usage, quota: estimate.quota } : null;
}

let askedToPersist = false;
/** Asks once per visit that the browser keep the workspace's storage rather than evict it under pressure. */
export function askToPersist(): void {
  if (askedToPersist) return;
  askedToPersist = true;
  void navigator.storage?.persist?.().catch(() => false);
}
