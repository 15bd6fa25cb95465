import { describe, expect, it } from "vitest";
import { entryId, type PageEntry } from "./entries";
import { DOCUMENTS, KNOWLEDGE } from "./fixtures";
import { coverage, isRelevant, MIN_COVERAGE, passagesFor, termWeight } from "./passages";
import { rebuild, type SearchResult } from "./searchIndex";

const ids = (results: readonly SearchResult[]) => results.map((result) => entryId(result.entry));

const result = (docId: string, page: number, score: number, share = 1): SearchResult => {
  const entry: PageEntry = { kind: "page", docId, title: docId, caseId: "case", caseTitle: "Case", page, unit: "page", text: "text" };
  return { entry, score, coverage: share, terms: ["text"], snippet: { text: "text", start: 0, end: 4, field: "text" } };
};

describe("the relevance rule", () => {
  it("weighs a term the index lacks more than any term it has", () => {
    expect(termWeight(0, 100)).toBeGreaterThan(termWeight(1, 100));
    expect(termWeight(1, 100)).toBeGreaterThan(termWeight(50, 100));
  });

  it("coverage is the share of the query's weight matched", () => {
    const weights = new Map([
      ["miranda", 4],
      ["rights", 2],
    ]);
    expect(coverage(["rights"], weights)).toBeCloseTo(1 / 3);
    expect(coverage(["rights", "miranda", "rights"], weights)).toBe(1);
    expect(coverage([], weights)).toBe(0);
    expect(coverage(["rights"], new Map())).toBe(0);
  });

  it("isRelevant draws the line at MIN_COVERAGE", () => {
    expect(isRelevant({ coverage: MIN_COVERAGE })).toBe(true);
    expect(isRelevant({ coverage: MIN_COVERAGE - 0.01 })).toBe(false);
  });
});

describe("passagesFor", () => {
  it("takes the best relevant results, one per page and at most two per document", () => {
    const results = [result("a", 1, 10), result("a", 1, 9), result("a", 2, 8), result("a", 3, 7), result("b", 1, 6), result("c", 1, 5)];
    expect(ids(passagesFor(results))).toEqual(["page:a:1", "page:a:2", "page:b:1"]);
    expect(ids(passagesFor(results, 2))).toEqual(["page:a:1", "page:a:2"]);
    expect(ids(passagesFor(results, 5, { perDocument: 1 }))).toEqual(["page:a:1", "page:b:1", "page:c:1"]);
  });

  it("leaves out irrelevant results and those far below the best", () => {
    expect(ids(passagesFor([result("a", 1, 10), result("b", 1, 9, 0.4), result("c", 1, 2.4)]))).toEqual(["page:a:1"]);
    expect(ids(passagesFor([result("b", 1, 9, 0.4)]))).toEqual([]);
    expect(passagesFor([])).toEqual([]);
  });

  it("grounds a question in the fixture corpus, and nothing grounds an absent subject", () => {
    const index = rebuild(DOCUMENTS, KNOWLEDGE);
    expect(ids(passagesFor(index.search("compensation for unfair dismissal")))).toEqual([
      "kb:kb-termination-employment",
      "page:doc-memo:1",
      "page:doc-memo:3",
    ]);
    expect(passagesFor(index.search("What are the Miranda rights?"))).toEqual([]);
  });
});
