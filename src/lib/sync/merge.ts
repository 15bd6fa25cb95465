import { recordId, type Change, type QueuedChange, type Row } from "./outbox";
import { keyOf, type TableMapping } from "./tables";

// How this device's rows and the server's meet, as pure functions: what changed, whose edit wins, in what order.

/** A feature's rows by record id, each as compared between saves. */
export type Snapshot = Map<string, string>;

/** Columns the server owns: never compared, never sent. */
const SERVER_COLUMNS = new Set(["owner_id", "created_at", "tsv"]);
const comparable = (row: Row, ownTime: boolean) =>
  JSON.stringify(Object.entries(row).filter(([column]) => !SERVER_COLUMNS.has(column) && (ownTime || column !== "updated_at")));

/** The rows of `value` by record, as compared between saves. */
export function snapshotOf(mapping: TableMapping, rows: readonly Row[]): Snapshot {
  const ownTime = rows.some((row) => "updated_at" in row);
  return new Map(rows.map((row) => [recordId(mapping.table, keyOf(mapping, row)), comparable(row, ownTime)]));
}

/** Whether two snapshots hold the same records with the same values. */
export function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  if (a.size !== b.size) return false;
  for (const [id, row] of a) if (b.get(id) !== row) return false;
  return true;
}

/** What changed between two snapshots of a feature's rows: an upsert per new or changed record, a delete per gone one. */
export function diffRows(mapping: TableMapping, before: Snapshot, rows: readonly Row[], now: Date): Change[] {
  const changes: Change[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const key = keyOf(mapping, row);
    const id = recordId(mapping.table, key);
    seen.add(id);
    if (before.get(id) === comparable(row, "updated_at" in row)) continue;
    changes.push({ table: mapping.table, op: "upsert", key, row: { updated_at: now.toISOString(), ...row } });
  }
  for (const id of before.keys()) {
    if (seen.has(id)) continue;
    // A record's id is table|[[column, value], ...] (recordId): its key again.
    const key = Object.fromEntries(JSON.parse(id.slice(mapping.table.length + 1)) as [string, string | number][]);
    changes.push({ table: mapping.table, op: "delete", key });
  }
  return changes;
}

/** An instant however it is written ("…Z" here, "…+00:00" from PostgREST); none is the earliest. */
const time = (value: unknown) => (typeof value === "string" ? Date.parse(value) : -Infinity);

/** The server's rows with the changes still waiting laid over them: the user's own latest edits win until sent. */
export function withPending(mapping: TableMapping, rows: readonly Row[], pending: readonly QueuedChange[]): Row[] {
  const merged = new Map(rows.map((row) => [recordId(mapping.table, keyOf(mapping, row)), row]));
  for (const { id, change } of pending) {
    if (change.table !== mapping.table) continue;
    if (change.op === "delete") merged.delete(id);
    else {
      const stored = merged.get(id);
      const newer = !stored || time(change.row["updated_at"]) >= time(stored["updated_at"]);
      // Last write wins per record: a waiting edit older than what the server holds will be skipped there too.
      if (newer) merged.set(id, { ...stored, ...change.row });
    }
  }
  return [...merged.values()];
}

/** The records edited here between two snapshots of a feature: changed, added or removed. */
export const editedBetween = (before: Snapshot, after: Snapshot): Set<string> =>
  new Set([...after.keys(), ...before.keys()].filter((id) => after.get(id) !== before.get(id)));

/**
 * The rows a feature shows after a read during which some of its records were edited here: those as they are here
 * (a record removed here stays removed), every other record as the server has it. Neither side is dropped: a document
 * read on another device arrives while this one is storing its own.
 */
export function mergeEditedDuringRead(mapping: TableMapping, edited: ReadonlySet<string>, here: readonly Row[], server: readonly Row[]): Row[] {
  const editedHere = (row: Row) => edited.has(recordId(mapping.table, keyOf(mapping, row)));
  return [...server.filter((row) => !editedHere(row)), ...here.filter(editedHere)];
}

/**
 * A list read from the server in the order this device shows it: records it already shows keep their places, and
 * records new to it come first, as a record made here would (the server keeps no order).
 */
export function orderLike(next: unknown, previous: unknown): unknown {
  if (!Array.isArray(next) || !Array.isArray(previous)) return next;
  const idOf = (record: unknown) => (record as { id?: unknown }).id;
  const position = new Map(previous.map((record, i) => [idOf(record), i]));
  const known = next.filter((record) => position.has(idOf(record)));
  known.sort((a, b) => (position.get(idOf(a)) ?? 0) - (position.get(idOf(b)) ?? 0));
  return [...next.filter((record) => !position.has(idOf(record))), ...known];
}
