/** Reads an array of records, each validated; null when the value is not an array or any record is invalid. */
export function parseList<T>(data: unknown, parseOne: (item: unknown) => T | null): T[] | null {
  if (!Array.isArray(data)) return null;
  const out: T[] = [];
  for (const item of data) {
    const parsed = parseOne(item);
    if (!parsed) return null;
    out.push(parsed);
  }
  return out;
}

/** The value when it is one of `options`, else null (for stored enums). */
export const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | null =>
  typeof value === "string" && (options as readonly string[]).includes(value) ? (value as T) : null;

/** True when every value is a string (the text fields of a stored record). */
export const allStrings = (...values: unknown[]): boolean => values.every((value) => typeof value === "string");

/**
 * The characters and length a record id may have. Ids become parts of storage keys (`…/shard/<id>`), so `/` is
 * refused; names of Object.prototype (`constructor`, `__proto__`) are ordinary ids, because records are keyed by
 * `Map`, never by a plain object.
 */
const RECORD_ID = /^[\w.:@+-]{1,256}$/;

/** True when `value` is a record id we could have written (a UUID, a sample's slug, a reply's `<id>:<time>`). */
export const isRecordId = (value: unknown): value is string => typeof value === "string" && RECORD_ID.test(value);

/** The stored object `{ id: value }` as a Map, each id and value validated; null when any is wrong. */
export function parseIdMap<V>(data: unknown, parseOne: (value: unknown) => V | null): Map<string, V> | null {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const map = new Map<string, V>();
  for (const [id, value] of Object.entries(data)) {
    const parsed = parseOne(value);
    if (!isRecordId(id) || parsed === null) return null;
    map.set(id, parsed);
  }
  return map;
}

/** A copy of `map` with `id` set to `value` (records keyed by id are replaced, never changed in place). */
export const withEntry = <V>(map: ReadonlyMap<string, V>, id: string, value: V): ReadonlyMap<string, V> => new Map(map).set(id, value);

/** A copy of `map` without `id`. */
export function withoutEntry<V>(map: ReadonlyMap<string, V>, id: string): ReadonlyMap<string, V> {
  if (!map.has(id)) return map;
  const next = new Map(map);
  next.delete(id);
  return next;
}
