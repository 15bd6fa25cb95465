import { GuardedStorage, featureKey, parseEnvelope, toEnvelope } from "./browserStorage";
import { isRecordId, withEntry, withoutEntry } from "./parse";
import type { FeatureDefinition, Repository, ShardedFeatureDefinition, StorageNotice } from "./repository";

/** How long quick successive saves (typing, a burst of actions) are gathered into one write. */
export const SAVE_DELAY_MS = 300;

export interface BrowserRepositoryOptions {
  /** localStorage, or null where it is blocked: the repository then keeps nothing and says so. */
  storage: Storage | null;
  userId: string;
  /** The window: storage events (other tabs) and pagehide (flush before leaving). Absent in unit tests. */
  win?: Pick<Window, "addEventListener" | "removeEventListener">;
  onNotice?: (notice: StorageNotice) => void;
  now?: () => Date;
  delayMs?: number;
}

/** The parts every browser repository shares: coalesced writes, pagehide flush, changes from other tabs. */
export function coalescing<T>(
  options: BrowserRepositoryOptions,
  write: (value: T) => void,
  changedElsewhere: (event: StorageEvent) => T | undefined,
): Omit<Repository<T>, "load"> & { notify: (value: T) => void } {
  const { win, delayMs = SAVE_DELAY_MS } = options;
  const listeners = new Set<(value: T) => void>();
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    write(value);
  };
  const notify = (value: T) => {
    for (const listener of listeners) listener(value);
  };
  const onStorage = (event: Event) => {
    const value = changedElsewhere(event as StorageEvent);
    if (value !== undefined) notify(value);
  };
  win?.addEventListener("storage", onStorage);
  win?.addEventListener("pagehide", flush);

  return {
    notify,
    save(value) {
      pending = { value };
      timer ??= setTimeout(flush, delayMs);
    },
    flush,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      flush();
      listeners.clear();
      win?.removeEventListener("storage", onStorage);
      win?.removeEventListener("pagehide", flush);
    },
  };
}

const noop = () => {};

/** One feature's records as one versioned value in localStorage, under a key of the user's own. */
export function createBrowserRepository<T>(feature: FeatureDefinition<T>, options: BrowserRepositoryOptions): Repository<T> {
  const { now = () => new Date() } = options;
  const storage = new GuardedStorage(options.storage, options.onNotice ?? noop);
  const key = featureKey(options.userId, feature.name);
  const { toStored = (records: T) => records } = feature;
  const write = (value: T) => void storage.write(key, toEnvelope(feature.version, toStored(value)));

  const rest = coalescing<T>(options, write, (event) => {
    if (event.key !== key || event.storageArea !== storage.area) return undefined;
    const stored = parseEnvelope(event.newValue, feature.version, feature.parse);
    if (stored.status === "missing") return feature.samples();
    return stored.status === "ok" ? stored.data : undefined;
  });

  return {
    ...rest,
    async load() {
      const stored = parseEnvelope(storage.read(key), feature.version, feature.parse);
      if (stored.status === "ok") return stored.data;
      const samples = feature.samples();
      // An unreadable value is replaced only once its copy is safe: never dropped.
      if (stored.status === "unreadable" && storage.setAside(key, stored.raw, now(), feature.name)) write(samples);
      return samples;
    },
  };
}

/**
 * A feature of many records (each conversation's messages) kept one key per record plus an index of ids, so a
 * save writes only the records that changed: cheap however many conversations a user has.
 */
export function createShardedBrowserRepository<V>(
  feature: ShardedFeatureDefinition<V>,
  options: BrowserRepositoryOptions,
): Repository<ReadonlyMap<string, V>> {
  const { now = () => new Date() } = options;
  const storage = new GuardedStorage(options.storage, options.onNotice ?? noop);
  const indexKey = featureKey(options.userId, feature.name);
  const shardPrefix = `${indexKey}/shard/`;
  const shardKey = (id: string) => `${shardPrefix}${id}`;
  const parseIds = (data: unknown) => (Array.isArray(data) && data.every(isRecordId) ? data : null);
  let saved: ReadonlyMap<string, V> = new Map();

  const write = (value: ReadonlyMap<string, V>) => {
    for (const [id, record] of value) {
      if (saved.get(id) !== record) storage.write(shardKey(id), toEnvelope(feature.version, record));
    }
    for (const id of saved.keys()) if (!value.has(id)) storage.remove(shardKey(id));
    if (value.size !== saved.size || [...value.keys()].some((id) => !saved.has(id))) {
      storage.write(indexKey, toEnvelope(feature.version, [...value.keys()]));
    }
    saved = value;
  };
  const readShards = (ids: readonly string[]) => {
    const records = new Map<string, V>();
    for (const id of ids) {
      const stored = parseEnvelope(storage.read(shardKey(id)), feature.version, feature.parseShard);
      if (stored.status === "ok") records.set(id, stored.data);
      else if (stored.status === "unreadable") storage.setAside(shardKey(id), stored.raw, now(), feature.name);
    }
    return records;
  };

  const rest = coalescing<ReadonlyMap<string, V>>(options, write, (event) => {
    if (event.storageArea !== storage.area || !event.key) return undefined;
    if (event.key === indexKey) {
      const index = parseEnvelope(event.newValue, feature.version, parseIds);
      if (index.status === "missing") return (saved = feature.samples());
      return index.status === "ok" ? (saved = readShards(index.data)) : undefined;
    }
    if (!event.key.startsWith(shardPrefix)) return undefined;
    const id = event.key.slice(shardPrefix.length);
    if (!isRecordId(id)) return undefined;
    const shard = parseEnvelope(event.newValue, feature.version, feature.parseShard);
    if (shard.status === "unreadable") return undefined;
    return (saved = shard.status === "ok" ? withEntry(saved, id, shard.data) : withoutEntry(saved, id));
  });

  return {
    ...rest,
    async load() {
      const index = parseEnvelope(storage.read(indexKey), feature.version, parseIds);
      if (index.status === "ok") return (saved = readShards(index.data));
      const samples = feature.samples();
      if (index.status === "missing") return samples;
      if (storage.setAside(indexKey, index.raw, now(), feature.name)) write(samples);
      return samples;
    },
  };
}
