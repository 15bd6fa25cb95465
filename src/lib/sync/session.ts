import type { SearchTerms } from "../search/rank";
import type { PageHit } from "../search/results";
import type { ReadableAtom } from "nanostores";
import type { PersistedRecords } from "../dash/persisted";
import type { Repository } from "../dash/repository";
import { openOutbox, type Change, type Outbox } from "./outbox";
import { createRemoteWorkspace, orderForApply, type RemoteReader } from "./remote";
import { createSender, type SendOutcome, type SenderState } from "./sender";
import { TABLE_MAPPINGS } from "./tables";

/** What a sync session needs of the server (supabaseBackend.ts gives it over supabase-js). */
export interface SyncApi {
  /**
   * Every row of a table `owner` (the user) may read. The user's own rows come without owner_id (and the columns naming
   * them); a colleague's shared rows keep theirs.
   */
  reader: { select(table: string, owner: string): ReturnType<RemoteReader["select"]> };
  /** apply_changes: the changes in one request, for `owner` (the user whose outbox they come from) only. */
  send(changes: Change[], owner: string): Promise<SendOutcome>;
  /** search_pages, within documents and cases when given (null: all); throws when the server cannot answer. */
  searchPages(terms: SearchTerms, documentIds: readonly string[] | null, caseIds: readonly string[] | null, limit: number): Promise<PageHit[]>;
  /** A document's pages as stored (number, text, how it was read); throws when the server cannot answer. */
  pages(documentId: string): Promise<{ number: number; text: string; source: "text" | "ocr" }[]>;
  /** The user's private documents bucket: put, get and remove originals at `<user id>/<document id>/<file name>`. */
  uploadFile(path: string, bytes: ArrayBuffer, contentType: string): Promise<void>;
  downloadFile(path: string): Promise<ArrayBuffer>;
  removeFiles(paths: readonly string[]): Promise<void>;
  /** Every object under the user's folder (Clear workspace data). */
  listFiles(): Promise<string[]>;
}

type Events = Pick<Window, "addEventListener" | "removeEventListener">;

export interface SyncSessionOptions {
  /** Where queued changes wait synchronously until the outbox has them (localStorage): see the remote's journal. */
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  /** focus, online and pagehide. */
  win?: Events;
  /** visibilitychange. */
  doc?: Events & Pick<Document, "visibilityState">;
  onError?: (error: unknown) => void;
  /** How often another device's changes are fetched while the workspace is open. */
  refreshMs?: number;
  now?: () => Date;
}

/** The localStorage key of a user's journal (see createJournal). */
export const journalKey = (userId: string): string => `paphos-ai:sync-journal:${encodeURIComponent(userId)}`;

/** Another device's changes are read at least this often, and whenever the workspace comes back into view. */
export const REFRESH_MS = 30_000;

export interface SyncSession {
  /** The repository a feature's store uses in this mode: its browser repository (the cache) and the server. */
  wrap(entry: PersistedRecords, local: Repository<unknown>): Repository<unknown>;
  /** Reads the server and starts sending, refetching and listening (after every feature has loaded). */
  start(): void;
  /** Stops timers and listeners; waiting changes stay in the outbox for next time. */
  stop(): void;
  $state: ReadableAtom<SenderState>;
  /** Reads the server now; false when it could not be read. */
  refresh(): Promise<boolean>;
  /** Resolves once the edits made so far are queued and nothing is being sent (tests, sign-out). */
  settled(): Promise<void>;
  /** Queues changes that no feature's records hold (a document's pages), to be sent like any edit. */
  queue(changes: readonly Change[]): Promise<void>;
  /** How many records have a change the server has not confirmed, the edits made so far queued first (Sign Out says it). */
  waiting(): Promise<number>;
  /**
   * The documents whose pages the server has not confirmed (read here a moment ago, or while it could not be
   * reached): search_pages cannot find them yet, so this browser's copy of their pages stands in (serverPages.ts).
   */
  unsentPages(): Promise<ReadonlySet<string>>;
}

/** Parses a sharded feature's records (messages by conversation): each shard on its own, a bad one left out. */
const parseShards = (parseShard: (data: unknown) => unknown) => (records: unknown) => {
  if (!(records instanceof Map)) return null;
  const parsed = new Map<string, unknown>();
  for (const [id, shard] of records as Map<string, unknown>) {
    const value = parseShard(shard);
    if (value !== null) parsed.set(id, value);
  }
  return parsed;
};

/**
 * The signed-in user's workspace kept in their Supabase project: edits go to an IndexedDB outbox at once and are
 * sent in the background (retried with backoff while the network or the server is down, across reloads); the
 * server's records are read when the workspace opens, when it comes back into view, when the browser is back
 * online, and every 30 s.
 */
