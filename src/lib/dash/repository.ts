/**
 * What a workspace feature stores for one user, and the one interface its store reaches it through. Without Supabase
 * the records live in this browser (browserRepository.ts); with it, the user's tables hold them and that browser copy
 * is their cache (src/lib/sync/remote.ts). Chosen once at sign-in, so screens and stores never know which.
 */

/** One feature's records: how they are named, versioned, seeded and validated. */
export interface FeatureDefinition<T> {
  /** Stable name, part of the storage key ("conversations"). */
  name: string;
  /** Bumped when the shape changes; a stored value of another version is set aside and the samples restored. */
  version: number;
  /** A fresh copy of the sample records a new user starts with. */
  samples: () => T;
  /** Validates untrusted data read back (storage, network): the records, or null when the shape is wrong. */
  parse: (data: unknown) => T | null;
  /** The records as JSON can hold them (a Map as an object), when they are not that already: what `parse` reads. */
  toStored?: (records: T) => unknown;
}

/** A feature made of many independent records (the messages of each conversation), each saved on its own. */
export interface ShardedFeatureDefinition<V> extends Omit<FeatureDefinition<ReadonlyMap<string, V>>, "parse" | "toStored"> {
  /** Validates one record (one conversation's messages, say), or null when its shape is wrong. */
  parseShard: (data: unknown) => V | null;
}

/** Where one feature's records for one signed-in user live. */
export interface Repository<T> {
  /** The user's records; the samples when there are none yet or the stored ones cannot be read. */
  load(): Promise<T>;
  /** Stores the records. Implementations coalesce quick successive saves into one write. */
  save(value: T): void;
  /** Writes a pending save now (the page is being hidden, the user signs out). */
  flush(): void;
  /** Calls back with the new records when they change elsewhere (another tab, the server); returns the unsubscribe. */
  subscribe(listener: (value: T) => void): () => void;
  /** Stops timers and listeners after flushing. */
  close(): void;
}

/** Something the user should hear about the workspace's storage, at most once per kind. */
export type StorageNotice =
  /** Storage is blocked or missing: the workspace works in memory for this visit. */
  | { kind: "unavailable" }
  /** Storage is full: changes from now on are kept in memory only. */
  | { kind: "full" }
  /** A stored value could not be read: it was copied aside under `backupKey` and the samples restored. */
  | { kind: "restored"; feature: string; backupKey: string };
