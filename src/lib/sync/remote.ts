import type { Repository } from "../dash/repository";
import { diffRows, editedBetween, mergeEditedDuringRead, orderLike, sameSnapshot, snapshotOf, withPending, type Snapshot } from "./merge";
import type { Change, Outbox, Row } from "./outbox";
import type { Sender } from "./sender";
import { TABLE_ORDER, isColleagues, type TableMapping } from "./tables";

/** What the workspace asks of the server: every row of a table the user may see, or why it could not. */
export interface RemoteReader {
  select(table: string): Promise<{ ok: true; rows: Row[] } | { ok: false; reason: string }>;
}

/** One feature as the remote workspace keeps it: its mapping, the local cache, and how to parse what comes back. */
export interface SyncedFeature {
  mapping: TableMapping;
  local: Repository<unknown>;
  parse: (records: unknown) => unknown;
}

export interface RemoteWorkspaceDeps {
  reader: RemoteReader;
  outbox: Outbox;
  sender: Sender;
  now?: () => Date;
  /** How long queued changes are gathered before they are sent (a message and its conversation: one write). */
  delayMs?: number;
  /**
   * Keeps changes synchronously until the outbox (IndexedDB, asynchronous) has them: a page closed right after an edit
   * would otherwise lose a write still under way. Returns what to call once the outbox has them.
   */
  journal?: (changes: readonly Change[]) => () => void;
  onError?: (error: unknown) => void;
}

/** A batch in the order apply_changes can take it: parents' upserts before their children's, children's deletes first. */
export function orderForApply(changes: readonly Change[]): Change[] {
  const rank = (change: Change) => {
    const i = (TABLE_ORDER as readonly string[]).indexOf(change.table);
    return change.op === "upsert" ? i : TABLE_ORDER.length * 2 - i;
  };
  return [...changes].sort((a, b) => rank(a) - rank(b));
}

/**
 * The signed-in user's workspace in their Supabase project. Each feature keeps its local cache (the browser
 * repository: the workspace opens at once, and offline); edits are diffed per record against what was last shown and
 * queued in the outbox, which the sender delivers; `refresh()` reads every table once, in parallel, lays the waiting
 * changes over them and hands each feature its records. A user the server has never seen (no preferences row) gets
 * the samples as their own rows, queued like any edit.
 */
