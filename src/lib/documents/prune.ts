import type { DocumentsDb } from "./db";

/**
 * Deletes what the user's database still holds of documents that have no record any more: a delete cut off by the
 * page closing (the record goes first, at once), or one made on another device. Only while `owns` says the records
 * are this database's user's. A record is always added before its bytes are written, so nothing being kept is lost.
 * Says how many documents it deleted.
 */
export async function pruneDocuments(db: DocumentsDb, hasRecord: (id: string) => boolean, owns: () => boolean): Promise<number> {
  let pruned = 0;
  for (const id of await db.documentIds()) {
    if (!owns() || hasRecord(id)) continue;
    await db.deleteDocument(id);
    pruned += 1;
  }
  return pruned;
}
