import { computed } from "nanostores";
import type { KnowledgeItem } from "../../lib/dash/knowledge";
import { pagesRead, workspaceEntries, type Upload } from "../../lib/dash/uploads";
import type { WorkspaceEntry } from "../../lib/search/entries";
import { isUnfinished } from "../../lib/documents/timeline";
import { handsOver } from "../../lib/search/handover";
import { ALL_SCOPE, documentFilter, type SearchScope } from "../../lib/search/scope";
import { $knowledgeItems } from "./knowledge";
import { $remote } from "./remote";
import { indexesForgotten, searchWorker, signedInUserId, startedSearchWorker } from "./searchWorker";
import { $uploads } from "./uploads";
import { $workspace } from "./workspace";

const knowledgeInputs = (items: readonly KnowledgeItem[]) =>
  items.map(({ id, title, type, source, description, text }) => ({ id, title, type, source, description, ...(text === undefined ? {} : { text }) }));

/** Whether the browser's index has given the documents' pages over to the server (handover.ts): only it can search them. */
export const $handedOver = computed([$uploads, $remote], (uploads, remote) => handsOver(pagesRead(uploads), remote !== null));

const $syncInput = computed([$workspace, $uploads, $knowledgeItems, $handedOver], (workspace, uploads, items, handover) =>
  workspace.status === "open" ? { userId: workspace.userId, documents: workspaceEntries(uploads), knowledgeItems: items, knowledge: knowledgeInputs(items), handover } : null,
);

type SyncInput = NonNullable<ReturnType<typeof $syncInput.get>>;

/** Whether two entries say the same (every field of the document compared, so a field added later counts too). */
function sameEntry(a: WorkspaceEntry, b: WorkspaceEntry): boolean {
  if (a.indexed !== b.indexed) return false;
  const x = a.document as unknown as Record<string, unknown>;
  const y = b.document as unknown as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((key) => x[key] === y[key]);
}

/**
 * Whether two syncs would tell the worker the same: a bulk import changes the records at every step of every file,
 * and sending all 1,000 entries each time kept the page busy (the knowledge items are compared as the list they are).
 */
const sameSync = (a: SyncInput, b: SyncInput): boolean =>
  a.userId === b.userId &&
  a.handover === b.handover &&
  a.knowledgeItems === b.knowledgeItems &&
  a.documents.length === b.documents.length &&
  a.documents.every((entry, i) => sameEntry(entry, b.documents[i]!));

/** The last sync sent to the worker: a search waits for it, so it sees the records as they are now. */
let lastSync: Promise<void> = Promise.resolve();

/** The uploads the scope can search that are still being read or stored, so not searched yet. */
const unread = (uploads: readonly Upload[], scope: SearchScope): Upload[] => {
  const searched = documentFilter(scope);
  return uploads.filter((upload) => isUnfinished(upload.processing) && searched(upload));
};

/** How many documents the scope can search are still being read or stored, so not searched yet. */
export const stillReading = (scope: SearchScope = ALL_SCOPE): number => unread($uploads.get(), scope).length;

/**
 * Resolves once no document the scope can search is still being read or stored and the index has the latest records,
 * or after `maxMs`: a question about the knowledge base alone does not wait for documents.
 */
export function whenIndexed(scope: SearchScope, maxMs: number): Promise<void> {
  if (maxMs <= 0) return lastSync.then(() => undefined, () => undefined);
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      stop();
      clearTimeout(timer);
      void lastSync.then(resolve, resolve);
    };
    const timer = setTimeout(finish, maxMs);
    const stop = $uploads.subscribe((uploads) => {
      if (unread(uploads, scope).length === 0) queueMicrotask(finish);
    });
  });
}

/**
 * Keeps the index in step with the open workspace while the dashboard is shown: documents deleted, re-filed or read
 * elsewhere (another tab), and knowledge items added. Changes in one task are sent as one sync. Returns the stop.
 */
export function keepSearchIndex(): () => void {
  let queued = false;
  /**
   * The input of the last sync sent, and the index it went to: a change of the records that changes none of it (a step
   * of a reading) sends none, unless the index was dropped since.
   */
  let sent: SyncInput | null = null;
  let sentTo = indexesForgotten();
  const stop = $syncInput.subscribe(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      const input = $syncInput.get();
      if (!input) sent = null;
      if (!input || (sent && sentTo === indexesForgotten() && sameSync(sent, input))) return;
      sent = input;
      sentTo = indexesForgotten();
      lastSync = searchWorker().sync(input.userId, input.documents, input.knowledge, input.handover).catch(() => undefined);
    });
  });
  const flush = () => {
    const id = signedInUserId();
    const remote = startedSearchWorker();
    if (id && remote && document.visibilityState === "hidden") void remote.flush(id);
  };
  document.addEventListener("visibilitychange", flush);
  return () => {
    stop();
    document.removeEventListener("visibilitychange", flush);
  };
}
