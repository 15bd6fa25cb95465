import { describe, expect, it } from "vitest";
import { diffRows, editedBetween, mergeEditedDuringRead, orderLike, sameSnapshot, snapshotOf, withPending } from "./merge";
import { recordId, type Change, type Row } from "./outbox";
import type { TableMapping } from "./tables";

// A table keyed by id whose records are its rows: the functions see only rows, so no feature's mapping is needed.
const CASES: TableMapping = { feature: "cases", table: "cases", key: ["id"], toRows: (value) => value as Row[], fromRows: (rows) => rows };
const NOW = new Date("2026-11-24T10:00:00.000Z");
const lease: Row = { id: "case-lease", title: "Lease" };
const estate: Row = { id: "case-estate", title: "Estate" };
const idOf = (id: string) => recordId("cases", { id });
/** A change waiting in the outbox, as outbox.take returns it. */
const waiting = (change: Change, seq = 1) => ({ id: idOf(String(change.key["id"])), seq, change });

describe("diffRows", () => {
  it.each<[string, Row[], Row[], Change[]]>([
    ["nothing when nothing changed", [lease, estate], [lease, estate], []],
    [
      "upserts new and changed records with the time of the edit, deletes gone ones, and leaves the rest",
      [lease, estate],
      [{ ...lease, title: "Lease (renewed)" }, { ...estate, id: "case-new", title: "New" }],
      [
        { table: "cases", op: "upsert", key: { id: "case-lease" }, row: { id: "case-lease", title: "Lease (renewed)", updated_at: NOW.toISOString() } },
        { table: "cases", op: "upsert", key: { id: "case-new" }, row: { id: "case-new", title: "New", updated_at: NOW.toISOString() } },
        { table: "cases", op: "delete", key: { id: "case-estate" } },
      ],
    ],
    [
      "keeps a record's own time, and sends it when only that time changed",
      [{ ...lease, updated_at: "2026-11-01T00:00:00.000Z" }],
      [{ ...lease, updated_at: "2026-11-02T00:00:00.000Z" }],
      [{ table: "cases", op: "upsert", key: { id: "case-lease" }, row: { ...lease, updated_at: "2026-11-02T00:00:00.000Z" } }],
    ],
    ["ignores the columns the server owns", [{ ...lease, owner_id: "ada", created_at: "2026-11-01T00:00:00+00:00" }], [lease], []],
  ])("%s", (_title, before, after, changes) => {
    expect(diffRows(CASES, snapshotOf(CASES, before), after, NOW)).toEqual(changes);
  });
});

describe("withPending", () => {
  const server: Row[] = [
    { ...lease, updated_at: "2026-11-24T09:00:00+00:00" },
    { ...estate, updated_at: "2026-11-01T00:00:00+00:00" },
  ];
  it.each<[string, Change[], [unknown, unknown][]]>([
    ["leaves the server's rows when nothing waits", [], [["case-lease", "Lease"], ["case-estate", "Estate"]]],
    [
      "lays a waiting edit newer than the server's row over it",
      [{ table: "cases", op: "upsert", key: { id: "case-lease" }, row: { id: "case-lease", title: "Mine", updated_at: "2026-11-24T10:00:00.000Z" } }],
      [["case-lease", "Mine"], ["case-estate", "Estate"]],
    ],
    [
      "keeps the server's row when the waiting edit is older (last write wins)",
      [{ table: "cases", op: "upsert", key: { id: "case-lease" }, row: { id: "case-lease", title: "Older edit", updated_at: "2026-11-24T08:00:00.000Z" } }],
      [["case-lease", "Lease"], ["case-estate", "Estate"]],
    ],
    ["drops a record whose delete waits", [{ table: "cases", op: "delete", key: { id: "case-estate" } }], [["case-lease", "Lease"]]],
    [
      "adds a record the server does not have yet",
      [{ table: "cases", op: "upsert", key: { id: "case-x" }, row: { id: "case-x", title: "Offline case", updated_at: "2026-11-24T10:00:00.000Z" } }],
      [["case-lease", "Lease"], ["case-estate", "Estate"], ["case-x", "Offline case"]],
    ],
    ["ignores another table's changes", [{ table: "documents", op: "delete", key: { id: "case-lease" } }], [["case-lease", "Lease"], ["case-estate", "Estate"]]],
  ])("%s", (_title, changes, shown) => {
    const rows = withPending(CASES, server, changes.map((change, i) => waiting(change, i + 1)));
    expect(rows.map((row) => [row["id"], row["title"]])).toEqual(shown);
  });

  it("keeps the server's other columns under a waiting edit of some of them", () => {
    const edit: Change = { table: "cases", op: "upsert", key: { id: "case-estate" }, row: { id: "case-estate", updated_at: "2026-11-24T10:00:00.000Z" } };
    expect(withPending(CASES, server, [waiting(edit)])[1]).toEqual({ ...estate, updated_at: "2026-11-24T10:00:00.000Z" });
  });
});

describe("editedBetween and sameSnapshot", () => {
  const renamed = { ...lease, title: "Lease (renewed)" };
  it.each<[string, Row[], Row[], string[]]>([
    ["none when nothing changed", [lease, estate], [lease, estate], []],
    ["a changed record", [lease, estate], [renamed, estate], ["case-lease"]],
    ["an added record", [lease], [lease, estate], ["case-estate"]],
    ["a removed record", [lease, estate], [lease], ["case-estate"]],
  ])("%s", (_title, before, after, edited) => {
    const [a, b] = [snapshotOf(CASES, before), snapshotOf(CASES, after)];
    expect([...editedBetween(a, b)]).toEqual(edited.map(idOf));
    expect(sameSnapshot(a, b)).toBe(edited.length === 0);
  });
});

describe("mergeEditedDuringRead", () => {
  const other: Row = { id: "case-other", title: "Other device's case" };
  it.each<[string, string[], Row[], string[]]>([
    ["shows the server's rows when nothing was edited here", [], [lease], ["case-lease:Lease", "case-estate:Estate", "case-other:Other device's case"]],
    ["keeps a record edited here as it is here", ["case-lease"], [{ ...lease, title: "Mine" }], ["case-estate:Estate", "case-other:Other device's case", "case-lease:Mine"]],
    ["keeps a record removed here removed", ["case-estate"], [lease], ["case-lease:Lease", "case-other:Other device's case"]],
  ])("%s", (_title, edited, here, shown) => {
    const rows = mergeEditedDuringRead(CASES, new Set(edited.map(idOf)), here, [lease, estate, other]);
    expect(rows.map((row) => `${String(row["id"])}:${String(row["title"])}`)).toEqual(shown);
  });
});

describe("orderLike", () => {
  const [a, b, c] = [{ id: "a" }, { id: "b" }, { id: "c" }];
  it.each<[string, unknown, unknown, unknown]>([
    ["keeps the places of the records this device shows", [b, a], [a, b], [a, b]],
    ["puts records new to this device first", [a, c, b], [b, a], [c, b, a]],
    ["leaves a read with nothing to order by as it is", [b, a], null, [b, a]],
    ["leaves a record that is not a list as it is", { compact: true }, [a], { compact: true }],
  ])("%s", (_title, next, previous, ordered) => {
    expect(orderLike(next, previous)).toEqual(ordered);
  });
});
