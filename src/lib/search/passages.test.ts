import { describe, expect, it } from "vitest";
import { entryId, type PageEntry } from "./entries";
import { DOCUMENTS, KNOWLEDGE } from "../../../tests/fixtures/searchFixtures";
import { passageId, passagesFor, sourceOf } from "./passages";
import type { SearchResult } from "./results";
import { rebuild } from "./worker/searchIndex";

const ids = (results: readonly SearchResult[]) => results.map((result) => entryId(result.entry));

const result = (docId: string, page: number, score: number, options: { start?: number; clause?: boolean; text?: string } = {}): SearchResult => {
  const { start = 0, clause, text = `passage ${String(page)} ${String(start)} of ${docId}` } = options;
  const entry: PageEntry = { kind: "page", docId, title: docId, caseId: "case", caseTitle: "Case", page, unit: "page", text };
  return { entry, score, coverage: 1, terms: ["text"], snippet: { text, start, end: start + text.length, field: "text" }, ...(clause === undefined ? {} : { clause }) };
};

describe("passage ids and sources", () => {
  it("a passage is named by its entry and where it starts; its source is its document", () => {
    expect(passageId(result("a", 3, 1, { start: 120 }))).toBe("page:a:3#120");
    expect(sourceOf(result("a", 3, 1, { start: 120 }))).toBe("doc:a");
  });
});

describe("passagesFor", () => {
  it("takes the best results, each passage once and at most two per document", () => {
    const results = [result("a", 1, 10), result("a", 1, 9), result("a", 2, 8), result("a", 3, 7), result("b", 1, 6), result("c", 1, 5)];
    expect(ids(passagesFor(results))).toEqual(["page:a:1", "page:a:2", "page:b:1"]);
    expect(ids(passagesFor(results, 2))).toEqual(["page:a:1", "page:a:2"]);
    expect(ids(passagesFor(results, 5, { perDocument: 1 }))).toEqual(["page:a:1", "page:b:1", "page:c:1"]);
  });

  it("two passages of one page are two quotes; one document alone gives all it has", () => {
    const results = [result("a", 1, 10), result("a", 1, 9, { start: 500 }), result("a", 2, 8)];
    expect(passagesFor(results).map(passageId)).toEqual(["page:a:1#0", "page:a:1#500", "page:a:2#0"]);
  });

  it("a passage saying what a quoted one says comes after the others, and still fills the answer when nothing else is left", () => {
    const period = (n: number) => `"Minimum Payment Period ${String(n + 1)}" means the one-year period commencing on the first day after Minimum Payment Period ${String(n)}.`;
    const results = [
      result("a", 1, 10, { text: period(1) }),
      result("a", 1, 9, { start: 200, text: period(2) }),
      result("a", 2, 8, { text: "Integra shall pay PcoMed no less than the Minimum Payments applicable to each Minimum Payment Period." }),
      result("a", 3, 7, { text: period(3) }),
    ];
    expect(passagesFor(results).map(passageId)).toEqual(["page:a:1#0", "page:a:2#0", "page:a:1#200"]);
    expect(passagesFor(results, 4).map(passageId)).toEqual(["page:a:1#0", "page:a:2#0", "page:a:1#200", "page:a:3#0"]);
    // Within one source's share: two sources, two passages of each at most.
    const two = [result("a", 1, 10, { text: period(1) }), result("a", 1, 9, { start: 200, text: period(2) }), result("a", 2, 8, { text: period(3) }), result("b", 1, 2.6)];
    expect(passagesFor(two, 4).map(passageId)).toEqual(["page:a:1#0", "page:b:1#0", "page:a:1#200"]);
  });

  it("leaves out results far below the best", () => {
    expect(ids(passagesFor([result("a", 1, 10), result("c", 1, 2.4)]))).toEqual(["page:a:1"]);
    expect(passagesFor([])).toEqual([]);
  });

  it("passages holding the clause asked about come before, and instead of, those that do not", () => {
    const results = [result("a", 1, 10, { clause: false }), result("b", 1, 3, { clause: true }), result("c", 1, 2, { clause: true })];
    expect(ids(passagesFor(results))).toEqual(["page:b:1", "page:c:1"]);
  });

  it("grounds a question in the fixture corpus, and nothing grounds an absent subject", () => {
    const index = rebuild(DOCUMENTS, KNOWLEDGE);
    const grounded = ids(passagesFor(index.search("compensation for unfair dismissal").results));
    expect(grounded[0]).toBe("kb:kb-termination-employment");
    expect(grounded).toContain("page:doc-memo:3");
    expect(passagesFor(index.search("cryptocurrency").results)).toEqual([]);
  });
});