export function createRemoteWorkspace({
  reader,
  outbox,
  sender,
  now = () => new Date(),
  delayMs = 300,
  onError = () => undefined,
  journal = () => () => undefined,
}: RemoteWorkspaceDeps) {
  /** Each feature: what was last shown and queued (snapshot), its latest records, and `edits`, counted per save. */
  const features: {
    feature: SyncedFeature;
    snapshot: Snapshot;
    latest: unknown;
    dirty: boolean;
    edits: number;
    listeners: Set<(value: unknown) => void>;
  }[] = [];
  let sendTimer: ReturnType<typeof setTimeout> | undefined;
  let scheduled = false;
  let closed = false;
  let queueing: Promise<void> = Promise.resolve();

  /** Sends what was queued after a short gathering, or at once. */
  const kickSender = (now: boolean) => {
    clearTimeout(sendTimer);
    sendTimer = undefined;
    if (now) sender.kick();
    else sendTimer = setTimeout(() => kickSender(true), delayMs);
  };

  /**
   * Diffs every feature edited since the last time and queues all their changes in the outbox at once, right after
   * the edit (IndexedDB keeps them even if the page closes a moment later); sending waits `delayMs` to gather more.
   */
  const queueEdits = (sendNow = false): Promise<void> => {
    scheduled = false;
    const changes: Change[] = [];
    for (const entry of features) {
      if (!entry.dirty) continue;
      entry.dirty = false;
      const rows = entry.feature.mapping.toRows(entry.latest);
      changes.push(...diffRows(entry.feature.mapping, entry.snapshot, rows, now()));
      entry.snapshot = snapshotOf(entry.feature.mapping, rows);
    }
    if (changes.length > 0) {
      const kept = journal(changes);
      queueing = queueing
        .then(() => outbox.put(orderForApply(changes)))
        .then(kept)
        .catch(onError);
    }
    if (changes.length > 0 || sendNow) void queueing.then(() => kickSender(sendNow));
    return queueing;
  };

  /** Queues the edits of this task (a message and its conversation change together) once it ends. */
  const scheduleQueue = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => void queueEdits());
  };

  /** The repository a feature's store uses: its local cache, plus the server. */
  function repository(feature: SyncedFeature): Repository<unknown> {
    const entry = {
      feature,
      snapshot: new Map() as Snapshot,
      latest: undefined as unknown,
      dirty: false,
      edits: 0,
      listeners: new Set<(value: unknown) => void>(),
    };
    features.push(entry);
    return {
      async load() {
        const cached = await feature.local.load();
        // The edits still waiting in the outbox are laid over the cache: they show even when the cache missed them
        // (the page closed before it was written) and the server cannot be reached.
        const pending = (await outbox.take(Number.MAX_SAFE_INTEGER)).filter((q) => q.change.table === feature.mapping.table);
        const overlaid = pending.length === 0 ? cached : feature.parse(feature.mapping.fromRows(withPending(feature.mapping, feature.mapping.toRows(cached), pending)));
        entry.latest = overlaid === null ? cached : orderLike(overlaid, cached);
        entry.snapshot = snapshotOf(feature.mapping, feature.mapping.toRows(entry.latest));
        return entry.latest;
      },
      save(value) {
        feature.local.save(value);
        entry.latest = value;
        entry.dirty = true;
        entry.edits += 1;
        scheduleQueue();
      },
      flush() {
        feature.local.flush();
        void queueEdits(true);
      },
      subscribe(listener) {
        entry.listeners.add(listener);
        const stopLocal = feature.local.subscribe((value) => {
          entry.latest = value;
          entry.snapshot = snapshotOf(feature.mapping, feature.mapping.toRows(value));
          listener(value);
        });
        return () => {
          entry.listeners.delete(listener);
          stopLocal();
        };
      },
      close() {
        void queueEdits();
        feature.local.close();
        entry.listeners.clear();
        features.splice(features.indexOf(entry), 1);
      },
    };
  }

  /** A feature's records as read: on screen (its listeners) and in its cache. */
  function show(entry: (typeof features)[number], records: unknown) {
    entry.latest = records;
    entry.feature.local.save(records);
    for (const listener of entry.listeners) listener(records);
  }

  /**
   * Reads the server: every table once, in parallel. Each feature then shows the server's records with the user's
   * waiting edits over them. Resolves false when the server could not be read (the cache stays as it is).
   */
  async function refresh(): Promise<boolean> {
    await queueEdits();
    // What each feature showed when the read began (records are never changed in place), to tell the records edited
    // here while it is read.
    const atStart = new Map(features.map((entry) => [entry, { edits: entry.edits, latest: entry.latest }]));
    // The edits waiting now still lay over what is read if the sender delivers them while the server is read.
    const waitingAtStart = await outbox.take(Number.MAX_SAFE_INTEGER);
    const tables = [...new Set(features.map((entry) => entry.feature.mapping.table))];
    const answers = await Promise.all(tables.map((table) => reader.select(table)));
    const rowsOf = new Map<string, Row[]>();
    // Closed meanwhile (signed out, another user): what was read belongs to nobody on screen now.
    if (closed) return false;
    for (const [i, answer] of answers.entries()) {
      if (!answer.ok) return false;
      rowsOf.set(tables[i]!, answer.rows);
    }
    const pending = [...waitingAtStart, ...(await outbox.take(Number.MAX_SAFE_INTEGER))];
    if (closed) return false;
    const firstUse = rowsOf.get("preferences")?.length === 0 && !pending.some((q) => q.change.table === "preferences");
    for (const entry of features) {
      // Still reading its cache (a screen that joined while the server was read): nothing to lay the server's rows
      // over yet. The refresh that follows its load (workspace.join) reads it.
      if (entry.latest === undefined) continue;
      const { mapping } = entry.feature;
      if (firstUse) {
        // A new user: what they see (their samples, or what they did before the server answered) becomes their rows,
        // and a firm they joined before this first visit shows its shared records beside them at once (the server
        // holds those already: only the user's own are queued).
        entry.snapshot = new Map();
        entry.dirty = true;
        const colleagues = (rowsOf.get(mapping.table) ?? []).filter(isColleagues);
        if (colleagues.length === 0) continue;
        const read = entry.feature.parse(mapping.fromRows([...mapping.toRows(entry.latest), ...colleagues]));
        if (read === null) continue;
        const parsed = orderLike(read, entry.latest);
        entry.snapshot = snapshotOf(mapping, mapping.toRows(parsed).filter(isColleagues));
        show(entry, parsed);
        continue;
      }
      const start = atStart.get(entry);
      const here = mapping.toRows(entry.latest);
      const hereNow = snapshotOf(mapping, here);
      // Records edited here while the server was read stay as they are here; the others are the server's.
      const edited =
        start !== undefined && entry.edits !== start.edits ? editedBetween(snapshotOf(mapping, mapping.toRows(start.latest)), hereNow) : new Set<string>();
      const serverRows = withPending(mapping, rowsOf.get(mapping.table) ?? [], pending);
      const read = entry.feature.parse(mapping.fromRows(edited.size > 0 ? mergeEditedDuringRead(mapping, edited, here, serverRows) : serverRows));
      const parsed = read === null ? null : orderLike(read, entry.latest);
      if (parsed === null) {
        onError(new Error(`The server's ${mapping.feature} could not be read`));
        continue;
      }
      const snapshot = snapshotOf(mapping, mapping.toRows(parsed));
      const unchanged = sameSnapshot(snapshot, hereNow);
      // Each of those keeps what was last queued of it, so an edit not queued yet is still diffed and sent.
      for (const id of edited) {
        const queued = entry.snapshot.get(id);
        if (queued === undefined) snapshot.delete(id);
        else snapshot.set(id, queued);
      }
      if (unchanged) {
        entry.snapshot = snapshot;
        continue;
      }
      entry.snapshot = snapshot;
      show(entry, parsed);
    }
    if (firstUse) await queueEdits();
    return true;
  }

  return {
    repository,
    refresh,
    /** Queues what was edited and sends it now (the page is being hidden, a test). */
    flush: () => queueEdits(true),
    /** Ends the workspace: a read still under way changes nothing any more. */
    close: () => {
      closed = true;
      clearTimeout(sendTimer);
    },
  };
}

export type RemoteWorkspace = ReturnType<typeof createRemoteWorkspace>;