export async function openSyncSession(userId: string, api: SyncApi, options: SyncSessionOptions = {}): Promise<SyncSession> {
  const { win, doc, onError = () => undefined, refreshMs = REFRESH_MS } = options;
  const opened = await openOutbox(userId);
  /** Bumped once each change of the outbox is made: what unsentPages read before it is stale. */
  let outboxChanges = 0;
  const changing =
    <A extends unknown[]>(change: (...args: A) => Promise<void>) =>
    async (...args: A): Promise<void> => {
      try {
        await change(...args);
      } finally {
        outboxChanges += 1;
      }
    };
  const outbox: Outbox = { ...opened, put: changing(opened.put), done: changing(opened.done) };
  /** The documents whose pages wait, as last read, and at which change of the outbox (a Review asks for each cell). */
  let unsent: { at: number; ids: Promise<ReadonlySet<string>> } | null = null;
  const journal = createJournal(options.storage ?? null, journalKey(userId));
  // Changes a page closed on before the outbox had them: into the outbox first.
  const unwritten = journal.pending();
  if (unwritten.length > 0) {
    await outbox.put(unwritten);
    journal.clear();
  }
  const sender = createSender({
    outbox,
    send: (changes) => api.send(orderForApply(changes), userId),
    onRefused: (change, code, message) => onError(new Error(`The server refused a change of ${change.table} (${code}): ${message}`)),
    // The server holds a newer version of those records (another device's edit): show it.
    onSkipped: () => refresh(),
  });
  const remote = createRemoteWorkspace({ reader: { select: (table) => api.reader.select(table, userId) }, outbox, sender, onError, journal: journal.write, ...(options.now ? { now: options.now } : {}) });
  let interval: ReturnType<typeof setInterval> | undefined;

  /** The read of the server under way, if any (the session's own, or one asked for: joining a firm reads it again). */
  let reading: Promise<unknown> | null = null;
  /** Reads the server, the read kept as the one under way until it ends. */
  const read = (): Promise<boolean> => {
    const under = remote.refresh();
    const settled = under.catch(() => undefined);
    reading = settled;
    void settled.finally(() => {
      if (reading === settled) reading = null;
    });
    return under;
  };
  const refresh = () => void read().catch(onError);
  const onVisible = () => {
    if (doc && doc.visibilityState !== "visible") return;
    sender.kick({ now: true });
    // A read begun a moment ago is what coming back asks for: the focus a page gets once it has loaded, while the
    // opening read is under way, reads nothing twice.
    if (!reading) refresh();
  };
  const onOnline = () => sender.kick({ now: true });
  const onHide = () => void remote.flush();

  return {
    $state: sender.$state,
    refresh: read,
    async queue(changes) {
      await outbox.put(orderForApply(changes));
      sender.kick();
    },
    async settled() {
      await remote.flush();
      await sender.idle();
    },
    async waiting() {
      await remote.flush();
      return outbox.count();
    },
    unsentPages() {
      if (unsent?.at !== outboxChanges) {
        const ids = outbox.waitingKeys("document_pages").then((keys) => new Set(keys.map((key) => String(key.document_id))));
        unsent = { at: outboxChanges, ids };
        // A failed read is not kept: the next search reads again.
        ids.catch(() => {
          if (unsent?.ids === ids) unsent = null;
        });
      }
      return unsent.ids;
    },
    wrap(entry, local) {
      const mapping = TABLE_MAPPINGS.find((m) => m.feature === entry.feature.name);
      if (!mapping) return local;
      const parse = entry.sharded ? parseShards(entry.feature.parseShard) : entry.feature.parse;
      return remote.repository({ mapping, local, parse });
    },
    start() {
      void sender.refresh(true);
      sender.kick({ now: true });
      refresh();
      interval = setInterval(refresh, refreshMs);
      win?.addEventListener("focus", onVisible);
      doc?.addEventListener("visibilitychange", onVisible);
      win?.addEventListener("online", onOnline);
      win?.addEventListener("pagehide", onHide);
    },
    stop() {
      clearInterval(interval);
      win?.removeEventListener("focus", onVisible);
      doc?.removeEventListener("visibilitychange", onVisible);
      win?.removeEventListener("online", onOnline);
      win?.removeEventListener("pagehide", onHide);
      remote.close();
      // What was edited is queued and its send finishes (or times out) before the outbox closes under it.
      void (async () => {
        await remote.flush();
        sender.close();
        await sender.idle();
        outbox.close();
      })().catch(onError);
    },
  };
}

/**
 * A synchronous journal of queued changes in localStorage, each entry removed once the outbox has it: what a page
 * closed before IndexedDB finished is put into the outbox when the workspace opens again. Blocked or full storage
 * keeps nothing (the outbox alone then).
 */
export function createJournal(storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null, key: string) {
  let next = 0;
  const read = (): { id: string; changes: Change[] }[] => {
    try {
      const value: unknown = JSON.parse(storage?.getItem(key) ?? "[]");
      return Array.isArray(value) ? (value as { id: string; changes: Change[] }[]) : [];
    } catch {
      return [];
    }
  };
  const save = (entries: { id: string; changes: Change[] }[]) => {
    try {
      if (entries.length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(entries));
    } catch {
      // Full or blocked: the outbox alone keeps the changes.
    }
  };
  return {
    write(changes: readonly Change[]) {
      const id = `${String(Date.now())}-${String((next += 1))}`;
      save([...read(), { id, changes: [...changes] }]);
      return () => save(read().filter((entry) => entry.id !== id));
    },
    pending: (): Change[] => read().flatMap((entry) => entry.changes),
    clear: () => save([]),
  };
}
