import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import type { Case } from "../dash/cases";
import { DEFAULT_PREFERENCES, type Preferences } from "../dash/preferences";
import type { Repository } from "../dash/repository";
import { openOutbox, type Change, type Row } from "./outbox";
import { createRemoteWorkspace, orderForApply, type RemoteReader } from "./remote";
import type { Sender } from "./sender";
import { TABLE_MAPPINGS, type TableMapping } from "./tables";

const mapping = (feature: string) => TABLE_MAPPINGS.find((m) => m.feature === feature) as TableMapping;
const CASES = mapping("cases");
const PREFS = mapping("preferences");
const NOW = new Date("2026-11-24T10:00:00.000Z");
const lease: Case = { id: "case-lease", title: "Lease", docketNo: "L-1", jurisdiction: "Paphos", status: "active", updated: "2026-11-01", members: 1 };
const estate: Case = { id: "case-estate", title: "Estate", docketNo: "E-2", jurisdiction: "Not specified", status: "pending", updated: "2026-11-02", members: 2 };
/** A case of the user as the reader answers it: the mapping's row with the columns the server adds (the reader leaves out owner_id when it is the user's). */
const caseRow = (c: Case, updatedAt = "2026-11-01T00:00:00+00:00"): Row => ({
  ...CASES.toRows([c])[0],
  created_at: "2026-11-01T00:00:00+00:00",
  updated_at: updatedAt,
});
const prefsRow: Row = { default_scope: "firm", compact_mode: false, notify_email: true, notify_desktop: false, notify_mobile: true, sidebar_collapsed: false };

/** A local cache in memory. */
function memoryRepository<T>(initial: T): Repository<T> & { saved: T[] } {
  const saved: T[] = [];
  return { saved, load: async () => initial, save: (value) => void saved.push(value), flush: () => undefined, subscribe: () => () => undefined, close: () => undefined };
}

let users = 0;
async function setup(server: Record<string, Row[]> | null) {
  const outbox = await openOutbox(`remote-${String((users += 1))}`);
  const kick = vi.fn();
  const sender = { kick } as unknown as Sender;
  const reader: RemoteReader = {
    select: vi.fn(async (table: string) => (server ? { ok: true as const, rows: server[table] ?? [] } : { ok: false as const, reason: "offline" })),
  };
  const remote = createRemoteWorkspace({ reader, outbox, sender, now: () => NOW, delayMs: 10 });
  const casesLocal = memoryRepository<Case[]>([lease]);
  const prefsLocal = memoryRepository<Preferences>(DEFAULT_PREFERENCES);
  const cases = remote.repository({ mapping: CASES, local: casesLocal as Repository<unknown>, parse: (v) => v });
  const prefs = remote.repository({ mapping: PREFS, local: prefsLocal as Repository<unknown>, parse: (v) => v });
  await cases.load();
  await prefs.load();
  const pending = async () => (await outbox.take(100)).map((q) => q.change);
  return { outbox, kick, reader, remote, cases, prefs, casesLocal, prefsLocal, pending };
}

describe("orderForApply", () => {
  it("inserts parents before children and deletes children before parents", () => {
    const c = (table: string, op: "upsert" | "delete"): Change => (op === "upsert" ? { table, op, key: {}, row: {} } : { table, op, key: {} });
    const ordered = orderForApply([c("messages", "upsert"), c("conversations", "delete"), c("conversations", "upsert"), c("messages", "delete")]);
    expect(ordered.map((x) => `${x.op} ${x.table}`)).toEqual(["upsert conversations", "upsert messages", "delete messages", "delete conversations"]);
  });
});

