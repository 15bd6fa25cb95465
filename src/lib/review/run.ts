import type { CellAnswer, CellTask } from "./grid";

/** A cell answered by a run. */
export interface Answered {
  task: CellTask;
  answer: CellAnswer;
}

export interface RunDeps {
  /** Answers one cell (in the search worker): what its document says to its question. */
  answer: (task: CellTask) => Promise<CellAnswer>;
  /** Receives answers in batches, so the page redraws a few times a second however fast cells come. */
  onAnswers: (batch: readonly Answered[]) => void;
  /** Called with a cell that could not be answered (the worker failed): it stays to answer on the next run. */
  onError?: (task: CellTask, error: unknown) => void;
  signal?: AbortSignal;
  now?: () => number;
  /** The longest a batch waits before it is handed over. */
  batchMs?: number;
  /** How many cells are asked at once: two keep the worker busy while the page takes an answer. */
  concurrency?: number;
}

/** By default answers are handed over at most every 100 ms. */
export const BATCH_MS = 100;

/**
 * Answers the cells in order, `concurrency` at a time, until all are answered or the signal stops the run (the
 * answers already in are still handed over). Resolves when it has stopped.
 */
export async function runCells(tasks: readonly CellTask[], deps: RunDeps): Promise<void> {
  const { signal, now = Date.now, batchMs = BATCH_MS, concurrency = 2 } = deps;
  let batch: Answered[] = [];
  let since = now();
  const hand = () => {
    if (batch.length) deps.onAnswers(batch);
    batch = [];
    since = now();
  };
  let next = 0;
  const lane = async () => {
    while (next < tasks.length && !signal?.aborted) {
      const task = tasks[next++] as CellTask;
      try {
        const answer = await deps.answer(task);
        if (signal?.aborted) return;
        batch.push({ task, answer });
        if (now() - since >= batchMs) hand();
      } catch (error) {
        deps.onError?.(task, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  hand();
}
