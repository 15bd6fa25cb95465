import { wrap, type Remote } from "comlink";
import { searchDocument, type Upload } from "../../lib/dash/uploads";
import type { PageText } from "../../lib/documents/pages";
import type { SearchWorkerApi } from "../../lib/search/worker/workerApi";
import { $auth } from "../auth";

/** How long a call to the worker may take before the caller hears it failed (a worker that died never answers). */
const WORKER_TIMEOUT_MS = 15_000;

/** The worker's answer, or a rejection once WORKER_TIMEOUT_MS have passed without one. */
export async function inTime<T>(call: Promise<T>): Promise<T> {
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
export const searchWorker = (): Remote<SearchWorkerApi> =>
  (remote ??= wrap<SearchWorkerApi>(new Worker(new URL("../../workers/search.worker.ts", import.meta.url), { type: "module", name: "search" })));

/** The search worker if it has been started, else null: what only a started worker holds needs no new one. */
export const startedSearchWorker = (): Remote<SearchWorkerApi> | null => remote;

/** Whose index the worker's calls use: the signed-in user's, or null when no one is signed in. */
export const signedInUserId = (): string | null => $auth.get().user?.id ?? null;

/** Adds a document's pages to the index: the Embedding step of an upload or a re-index (never held up by a dead worker). */
export async function indexPages(upload: Upload, pages: readonly PageText[]): Promise<void> {
  const id = signedInUserId();
  if (id) await inTime(searchWorker().add(id, searchDocument(upload), [...pages]));
}

let forgets = 0;
/** How many times an index was dropped: a sync after one is sent even when the records look the same. */
export const indexesForgotten = (): number => forgets;

/** Drops the signed-in user's index without saving it ('Clear workspace data' deletes the database under it). */
export function forgetSearchIndex(): void {
  forgets += 1;
  const id = signedInUserId();
  if (id && remote) void remote.forget(id);
}