describe("the remote workspace", () => {
  it("opens from the local cache, and queues the edits of several features as one batch", async () => {
    const { cases, prefs, casesLocal, pending, kick, remote } = await setup({});
    cases.save([lease, estate]);
    prefs.save({ ...DEFAULT_PREFERENCES, compactMode: true });
    expect(casesLocal.saved).toEqual([[lease, estate]]);
    await remote.flush();
    expect(kick).toHaveBeenCalledTimes(1);
    expect(await pending()).toEqual([
      { table: "preferences", op: "upsert", key: {}, row: expect.objectContaining({ compact_mode: true }) },
      { table: "cases", op: "upsert", key: { id: "case-estate" }, row: expect.objectContaining({ title: "Estate", updated_at: NOW.toISOString() }) },
    ]);
  });

  it("leaves a feature still loading its cache to the next read: a read under way when a screen joins neither throws nor shows it", async () => {
    const topic = { id: "conv-1", title: "Lease terms", pinned: false, updated_at: "2026-11-01T00:00:00+00:00" };
    const { remote, reader } = await setup({ cases: [caseRow(estate)], preferences: [prefsRow], conversations: [topic] });
    // The Review screen's join, as it happens: its repository exists and its cache is still being read while the
    // server is read.
    let cacheRead = (_: unknown[]) => undefined as void;
    const local = { ...memoryRepository<unknown[]>([]), load: () => new Promise<unknown[]>((resolve) => (cacheRead = resolve)) };
    const joined = remote.repository({ mapping: mapping("conversations"), local: local as Repository<unknown>, parse: (v) => v });
    const loaded = joined.load();
    await expect(remote.refresh()).resolves.toBe(true);
    expect(local.saved).toEqual([]);
    // Once loaded, the next read shows it.
    cacheRead([]);
    await loaded;
    await expect(remote.refresh()).resolves.toBe(true);
    expect(local.saved).toEqual([[expect.objectContaining({ id: "conv-1", title: "Lease terms" })]]);
    expect(reader.select).toHaveBeenCalledWith("conversations");
  });

  it("makes a new user's records their own rows on the first read (no preferences row yet)", async () => {
    const { remote, pending } = await setup({ cases: [], preferences: [] });
    expect(await remote.refresh()).toBe(true);
    expect((await pending()).map((c) => `${c.op} ${c.table} ${JSON.stringify(c.key)}`)).toEqual([
      "upsert preferences {}",
      'upsert cases {"id":"case-lease"}',
    ]);
  });

  it("shows a new user the firm they joined before their first visit with that first read, and queues only their own records", async () => {
    // Ada's case, shared with the firm: the reader names its owner; the new user's own cache holds their samples (the lease).
    const adas: Row = { ...caseRow(estate), owner_id: "ada", updated_by: "ada" };
    const { remote, cases, casesLocal, pending } = await setup({ cases: [adas], preferences: [] });
    const seen = vi.fn();
    cases.subscribe(seen);
    expect(await remote.refresh()).toBe(true);
    const shown = [{ ...estate, owner: "ada", updatedBy: "ada" }, lease];
    expect(seen).toHaveBeenCalledWith(shown);
    expect(casesLocal.saved.at(-1)).toEqual(shown);
    expect((await pending()).map((c) => `${c.op} ${c.table} ${JSON.stringify(c.key)}`)).toEqual([
      "upsert preferences {}",
      'upsert cases {"id":"case-lease"}',
    ]);
  });

  it("shows another device's records, keeps this device's waiting edits over them, and updates the cache", async () => {
    const server = { cases: [caseRow(lease), caseRow(estate)], preferences: [{ ...prefsRow, compact_mode: true }] };
    const { remote, cases, casesLocal, prefs } = await setup(server);
    const seen = vi.fn();
    cases.subscribe(seen);
    const seenPrefs = vi.fn();
    prefs.subscribe(seenPrefs);
    cases.save([{ ...lease, title: "Lease (mine)" }]);
    await remote.flush();
    expect(await remote.refresh()).toBe(true);
    // The estate came from another device; the waiting rename stays over the server's older row.
    expect(seen).toHaveBeenCalledWith([estate, { ...lease, title: "Lease (mine)" }]);
    expect(seenPrefs).toHaveBeenCalledWith({ ...DEFAULT_PREFERENCES, compactMode: true });
    expect(casesLocal.saved.at(-1)).toEqual([estate, { ...lease, title: "Lease (mine)" }]);
  });

  it("takes the server's records when nothing waits: new ones first, the others where this device shows them", async () => {
    const { remote, cases, casesLocal } = await setup({ cases: [caseRow(lease), caseRow(estate)], preferences: [prefsRow] });
    const seen = vi.fn();
    cases.subscribe(seen);
    expect(await remote.refresh()).toBe(true);
    expect(seen).toHaveBeenCalledWith([estate, lease]);
    expect(casesLocal.saved.at(-1)).toEqual([estate, lease]);
  });

  it("leaves everything as it is when the server cannot be read", async () => {
    const { remote, cases, pending } = await setup(null);
    const seen = vi.fn();
    cases.subscribe(seen);
    expect(await remote.refresh()).toBe(false);
    expect(seen).not.toHaveBeenCalled();
    expect(await pending()).toEqual([]);
  });
});

