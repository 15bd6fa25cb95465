import { computed } from "nanostores";
import { ASSISTANT_URL } from "../../lib/assistant/endpoint";
import { askOneLine, oneLineQuestion } from "../../lib/assistant/oneLine";
import { displayName } from "../../lib/dash/profile";
import { cellAnswer, cellPassage, cellSearch } from "../../lib/review/grid";
import { $auth } from "../auth";
import { clock, newRecordId } from "./clock";
import { $documents } from "./files";
import { createReviewGridStore, documentStates } from "./reviewGridStore";
import { $reviewCells, $reviews } from "./reviews";
import { $uploads } from "./uploads";

/** Where each document of the workspace stands for a review: its status and which reading it is. */
const $documentStates = computed([$documents, $uploads], (documents, uploads) =>
  documentStates(documents, new Map(uploads.map((u) => [u.id, u.processing.started]))),
);

/** What a cell's one-line answer looks like, as the model is shown it. */
const CELL_EXAMPLES = '"Illinois", "10 years from delivery", "Yes, with prior written consent"';

const grid = createReviewGridStore({
  $reviews,
  $cells: $reviewCells,
  $documents: $documentStates,
  // Loaded on the first answer: the retriever reads $auth, which this module's tests cannot load.
  answer: async (task) => {
    const { retriever } = await import("./retriever");
    const found = cellAnswer(await retriever.search(task.question, cellSearch(task.docId)));
    if (!ASSISTANT_URL || found.status !== "found" || !found.quote) return found;
    // With a model, a one-line answer written from this cell's passage alone; a failed or unfounded one is left out.
    const model = (await import("./assistant")).assistantClient();
    const line = model ? await askOneLine(model, oneLineQuestion(task.question, CELL_EXAMPLES), [cellPassage(task.docId, found.quote)]) : null;
    return line ? { ...found, answer: line } : found;
  },
  who: () => {
    const { user, profile } = $auth.get();
    return displayName(user, profile) || "Unknown";
  },
  now: () => new Date(clock.now()),
  newId: newRecordId,
});

export const { $run: $reviewRun, $progress: $reviewProgress } = grid;
export const { createReview, renameReview, deleteReview, run: runReview, stop: stopReview } = grid;
export const { addColumns, changeColumn, removeColumn, addDocuments, removeDocument, mark: markCell, note: noteCell } = grid;
export { $documentStates };
