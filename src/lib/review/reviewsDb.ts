import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { coalescing, type BrowserRepositoryOptions } from "../dash/browserRepository";
import { GuardedStorage, featureKey, parseEnvelope } from "../dash/browserStorage";
import type { FeatureDefinition, Repository, ShardedFeatureDefinition } from "../dash/repository";
import { reviewsDbName } from "../documents/dbName";
import { cellKey, type ReviewCell } from "./review";

/**
 * Review's records in IndexedDB (through idb, as the documents), one database per signed-in user: the reviews list as
 * one record, and every cell a record of its own keyed by review, document and question, so a mark or a batch of
 * answers writes only the cells it changed, and 30,000 cells are no weight (localStorage held 5-10 MB in all).
 * Reviews kept in localStorage before (one key for the list, one per review's cells) move here on first load: written
 * here first, then removed there, so nothing is lost and no review data stays in localStorage. The database is
 * `reviewsDbName(user id)`, apart from the documents' own so neither's version waits on the other's.
 */

/** A cell as stored: the cell and its review. */
export interface StoredCell extends ReviewCell {
  reviewId: string;
}

interface ReviewsSchema extends DBSchema {
  /** The reviews list under its feature's name (a versioned envelope), and copies of unreadable values set aside. */
  records: { key: string; value: { v: number; data: unknown } };
  cells: { key: [string, string, string]; value: StoredCell; indexes: { byReview: string } };
}

type Db = IDBPDatabase<ReviewsSchema>;

/** Opens the user's database on first use, and again after another connection needed it closed (deleted, upgraded). */
function connection(userId: string): () => Promise<Db> {
  let db: Promise<Db> | null = null;
  return () => {
    if (db) return db;
    const opening = openDB<ReviewsSchema>(reviewsDbName(userId), 1, {
      upgrade(database) {
        database.createObjectStore("records");
        database.createObjectStore("cells", { keyPath: ["reviewId", "docId", "columnId"] }).createIndex("byReview", "reviewId");
      },
      blocking: (_current, _next, event) => {
        (event.target as IDBDatabase).close();
        if (db === opening) db = null;
      },
      terminated: () => {
        if (db === opening) db = null;
      },
    });
    db = opening;
    opening.catch(() => {
      if (db === opening) db = null;
    });
    return opening;
  };
}

