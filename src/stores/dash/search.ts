import { wrap, type Remote } from "comlink";
import { computed } from "nanostores";
import type { KnowledgeItem } from "../../lib/dash/knowledge";
import type { Upload } from "../../lib/dash/uploads";
import type { PageText } from "../../lib/documents/ingest";
import type { Retriever } from "../../lib/search/reply";
import { searchDocument, workspaceEntries } from "../../lib/search/service";
import { isUnfinished } from "../../lib/documents/timeline";
import { ALL_SCOPE, documentFilter, type SearchScope } from "../../lib/search/scope";
import type { SearchWorkerApi } from "../../lib/search/workerApi";
import { $auth } from "../auth";
import { $knowledgeItems } from "./knowledge";
import { $uploads } from "./uploads";
import { $workspace } from "./workspace";
import { $remote } from "./remote";
import { createServerRetriever } from "../../lib/search/serverPages";

/** How long a call to the worker may take before the caller hears it failed (a worker that died never answers). */
const WORKER_TIMEOUT_MS = 15_000;

/** The worker's answer, or a rejection once WORKER_TIMEOUT_MS have passed without one. */
async function inTime<T>(call: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("The search worker did not answer in time")), WORKER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([call, late]);
  } finally {
    clearTimeout(timer);
  }
}

let remote: Remote<SearchWorkerApi> | null = null;
/** The search worker, started on first use: only the workspace (/dash) ever starts it. */
const worker = (): Remote<SearchWorkerApi> =>
  (remote ??= wrap<SearchWorkerApi>(new Worker(new URL("../../workers/search.worker.ts", import.meta.url), { type: "module", name: "search" })));

const userId = () => $auth.get().user?.id ?? null;

const knowledgeInputs = (items: readonly KnowledgeItem[]) =>
  items.map(({ id, title, type, source, description, text }) => ({ id, title, type, source, description, ...(text === undefined ? {} : { text }) }));

/** Searches the signed-in user's index; rejects when no one is signed in or the worker does not answer in time. */
const browserRetriever: Retriever = {
  async search(query, options) {
    const id = userId();
    if (!id) throw new Error("No one is signed in");
    return inTime(worker().search(id, query, options));
  },
};

/**
 * The one retriever of answers and Files' search: the browser's index, and with Supabase, search_pages for the
 * documents' pages (every device's), the index keeping the knowledge items (and the pages when the server is down).
 */
export const retriever: Retriever = {
  search(query, options) {
    const remote = $remote.get();
    if (!remote) return browserRetriever.search(query, options);
    const server = createServerRetriever(browserRetriever, (q, { documentIds, caseIds }, limit) => remote.api.searchPages(q, documentIds, caseIds, limit));
    return server.search(query, options);
  },
};

/** Adds a document's pages to the index: the Embedding step of an upload or a re-index (never held up by a dead worker). */
export async function indexPages(upload: Upload, pages: readonly PageText[]): Promise<void> {
  const id = userId();
  if (id) await inTime(worker().add(id, searchDocument(upload), [...pages]));
}

/** Drops the signed-in user's index without saving it ('Clear workspace data' deletes the database under it). */
export function forgetSearchIndex(): void {
  const id = userId();
  if (id && remote) void remote.forget(id);
}

const $syncInput = computed([$workspace, $uploads, $knowledgeItems], (workspace, uploads, items) =>
  workspace.status === "open" ? { userId: workspace.userId, documents: workspaceEntries(uploads), knowledge: knowledgeInputs(items) } : null,
);

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
  const stop = $syncInput.subscribe(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      const input = $syncInput.get();
      if (input) lastSync = worker().sync(input.userId, input.documents, input.knowledge).catch(() => undefined);
    });
  });
  const flush = () => {
    const id = userId();
    if (id && remote && document.visibilityState === "hidden") void remote.flush(id);
  };
  document.addEventListener("visibilitychange", flush);
  return () => {
    stop();
    document.removeEventListener("visibilitychange", flush);
  };
}
