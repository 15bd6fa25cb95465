import { computed } from "nanostores";
import type { AssistantClient } from "../../lib/assistant/client";
import { ASSISTANT_URL } from "../../lib/assistant/endpoint";
import { keptAnswerLine, oneLineQuestion } from "../../lib/review/answerLine";
import { displayName } from "../../lib/dash/profile";
import { cellAnswer, cellSearch } from "../../lib/review/grid";
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

/** How long a cell waits for its one-line answer before it is shown without one. */
const ANSWER_LINE_MS = 20_000;

/** Asks the model for a cell's one-line answer from its passage only; null when it names nothing the passage says. */
async function answerLine(model: AssistantClient, question: string, passage: string): Promise<string | null> {
  const { text } = await model.answer({
    question: oneLineQuestion(question),
    passages: [{ n: 1, title: "Passage", source: "the document", text: passage }],
    signal: AbortSignal.timeout(ANSWER_LINE_MS),
    onText: () => undefined,
  });
  return keptAnswerLine(text, passage);
}

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
    const line = model ? await answerLine(model, task.question, found.quote.text).catch(() => null) : null;
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