/** Every key of localStorage starting with `prefix`; none when it cannot be read. */
function keysStartingWith(storage: Storage | null, prefix: string): string[] {
  try {
    const keys: string[] = [];
    for (let i = 0; storage && i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/** The key under which an unreadable value is kept aside in the database (never dropped). */
const asideKey = (key: string, now: Date) => `${key}/backup/${now.toISOString()}`;

/** What one feature's repository here shares: the database, the notices, the other tabs, coalesced writes. */
function base<T>(name: string, options: BrowserRepositoryOptions, write: (db: Db, value: T) => Promise<string[]>, reread: (db: Db, ids: readonly string[]) => Promise<T | undefined>) {
  const { onNotice = () => undefined } = options;
  const open = connection(options.userId);
  const storage = new GuardedStorage(options.storage, () => undefined);
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(reviewsDbName(options.userId));
  let failed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    onNotice({ kind: error instanceof DOMException && error.name === "QuotaExceededError" ? "full" : "unavailable" });
  };
  let writing: Promise<void> = Promise.resolve();
  const rest = coalescing<T>(
    options,
    (value) => {
      writing = writing
        .then(async () => {
          if (failed) return;
          const ids = await write(await open(), value);
          if (ids.length > 0) channel?.postMessage({ feature: name, ids });
        })
        .catch(fail);
    },
    () => undefined,
  );
  const onMessage = (event: MessageEvent<{ feature?: string; ids?: string[] }>) => {
    if (event.data.feature !== name || !Array.isArray(event.data.ids)) return;
    const ids = event.data.ids;
    writing = writing
      .then(async () => {
        const value = await reread(await open(), ids);
        if (value !== undefined) rest.notify(value);
      })
      .catch(fail);
  };
  channel?.addEventListener("message", onMessage);
  return {
    ...rest,
    open,
    storage,
    fail,
    /** Resolves once every write asked for so far is done (tests). */
    written: () => writing,
    close() {
      rest.close();
      channel?.removeEventListener("message", onMessage);
      // The last writes are under way: the channel closes after them so the other tabs still hear of them.
      void writing.then(() => channel?.close());
    },
  };
}

/** A single-record feature (the reviews list) kept as one record of the user's reviews database. */
export function createReviewsRepository<T>(feature: FeatureDefinition<T>, options: BrowserRepositoryOptions): Repository<T> & { written: () => Promise<void> } {
  const { now = () => new Date() } = options;
  const { toStored = (records: T) => records } = feature;
  const legacyKey = featureKey(options.userId, feature.name);
  const readStored = async (db: Db): Promise<T | undefined> => {
    const stored = await db.get("records", feature.name);
    const parsed = stored?.v === feature.version ? feature.parse(stored.data) : null;
    return parsed ?? undefined;
  };
  const repo = base<T>(
    feature.name,
    options,
    async (db, value) => {
      const tx = db.transaction("records", "readwrite");
      await Promise.all([tx.store.put({ v: feature.version, data: toStored(value) }, feature.name), tx.done]);
      return [feature.name];
    },
    readStored,
  );
  return {
    ...repo,
    async load() {
      const db = await repo.open().catch((error: unknown) => (repo.fail(error), null));
      if (!db) return feature.samples();
      const raw = repo.storage.read(legacyKey);
      if (raw !== null) {
        // Before issue 44 the list was in localStorage: it moves here (or is kept aside here when unreadable), then goes.
        const legacy = parseEnvelope(raw, feature.version, feature.parse);
        const tx = db.transaction("records", "readwrite");
        const here = await tx.store.get(feature.name);
        if (legacy.status === "ok" && !here) await tx.store.put({ v: feature.version, data: toStored(legacy.data) }, feature.name);
        if (legacy.status === "unreadable") await tx.store.put({ v: 0, data: raw }, asideKey(feature.name, now()));
        await tx.done;
        repo.storage.remove(legacyKey);
      }
      const stored = await db.get("records", feature.name);
      if (!stored) return feature.samples();
      const parsed = await readStored(db);
      if (parsed !== undefined) return parsed;
      // Unreadable here: kept aside in the database, and the samples (no reviews) shown.
      await db.put("records", stored, asideKey(feature.name, now()));
      options.onNotice?.({ kind: "restored", feature: feature.name, backupKey: asideKey(feature.name, now()) });
      return feature.samples();
    },
  };
}

/** The cells of some reviews, read from the database: each review's valid cells (an invalid one is left out). */
async function cellsOf(db: Db, reviewIds: readonly string[] | null, parseShard: (data: unknown) => ReviewCell[] | null): Promise<Map<string, ReviewCell[]>> {
  const stored = reviewIds === null ? await db.getAll("cells") : (await Promise.all(reviewIds.map((id) => db.getAllFromIndex("cells", "byReview", id)))).flat();
  const byReview = new Map<string, unknown[]>(reviewIds?.map((id) => [id, []]));
  for (const { reviewId, ...cell } of stored) {
    const list = byReview.get(reviewId) ?? [];
    list.push(cell);
    byReview.set(reviewId, list);
  }
  const records = new Map<string, ReviewCell[]>();
  for (const [id, cells] of byReview) {
    const parsed = parseShard(cells);
    if (parsed) records.set(id, parsed);
  }
  return records;
}

/** Every cell of review `id` in the cells store (a key range on its first part). */
const reviewRange = (id: string) => IDBKeyRange.bound([id], [id, []]);

/**
 * Each review's cells (a sharded feature: review id to its cells), every cell a record of the user's reviews database.
 * A save writes only the cells that changed since the last (compared by identity, as the stores never change a cell
 * in place) and deletes the reviews that went.
 */
export function createReviewCellsRepository(
  feature: ShardedFeatureDefinition<ReviewCell[]>,
  options: BrowserRepositoryOptions,
): Repository<ReadonlyMap<string, ReviewCell[]>> & { written: () => Promise<void> } {
  const { now = () => new Date() } = options;
  const legacyIndex = featureKey(options.userId, feature.name);
  const legacyShards = `${legacyIndex}/shard/`;
  let saved: ReadonlyMap<string, ReviewCell[]> = new Map();

  const repo = base<ReadonlyMap<string, ReviewCell[]>>(
    feature.name,
    options,
    async (db, value) => {
      const previous = saved;
      saved = value;
      const puts: StoredCell[] = [];
      const deletes: [string, string, string][] = [];
      const changed: string[] = [];
      for (const [id, cells] of value) {
        const before = previous.get(id);
        if (before === cells) continue;
        changed.push(id);
        const old = new Map((before ?? []).map((c) => [cellKey(c.docId, c.columnId), c]));
        for (const cell of cells) {
          const key = cellKey(cell.docId, cell.columnId);
          if (old.get(key) !== cell) puts.push({ ...cell, reviewId: id });
          old.delete(key);
        }
        for (const cell of old.values()) deletes.push([id, cell.docId, cell.columnId]);
      }
      const gone = [...previous.keys()].filter((id) => !value.has(id));
      if (puts.length + deletes.length + gone.length === 0) return [];
      const tx = db.transaction("cells", "readwrite");
      const requests = [...puts.map((cell) => tx.store.put(cell)), ...deletes.map((key) => tx.store.delete(key)), ...gone.map((id) => tx.store.delete(reviewRange(id)))];
      // Committed at once: a page closed right after a mark still keeps it.
      tx.commit();
      await Promise.all([...requests, tx.done]);
      return [...changed, ...gone];
    },
    async (db, ids) => {
      const read = await cellsOf(db, ids, feature.parseShard);
      const next = new Map(saved);
      for (const id of ids) {
        const cells = read.get(id);
        if (cells && cells.length > 0) next.set(id, cells);
        else next.delete(id);
      }
      return (saved = next);
    },
  );

  /** Moves the cells kept in localStorage before issue 44 here (an unreadable review kept aside here), then removes them there. */
  async function moveFromLocalStorage(db: Db): Promise<void> {
    const keys = keysStartingWith(options.storage, `${legacyIndex}/shard/`).filter((key) => !key.includes("/backup/"));
    const hasIndex = repo.storage.read(legacyIndex) !== null;
    if (keys.length === 0 && !hasIndex) return;
    const tx = db.transaction(["cells", "records"], "readwrite");
    const cells = tx.objectStore("cells");
    for (const key of keys) {
      const id = key.slice(legacyShards.length);
      const raw = repo.storage.read(key);
      if (raw === null) continue;
      const shard = parseEnvelope(raw, feature.version, feature.parseShard);
      if (shard.status !== "ok") {
        await tx.objectStore("records").put({ v: 0, data: raw }, asideKey(`${feature.name}/${id}`, now()));
        continue;
      }
      // Cells already here (a move cut off before localStorage was cleared) are the newer ones.
      if ((await cells.index("byReview").count(id)) > 0) continue;
      await Promise.all(shard.data.map((cell) => cells.put({ ...cell, reviewId: id })));
    }
    await tx.done;
    for (const key of keys) repo.storage.remove(key);
    repo.storage.remove(legacyIndex);
  }

  return {
    ...repo,
    async load() {
      const db = await repo.open().catch((error: unknown) => (repo.fail(error), null));
      if (!db) return (saved = feature.samples());
      await moveFromLocalStorage(db);
      return (saved = await cellsOf(db, null, feature.parseShard));
    },
  };
}
