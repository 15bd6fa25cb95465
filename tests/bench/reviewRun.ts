import { atom } from "nanostores";
import { cellAnswer, cellSearch, type DocumentState } from "../../src/lib/review/grid";
import { PRESETS } from "../../src/lib/review/presets";
import type { Review, ReviewCell, ReviewColumn } from "../../src/lib/review/review";
import { createReviewGridStore } from "../../src/stores/dash/reviewGridStore";
import { searchThread } from "./searchThread";

// A Review run through its store (src/stores/dash/reviewGridStore.ts) over a search thread, as the page runs it: the
// review benchmark (src/stores/dash/reviewGrid.bench.ts) and bench:scale (tests/scale/) measure it.

export const presets = [...PRESETS.values()].flat();
export const columnsOf = (n: number): ReviewColumn[] => presets.slice(0, n).map((p) => ({ id: p.id, label: p.label, question: p.question }));

/** The grid's store over a search thread holding these documents' pages. */
export async function setup(documents: { id: string; title: string; pages: string[] }[]) {
  const service = searchThread();
  for (const d of documents) await service.add(d, d.pages);
  const $reviews = atom<Review[]>([]);
  const $cells = atom<ReadonlyMap<string, ReviewCell[]>>(new Map());
  const states = new Map<string, DocumentState>(documents.map((d) => [d.id, { status: "indexed", version: "v1" }]));
  // The page's own work on each batch of answers: the store's update and every listener (the progress the screen shows).
  const steps: number[] = [];
  const set = $cells.set.bind($cells);
  $cells.set = (value) => {
    const at = performance.now();
    set(value);
    steps.push(performance.now() - at);
  };
  let ids = 0;
  const store = createReviewGridStore({
    $reviews,
    $cells,
    $documents: atom(states),
    // The search runs in another thread, as in the app's worker: the steps measured are the page's own.
    answer: async (task) => cellAnswer(await service.search(task.question, cellSearch(task.docId))),
    who: () => "Bench",
    now: () => new Date(),
    newId: () => `r${String((ids += 1))}`,
  });
  store.$progress.listen(() => undefined);
  return { store, $cells, steps, service };
}

/** Runs a review to the end; returns how long it took. */
export async function fill(store: Awaited<ReturnType<typeof setup>>["store"], documents: { id: string; title: string }[], columns: ReviewColumn[]): Promise<{ id: string; ms: number }> {
  const at = performance.now();
  const id = store.createReview("Bench", documents, columns);
  await store.run(id);
  return { id, ms: performance.now() - at };
}