describe("an edit made while the server is read", () => {
  /** A workspace of one cases feature whose read of cases waits until the test answers it. */
  async function racing(initial: Case[]) {
    let answer: ((rows: Row[]) => void) | undefined;
    const outbox = await openOutbox(`remote-race-${String((users += 1))}`);
    const reader: RemoteReader = {
      select: (table) =>
        table === "cases" ? new Promise((resolve) => (answer = (rows) => resolve({ ok: true, rows }))) : Promise.resolve({ ok: true, rows: [prefsRow] }),
    };
    const remote = createRemoteWorkspace({ reader, outbox, sender: { kick: vi.fn() } as unknown as Sender, now: () => NOW });
    const local = memoryRepository<Case[]>(initial);
    const cases = remote.repository({ mapping: CASES, local: local as Repository<unknown>, parse: (v) => v });
    await cases.load();
    const seen = vi.fn();
    cases.subscribe(seen);
    /** Starts a read and resolves once the server has been asked for the cases. */
    const startRead = async () => {
      const reading = remote.refresh();
      await vi.waitFor(() => expect(answer).toBeDefined());
      return { reading, answer: (rows: Row[]) => answer!(rows) };
    };
    const waiting = async () => (await outbox.take(10)).map((q) => `${q.change.op} ${JSON.stringify(q.change.key)}`);
    return { outbox, remote, cases, local, seen, startRead, waiting };
  }

  it("is kept: the read does not put back the server's older records", async () => {
    const { cases, local, seen, startRead, waiting } = await racing([lease]);
    const { reading, answer } = await startRead();
    cases.save([estate, lease]);
    answer([caseRow(lease)]);
    expect(await reading).toBe(true);
    expect(seen).not.toHaveBeenCalled();
    expect(local.saved.at(-1)).toEqual([estate, lease]);
    expect(await waiting()).toEqual([`upsert {"id":"case-estate"}`]);
  });

  it("does not hold back a record another device added: it shows beside the edit, and only the edit is sent", async () => {
    const { cases, local, seen, startRead, waiting } = await racing([lease]);
    const { reading, answer } = await startRead();
    const renamed = { ...lease, title: "Lease (renewed)" };
    cases.save([renamed]);
    answer([caseRow(lease), caseRow(estate)]);
    expect(await reading).toBe(true);
    expect(seen).toHaveBeenLastCalledWith([estate, renamed]);
    expect(local.saved.at(-1)).toEqual([estate, renamed]);
    expect(await waiting()).toEqual([`upsert {"id":"case-lease"}`]);
  });

  it("keeps a record removed here meanwhile removed, sends its removal, and still shows the server's new ones", async () => {
    const other: Case = { ...estate, id: "case-other", title: "Other device's case" };
    const { cases, seen, startRead, waiting } = await racing([lease, estate]);
    const { reading, answer } = await startRead();
    cases.save([lease]);
    answer([caseRow(lease), caseRow(estate), caseRow(other)]);
    expect(await reading).toBe(true);
    expect(seen).toHaveBeenLastCalledWith([other, lease]);
    expect(await waiting()).toEqual([`delete {"id":"case-estate"}`]);
  });

  it("still sends an edit made as the read hands out its records (one store answering another's), not taking it for the server's", async () => {
    const { remote, cases, prefs, prefsLocal, pending } = await setup({ cases: [caseRow(lease), caseRow(estate)], preferences: [prefsRow] });
    // The cases' listener saves the preferences in the same task, before the read reaches them.
    cases.subscribe(() => prefs.save({ ...DEFAULT_PREFERENCES, compactMode: true }));
    expect(await remote.refresh()).toBe(true);
    expect(prefsLocal.saved.at(-1)).toEqual({ ...DEFAULT_PREFERENCES, compactMode: true });
    await remote.flush();
    expect(await pending()).toEqual([{ table: "preferences", op: "upsert", key: {}, row: expect.objectContaining({ compact_mode: true }) }]);
  });

  it("a change waiting when the read began and delivered while it ran still shows over the server's older row", async () => {
    const { outbox, cases, seen, startRead } = await racing([lease]);
    const renamed = { ...lease, title: "Lease (renewed)" };
    cases.save([renamed]);
    const { reading, answer } = await startRead();
    // The sender delivers it while the server is read; the server's answer was read before it arrived.
    await outbox.done(await outbox.take(10));
    answer([caseRow(lease), caseRow(estate)]);
    expect(await reading).toBe(true);
    expect(seen).toHaveBeenLastCalledWith([estate, renamed]);
  });
});
