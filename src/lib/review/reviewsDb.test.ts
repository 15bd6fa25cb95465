import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { featureKey, toEnvelope } from "../dash/browserStorage";
import { MemoryStorage } from "../../../tests/fixtures/fakeBrowser";
import type { FeatureDefinition, ShardedFeatureDefinition, StorageNotice } from "../dash/repository";
import { parseCells, parseReviews, type Review, type ReviewCell } from "./review";
import { createReviewCellsRepository, createReviewsRepository } from "./reviewsDb";

// As the reviews store defines them (src/stores/dash/reviews.ts, which joins the workspace when loaded).
const reviewsFeature: FeatureDefinition<Review[]> = { name: "reviews", version: 1, samples: () => [], parse: parseReviews };
const reviewCellsFeature: ShardedFeatureDefinition<ReviewCell[]> = { name: "reviewCells", version: 1, samples: () => new Map(), parseShard: parseCells };
const AT = "2026-11-28T00:00:00.000Z";
const review = (id: string, docs: number, cols: number): Review => ({
  id,
  title: `Review ${id}`,
  documents: Array.from({ length: docs }, (_, i) => ({ id: `doc-${String(i)}`, title: `Document ${String(i)}` })),
  columns: Array.from({ length: cols }, (_, j) => ({ id: `q-${String(j)}`, label: `Q${String(j)}`, question: `Question ${String(j)}?` })),
  createdAt: AT,
  updatedAt: AT,
});
const cell = (docId: string, columnId: string, extra: Partial<ReviewCell> = {}): ReviewCell => ({
  docId,
  columnId,
  question: `Question of ${columnId}?`,
  docVersion: AT,
  status: "found",
  quote: { text: `The clause of ${docId} for ${columnId}.`, page: 1, start: 0, end: 20 },
  answeredAt: AT,
  ...extra,
});
const cellsOfReview = (r: Review): ReviewCell[] => r.documents.flatMap((d) => r.columns.map((c) => cell(d.id, c.id)));

let users = 0;
function setup(storage = new MemoryStorage()) {
  const userId = `reviewer-${String((users += 1))}`;
  const notices: StorageNotice[] = [];
  const options = { storage, userId, onNotice: (n: StorageNotice) => notices.push(n), delayMs: 0 };
  return {
    userId,
    storage,
    notices,
    lists: () => createReviewsRepository(reviewsFeature, options),
    cells: () => createReviewCellsRepository(reviewCellsFeature, options),
  };
}

const reviewKeys = (storage: MemoryStorage) => [...storage.map.keys()].filter((key) => /:(reviews|reviewCells)(\/|$)/.test(key));

