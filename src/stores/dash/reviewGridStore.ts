import { atom, computed, type ReadableAtom, type WritableAtom } from "nanostores";
import type { WorkspaceDocument } from "../../lib/dash/files";
import { withEntry, withoutEntry } from "../../lib/dash/parse";
import {
  answeredCell,
  cellsByKey,
  cellsToAnswer,
  keptCells,
  markedCell,
  notedCell,
  progressOf,
  settleCells,
  withColumns,
  withDocuments,
  type CellAnswer,
  type CellTask,
  type DocumentState,
} from "../../lib/review/grid";
import { cellKey, type MarkState, type Review, type ReviewCell, type ReviewColumn, type ReviewDocument } from "../../lib/review/review";
import { runCells, type Answered } from "../../lib/review/run";

export interface ReviewGridDeps {
  $reviews: WritableAtom<Review[]>;
  $cells: WritableAtom<ReadonlyMap<string, ReviewCell[]>>;
  /** Where each document of the workspace stands (status, and which reading it is). */
  $documents: ReadableAtom<ReadonlyMap<string, DocumentState>>;
  /** Answers one cell in the search worker. */
  answer: (task: CellTask) => Promise<CellAnswer>;
  /** Who marks a cell: the signed-in lawyer's name. */
  who: () => string;
  now: () => Date;
  newId: () => string;
}

/** The run under way: which review, and whether it is still answering. */
export interface RunState {
  reviewId: string;
  running: boolean;
}

/** The lawyer's reviews and the grid's actions: creating, editing, running, marking. */
export function createReviewGridStore(deps: ReviewGridDeps) {
  const { $reviews, $cells, $documents } = deps;
  const $run = atom<RunState | null>(null);
  let controller: AbortController | null = null;
  const iso = () => deps.now().toISOString();

  const reviewOf = (id: string) => $reviews.get().find((r) => r.id === id);
  const cellsOf = (id: string): readonly ReviewCell[] => $cells.get().get(id) ?? [];
  const setCells = (id: string, cells: readonly ReviewCell[]) => {
    if (cells !== $cells.get().get(id)) $cells.set(withEntry($cells.get(), id, [...cells]));
  };
  /** Changes a review and moves it to the top of the list (newest first). */
  const changeReview = (id: string, edit: (review: Review) => Review) => {
    const review = reviewOf(id);
    if (!review) return;
    const next = { ...edit(review), updatedAt: iso() };
    $reviews.set([next, ...$reviews.get().filter((r) => r.id !== id)]);
    setCells(id, keptCells(next, cellsOf(id)));
  };

  const apply = (reviewId: string, batch: readonly Answered[]) => {
    const byKey = cellsByKey(cellsOf(reviewId));
    const at = iso();
    for (const { task, answer } of batch) byKey.set(cellKey(task.docId, task.columnId), answeredCell(byKey.get(cellKey(task.docId, task.columnId)), task, answer, at));
    setCells(reviewId, [...byKey.values()]);
  };

  /** Stops the run under way; the cells answered so far stay. */
  const stop = () => {
    controller?.abort();
    controller = null;
    const run = $run.get();
    if (run) $run.set({ ...run, running: false });
  };

  /** Answers what the review lacks (only the cells that changed), after saying which cannot be read. */
  const run = async (reviewId: string) => {
    stop();
    const review = reviewOf(reviewId);
    if (!review) return;
    setCells(reviewId, settleCells(review, cellsOf(reviewId), $documents.get(), iso()));
    const tasks = cellsToAnswer(review, cellsOf(reviewId), $documents.get());
    const mine = new AbortController();
    controller = mine;
    $run.set({ reviewId, running: tasks.length > 0 });
    await runCells(tasks, { answer: deps.answer, onAnswers: (batch) => apply(reviewId, batch), signal: mine.signal });
    if (controller === mine) {
      controller = null;
      $run.set({ reviewId, running: false });
    }
  };

  /** A new review of these documents and questions, at the top of the list; it starts answering at once. */
  const createReview = (title: string, documents: readonly ReviewDocument[], columns: readonly ReviewColumn[]): string => {
    const at = iso();
    const review: Review = { id: deps.newId(), title: title.trim() || "Untitled review", documents: withDocuments([], documents), columns: withColumns([], columns), createdAt: at, updatedAt: at };
    $reviews.set([review, ...$reviews.get()]);
    setCells(review.id, []);
    void run(review.id);
    return review.id;
  };

  const renameReview = (id: string, title: string) => {
    if (title.trim()) changeReview(id, (r) => ({ ...r, title: title.trim() }));
  };

  const deleteReview = (id: string) => {
    if ($run.get()?.reviewId === id) stop();
    $reviews.set($reviews.get().filter((r) => r.id !== id));
    $cells.set(withoutEntry($cells.get(), id));
  };

  /** Edits a review's rows or columns; the cells that changed are answered again. */
  const edit = (id: string, change: (review: Review) => Review) => {
    changeReview(id, change);
    void run(id);
  };

  const changeCell = (reviewId: string, docId: string, columnId: string, change: (cell: ReviewCell) => ReviewCell) => {
    const byKey = cellsByKey(cellsOf(reviewId));
    const cell = byKey.get(cellKey(docId, columnId));
    if (!cell) return;
    byKey.set(cellKey(docId, columnId), change(cell));
    setCells(reviewId, [...byKey.values()]);
  };

  return {
    $run,
    /** Each review's progress: cells answered for the documents as they are now, of all. */
    $progress: computed([$reviews, $cells, $documents], (reviews, cells, documents) => new Map(reviews.map((r) => [r.id, progressOf(r, cells.get(r.id) ?? [], documents)]))),
    createReview,
    renameReview,
    deleteReview,
    run,
    stop,
    addColumns: (id: string, columns: readonly ReviewColumn[]) => edit(id, (r) => ({ ...r, columns: withColumns(r.columns, columns) })),
    changeColumn: (id: string, column: ReviewColumn) => edit(id, (r) => ({ ...r, columns: r.columns.map((c) => (c.id === column.id ? column : c)) })),
    removeColumn: (id: string, columnId: string) => edit(id, (r) => ({ ...r, columns: r.columns.filter((c) => c.id !== columnId) })),
    addDocuments: (id: string, documents: readonly ReviewDocument[]) => edit(id, (r) => ({ ...r, documents: withDocuments(r.documents, documents) })),
    removeDocument: (id: string, docId: string) => edit(id, (r) => ({ ...r, documents: r.documents.filter((d) => d.id !== docId) })),
    mark: (reviewId: string, docId: string, columnId: string, state: MarkState | null) => changeCell(reviewId, docId, columnId, (cell) => markedCell(cell, state, deps.who(), iso())),
    note: (reviewId: string, docId: string, columnId: string, text: string) => changeCell(reviewId, docId, columnId, (cell) => notedCell(cell, text)),
  };
}

/** Where each document stands for a review: Files' documents with the reading each is (its last upload or re-index). */
export function documentStates(documents: readonly WorkspaceDocument[], versions: ReadonlyMap<string, string>): ReadonlyMap<string, DocumentState> {
  return new Map(documents.map((d) => [d.id, { status: d.status, version: versions.get(d.id) ?? "" }]));
}
