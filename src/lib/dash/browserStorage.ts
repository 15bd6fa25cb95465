import type { StorageNotice } from "./repository";

/** Every workspace key starts with this, then the user id, then the feature. */
export const DASH_STORAGE_PREFIX = "paphos-ai:dash";

/** The key of one feature's record for one user: users of one browser never see each other's records. */
export const featureKey = (userId: string, feature: string): string => `${DASH_STORAGE_PREFIX}:${userId}:${feature}`;

/** Every workspace key of one user starts with this: their records, shards and the copies of unreadable values. */
const userPrefix = (userId: string): string => featureKey(userId, "");

/**
 * Removes every workspace key of one user (records, shards, backups) and the `others` named (their sync journal):
 * Sign Out's 'Also remove this browser's copy of my workspace'. Other users' keys stay. Storage that refuses is left
 * as it is; resolves to the keys removed.
 */
export function removeUserKeys(storage: Storage | null, userId: string, others: readonly string[] = []): string[] {
  if (!storage) return [];
  try {
    const keys = [...keysStartingWith(storage, userPrefix(userId)), ...others.filter((key) => storage.getItem(key) !== null)];
    for (const key of keys) storage.removeItem(key);
    return keys;
  } catch {
    return [];
  }
}

/** Where the copies of `key`'s unreadable values are kept, each under this prefix and its time. */
const backupPrefix = (key: string): string => `${key}/backup/`;

/** Where a value that cannot be read is copied before its key is reused. */
export const backupKeyFor = (key: string, now: Date): string => `${backupPrefix(key)}${now.toISOString()}`;

/**
 * How many copies of unreadable values are kept per key: the newest ones (their keys end in the ISO time, so they
 * sort by age). Enough to recover from a bad write or two; a value that keeps coming back corrupt cannot fill storage.
 */
export const BACKUPS_PER_KEY = 3;

/** Every key of `storage` that starts with `prefix`; none when storage cannot be read. */
function keysStartingWith(storage: Storage, prefix: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/**
 * Removes every backup of the given feature keys, their records' (shards') included: 'Clear workspace data'.
 * Storage that refuses is left as it is.
 */
export function removeBackups(storage: Storage | null, featureKeys: readonly string[]): void {
  if (!storage) return;
  try {
    const backups = featureKeys.flatMap((key) => keysStartingWith(storage, `${key}/`).filter((k) => k.includes("/backup/")));
    for (const key of backups) storage.removeItem(key);
  } catch {
    // Blocked storage holds nothing this page could remove.
  }
}

/** What a stored value turned out to be. */
export type StoredValue<T> = { status: "missing" } | { status: "ok"; data: T } | { status: "unreadable"; raw: string };

/** A stored value bigger than this is not one we wrote (a thousand busy conversations stay well below). */
export const MAX_VALUE_CHARS = 4_000_000;

/** Reads a versioned envelope `{ v, data }` and validates its data; a wrong version or shape is unreadable. */
export function parseEnvelope<T>(raw: string | null, version: number, parse: (data: unknown) => T | null): StoredValue<T> {
  if (raw === null) return { status: "missing" };
  if (raw.length > MAX_VALUE_CHARS) return { status: "unreadable", raw };
  let envelope: unknown;
  try {
    envelope = JSON.parse(raw);
  } catch {
    return { status: "unreadable", raw };
  }
  if (typeof envelope !== "object" || envelope === null) return { status: "unreadable", raw };
  const { v, data } = envelope as { v?: unknown; data?: unknown };
  if (v !== version) return { status: "unreadable", raw };
  const parsed = parse(data);
  return parsed === null ? { status: "unreadable", raw } : { status: "ok", data: parsed };
}

/** Serialises records into the envelope parseEnvelope reads. */
export const toEnvelope = (version: number, data: unknown): string => JSON.stringify({ v: version, data });

const isQuotaError = (error: unknown) =>
  error instanceof DOMException && (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED");

/**
 * localStorage as the workspace uses it: every call guarded. Once storage turns out blocked or full, writes stop
 * (the stores keep working in memory) and the notice is given once.
 */
export class GuardedStorage {
  private writable: boolean;

  constructor(
    private readonly storage: Storage | null,
    private readonly notify: (notice: StorageNotice) => void,
  ) {
    this.writable = storage !== null;
    if (!storage) notify({ kind: "unavailable" });
  }

  /** The area storage events must come from to concern us. */
  get area(): Storage | null {
    return this.storage;
  }

  /** The raw value under `key`, or null (absent, or storage unreadable). */
  read(key: string): string | null {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      this.fail("unavailable");
      return null;
    }
  }

  /** Writes a value; false when it could not be written (storage blocked or full). */
  write(key: string, value: string): boolean {
    if (!this.writable || !this.storage) return false;
    try {
      this.storage.setItem(key, value);
      return true;
    } catch (error) {
      this.fail(isQuotaError(error) ? "full" : "unavailable");
      return false;
    }
  }

  /** Removes a key; failures only stop later writes. */
  remove(key: string): void {
    if (!this.writable || !this.storage) return;
    try {
      this.storage.removeItem(key);
    } catch {
      this.fail("unavailable");
    }
  }

  /** Copies an unreadable value aside under a backup key, keeping the newest few of that key; true when the copy is safe. */
  setAside(key: string, raw: string, now: Date, feature: string): boolean {
    const backupKey = backupKeyFor(key, now);
    if (!this.write(backupKey, raw)) return false;
    this.pruneBackups(key);
    this.notify({ kind: "restored", feature, backupKey });
    return true;
  }

  /** Removes all but the newest BACKUPS_PER_KEY backups of `key`. */
  private pruneBackups(key: string): void {
    if (!this.storage) return;
    try {
      const backups = keysStartingWith(this.storage, backupPrefix(key)).sort();
      for (const old of backups.slice(0, -BACKUPS_PER_KEY)) this.remove(old);
    } catch {
      this.fail("unavailable");
    }
  }

  private fail(kind: "unavailable" | "full"): void {
    if (!this.writable) return;
    this.writable = false;
    this.notify({ kind });
  }
}