describe("Review's records in IndexedDB", () => {
  // 9,000 cells here (fake-indexeddb is slow); the 30,000 of 1,000 x 30 are kept in Chromium (tests/e2e/review-scale.spec.ts).
  it("keeps 9,000 cells (300 documents x 30 questions, past what localStorage held) with every mark and note", async () => {
    const s = setup();
    const big = review("big", 300, 30);
    const cells = cellsOfReview(big);
    expect(cells).toHaveLength(9000);
    const lists = s.lists();
    const repo = s.cells();
    await repo.load();
    await lists.load();
    lists.save([big]);
    repo.save(new Map([["big", cells]]));
    repo.flush();
    lists.flush();
    await Promise.all([repo.written(), lists.written()]);
    // Marks and notes on three cells far apart: only those three are written again.
    const marked = cells.map((c, i) =>
      i % 4499 === 0 ? { ...c, mark: { state: "verified" as const, by: "Ada Lovelace", at: AT }, note: `Checked ${String(i)}` } : c,
    );
    repo.save(new Map([["big", marked]]));
    repo.flush();
    await repo.written();
    repo.close();
    lists.close();

    const again = await s.cells().load();
    const kept = again.get("big") ?? [];
    expect(kept).toHaveLength(9000);
    const notes = kept.filter((c) => c.mark?.state === "verified").map((c) => [c.docId, c.columnId, c.note]);
    expect(notes).toEqual([
      ["doc-0", "q-0", "Checked 0"],
      ["doc-149", "q-29", "Checked 4499"],
      ["doc-299", "q-28", "Checked 8998"],
    ]);
    expect(await s.lists().load()).toEqual([big]);
    expect(s.notices).toEqual([]);
  });

  it("moves reviews kept in localStorage on first load with nothing lost, and leaves no review data there", async () => {
    const storage = new MemoryStorage();
    const s = setup(storage);
    const a = review("rev-a", 3, 2);
    const b = review("rev-b", 2, 2);
    const aCells = cellsOfReview(a).map((c, i) => (i === 1 ? { ...c, mark: { state: "flagged" as const, by: "Ada", at: AT }, note: "Ask the client" } : c));
    const index = featureKey(s.userId, "reviewCells");
    storage.setItem(featureKey(s.userId, "reviews"), toEnvelope(1, [a, b]));
    storage.setItem(index, toEnvelope(1, ["rev-a", "rev-b"]));
    storage.setItem(`${index}/shard/rev-a`, toEnvelope(1, aCells));
    storage.setItem(`${index}/shard/rev-b`, toEnvelope(1, cellsOfReview(b)));
    storage.setItem(featureKey(s.userId, "conversations"), toEnvelope(1, []));

    expect(await s.lists().load()).toEqual([a, b]);
    const moved = await s.cells().load();
    expect(moved.get("rev-a")).toEqual(expect.arrayContaining(aCells));
    expect(moved.get("rev-a")).toHaveLength(6);
    expect(moved.get("rev-b")).toHaveLength(4);
    expect(reviewKeys(storage)).toEqual([]);
    // Other features stay where they are.
    expect(storage.getItem(featureKey(s.userId, "conversations"))).not.toBeNull();

    // The next load reads the database alone, the same records.
    expect(await s.lists().load()).toEqual([a, b]);
    expect((await s.cells().load()).get("rev-a")).toEqual(expect.arrayContaining(aCells));
  });

  it("keeps an unreadable stored review aside in the database rather than in localStorage, and the others load", async () => {
    const storage = new MemoryStorage();
    const s = setup(storage);
    const index = featureKey(s.userId, "reviewCells");
    storage.setItem(`${index}/shard/rev-bad`, "{not json");
    storage.setItem(`${index}/shard/rev-ok`, toEnvelope(1, [cell("d1", "q1")]));
    const loaded = await s.cells().load();
    expect([...loaded.keys()]).toEqual(["rev-ok"]);
    expect(reviewKeys(storage)).toEqual([]);
  });

  it("deletes a review's cells with it, and a cell taken out of a review", async () => {
    const s = setup();
    const repo = s.cells();
    await repo.load();
    repo.save(new Map([["one", [cell("d1", "q1"), cell("d2", "q1")]], ["two", [cell("d1", "q1")]]]));
    repo.flush();
    await repo.written();
    repo.save(new Map([["one", [cell("d1", "q1")]]]));
    repo.flush();
    await repo.written();
    const again = await s.cells().load();
    expect([...again.keys()]).toEqual(["one"]);
    expect(again.get("one")?.map((c) => c.docId)).toEqual(["d1"]);
  });

  it("tells another tab of the user which reviews changed, and it reads them again", async () => {
    const s = setup();
    const here = s.cells();
    const there = s.cells();
    await Promise.all([here.load(), there.load()]);
    const heard = new Promise<ReadonlyMap<string, ReviewCell[]>>((resolve) => there.subscribe(resolve));
    here.save(new Map([["rev", [cell("d1", "q1", { note: "From the other tab" })]]]));
    here.flush();
    expect((await heard).get("rev")?.[0]?.note).toBe("From the other tab");
    here.close();
    there.close();
  });
});
