import { atom } from "nanostores";
import { describe, expect, it } from "vitest";
import type { CellAnswer, CellTask, DocumentState } from "../../lib/review/grid";
import type { Review, ReviewCell } from "../../lib/review/review";
import { createReviewGridStore } from "./reviewGridStore";

const columns = [
  { id: "law", label: "Governing law", question: "Which law governs this agreement?" },
  { id: "term", label: "Term", question: "What is the term of this agreement?" },
];

function setup(documents: Record<string, DocumentState> = { d1: { status: "indexed", version: "v1" }, d2: { status: "indexed", version: "v1" } }, onAsk?: (n: number) => void) {
  const asked: CellTask[] = [];
  const $reviews = atom<Review[]>([]);
  const $cells = atom<ReadonlyMap<string, ReviewCell[]>>(new Map());
  const $documents = atom<ReadonlyMap<string, DocumentState>>(new Map(Object.entries(documents)));
  let ids = 0;
  const store = createReviewGridStore({
    $reviews,
    $cells,
    $documents,
    answer: async (task): Promise<CellAnswer> => {
      asked.push(task);
      onAsk?.(asked.length);
      return { status: "found", quote: { text: `${task.docId} says ${task.columnId}`, page: 2, start: 0, end: 5 } };
    },
    who: () => "Ada Lovelace",
    now: () => new Date("2026-11-26T10:00:00Z"),
    newId: () => `id${String((ids += 1))}`,
  });
  return { store, asked, $reviews, $cells, $documents };
}
const docs = [
  { id: "d1", title: "Lease A" },
  { id: "d2", title: "Lease B" },
];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the review grid's store", () => {
  it("a new review answers every cell and counts its progress", async () => {
    const { store, asked, $cells } = setup();
    const id = store.createReview("Leases", docs, columns);
    await settle();
    expect(asked).toHaveLength(4);
    expect($cells.get().get(id)).toHaveLength(4);
    expect(store.$progress.get().get(id)).toEqual({ done: 4, total: 4 });
    expect(store.$run.get()).toEqual({ reviewId: id, running: false });
  });

  it("only the cells that changed are answered again: a new column, a new row; a renamed header none", async () => {
    const { store, asked, $documents } = setup({ d1: { status: "indexed", version: "v1" }, d2: { status: "indexed", version: "v1" }, d3: { status: "indexed", version: "v1" } });
    const id = store.createReview("Leases", docs, columns);
    await settle();
    asked.length = 0;
    store.changeColumn(id, { ...columns[0]!, label: "Law" });
    await settle();
    expect(asked).toEqual([]);
    store.addColumns(id, [{ id: "nc", label: "Non-compete", question: "Is a party restricted from competing with the other?" }]);
    await settle();
    expect(asked.map((t) => `${t.docId}/${t.columnId}`)).toEqual(["d1/nc", "d2/nc"]);
    asked.length = 0;
    store.addDocuments(id, [{ id: "d3", title: "Lease C" }]);
    await settle();
    expect(asked.map((t) => `${t.docId}/${t.columnId}`)).toEqual(["d3/law", "d3/term", "d3/nc"]);
    asked.length = 0;
    $documents.set(new Map([...$documents.get(), ["d1", { status: "indexed", version: "v2" }]]));
    await store.run(id);
    expect(asked.map((t) => t.docId)).toEqual(["d1", "d1", "d1"]);
  });

  it("marks record who and when; a removed column takes its cells, and Delete removes the review and its cells", async () => {
    const { store, $cells, $reviews } = setup();
    const id = store.createReview("Leases", docs, columns);
    await settle();
    store.mark(id, "d1", "law", "verified");
    store.note(id, "d1", "law", "Checked.");
    const cell = $cells.get().get(id)?.find((c) => c.docId === "d1" && c.columnId === "law");
    expect(cell?.mark).toEqual({ state: "verified", by: "Ada Lovelace", at: "2026-11-26T10:00:00.000Z" });
    expect(cell?.note).toBe("Checked.");
    store.removeColumn(id, "term");
    await settle();
    expect($cells.get().get(id)?.map((c) => c.columnId)).toEqual(["law", "law"]);
    store.deleteReview(id);
    expect($reviews.get()).toEqual([]);
    expect($cells.get().has(id)).toBe(false);
  });

  it("Stop keeps what was answered; the rest is answered on the next run", async () => {
    const { store, $cells } = setup();
    const id = store.createReview("Leases", docs, columns);
    store.stop();
    await settle();
    const answered = $cells.get().get(id)?.length ?? 0;
    expect(answered).toBeLessThan(4);
    expect(store.$run.get()?.running).toBe(false);
    await store.run(id);
    expect($cells.get().get(id)).toHaveLength(4);
  });

  it("a document that is not read yet says Not read, and is answered once Indexed", async () => {
    const { store, $cells, $documents, asked } = setup({ d1: { status: "processing", version: "v1" }, d2: { status: "indexed", version: "v1" } });
    const id = store.createReview("Leases", docs, columns);
    await settle();
    expect($cells.get().get(id)?.filter((c) => c.docId === "d1").map((c) => c.status)).toEqual(["not-read", "not-read"]);
    expect(asked.every((t) => t.docId === "d2")).toBe(true);
    $documents.set(new Map([["d1", { status: "indexed", version: "v1" }], ["d2", { status: "indexed", version: "v1" }]]));
    await store.run(id);
    expect($cells.get().get(id)?.filter((c) => c.docId === "d1").map((c) => c.status)).toEqual(["found", "found"]);
  });

  it("a review of 1,000 documents by 20 questions: its progress, Stop keeping what was answered, and the rest answered once on resume", async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ id: `doc-${String(i)}`, title: `Contract ${String(i)}` }));
    const questions = Array.from({ length: 20 }, (_, j) => ({ id: `q-${String(j)}`, label: `Q${String(j)}`, question: `Question ${String(j)}?` }));
    let stopAt = 5000;
    const stopper = { stop: (): void => undefined };
    const { store, asked } = setup(Object.fromEntries(many.map((d) => [d.id, { status: "indexed" as const, version: "v1" }])), (n) => {
      if (n === stopAt) stopper.stop();
    });
    stopper.stop = store.stop;
    const id = store.createReview("Archive", many, questions);
    await expect.poll(() => store.$run.get()?.running, { timeout: 20_000, interval: 5 }).toBe(false);
    await settle();
    const stopped = store.$progress.get().get(id)!;
    expect(stopped.total).toBe(20_000);
    // The two cells under way when Stop came are dropped, not kept half-done.
    expect(stopped.done).toBeGreaterThanOrEqual(stopAt - 2);
    expect(stopped.done).toBeLessThan(20_000);
    expect(store.$run.get()).toEqual({ reviewId: id, running: false });

    stopAt = Number.POSITIVE_INFINITY;
    const run = store.run(id);
    expect(store.$run.get()).toEqual({ reviewId: id, running: true });
    await run;
    expect(store.$progress.get().get(id)).toEqual({ done: 20_000, total: 20_000 });
    // Every cell asked once, but for the two under way when Stop came (their answers were dropped, asked again).
    expect(new Set(asked.map((t) => `${t.docId}/${t.columnId}`)).size).toBe(20_000);
    expect(asked.length - 20_000).toBeLessThanOrEqual(2);
  }, 60_000);
});
