import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from "idb";

/** A workspace table's row as the server stores it (snake_case columns, owner_id left to the server). */
export type Row = Record<string, unknown>;
/** The columns that name one of a user's rows (owner_id aside): { id } or { conversation_id, id }. */
export type RowKey = Record<string, string | number>;

/** One change of one record, as apply_changes takes it. */
export type Change = { table: string; op: "upsert"; key: RowKey; row: Row } | { table: string; op: "delete"; key: RowKey };

/** A change waiting in the outbox: `seq` tells a later change of the same record from the one that was sent. */
export interface QueuedChange {
  /** The record: table and key. */
  id: string;
  seq: number;
  change: Change;
}

interface OutboxSchema extends DBSchema {
  changes: { key: string; value: QueuedChange; indexes: { seq: number } };
}

/** The outbox of one user: a database of their own, beside their documents' one. */
export const outboxDbName = (userId: string): string => `paphos-outbox/${encodeURIComponent(userId)}`;

/** The record a change is about: its table and key, the same however the key's columns are ordered. */
export function recordId(table: string, key: RowKey): string {
  return `${table}|${JSON.stringify(Object.entries(key).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
}

/**
 * The changes a user made that the server has not confirmed yet, kept in IndexedDB so they survive a reload or a
 * closed tab. One change of each record waits: a later upsert is merged over the earlier one (its columns win), a
 * delete replaces whatever waited. Sending is someone else's job (sender.ts); this only keeps.
 */
export interface Outbox {
  /** Queues changes, each merged into (upsert) or replacing (delete) the one still waiting for its record. */
  put(changes: readonly Change[]): Promise<void>;
  /** The waiting changes, oldest first, at most `limit`. */
  take(limit: number): Promise<QueuedChange[]>;
  /** Forgets sent changes, except a record changed again since it was taken (its newer change still waits). */
  done(sent: readonly QueuedChange[]): Promise<void>;
  /** How many records have a change waiting. */
  count(): Promise<number>;
  /** The keys of the records of `table` that have a change waiting (their keys alone: a page's text is not read). */
  waitingKeys(table: string): Promise<RowKey[]>;
  close(): void;
}

/** Opens the outbox of `userId`. */
export async function openOutbox(userId: string): Promise<Outbox> {
  let closed = false;
  const db: IDBPDatabase<OutboxSchema> = await openDB<OutboxSchema>(outboxDbName(userId), 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore("changes", { keyPath: "id" }).createIndex("seq", "seq");
    },
    blocking() {
      // It is being deleted (Clear workspace data, or Sign Out removing this browser's copy): let it, and keep nothing.
      closed = true;
      db.close();
    },
  });
  /** Sequence numbers keep rising across reloads: the next is one past the largest waiting. */
  const last = await db.transaction("changes").store.index("seq").openCursor(null, "prev");
  let seq = last?.value.seq ?? 0;
  /** After close (sign-out, another user), a late call finds nothing and keeps nothing, rather than failing. */
  const open = <T>(closedValue: T, run: () => Promise<T>): Promise<T> => (closed ? Promise.resolve(closedValue) : run());

  return {
    put: (changes) =>
      open(undefined, async () => {
        const tx = db.transaction("changes", "readwrite");
        for (const change of changes) {
          const id = recordId(change.table, change.key);
          const waiting = (await tx.store.get(id))?.change;
          // Two upserts of one record merge (two features may each write their own columns of a row); a delete wins.
          const merged: Change = waiting?.op === "upsert" && change.op === "upsert" ? { ...change, row: { ...waiting.row, ...change.row } } : change;
          await tx.store.put({ id, seq: (seq += 1), change: merged });
        }
        await tx.done;
      }),
    take: (limit) =>
      open<QueuedChange[]>([], async () => {
        const taken: QueuedChange[] = [];
        let cursor = await db.transaction("changes").store.index("seq").openCursor();
        while (cursor && taken.length < limit) {
          taken.push(cursor.value);
          cursor = await cursor.continue();
        }
        return taken;
      }),
    done: (sent) =>
      open(undefined, async () => {
        const tx = db.transaction("changes", "readwrite");
        for (const item of sent) {
          const current = await tx.store.get(item.id);
          if (current?.seq === item.seq) await tx.store.delete(item.id);
        }
        await tx.done;
      }),
    count: () => open(0, () => db.count("changes")),
    waitingKeys: (table) =>
      open<RowKey[]>([], async () => {
        // A record's id is its table, '|', then its key's entries as JSON (recordId): one table's ids sort together.
        const ids = await db.getAllKeys("changes", IDBKeyRange.bound(`${table}|`, `${table}|\uffff`));
        return ids.map((id) => Object.fromEntries(JSON.parse(id.slice(table.length + 1)) as [string, string | number][]));
      }),
    close: () => {
      closed = true;
      db.close();
    },
  };
}

/** Deletes a user's outbox (Clear workspace data removes what would otherwise be sent later). */
export function deleteOutbox(userId: string): Promise<void> {
  return deleteDB(outboxDbName(userId));
}
