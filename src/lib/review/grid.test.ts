import { describe, expect, it } from "vitest";
import type { SearchResult } from "../search/results";
import {
  answeredCell,
  cellAnswer,
  cellPassage,
  cellSearch,
  cellsToAnswer,
  keptCells,
  markedCell,
  newColumn,
  notedCell,
  progressOf,
  reviewDocumentsOf,
  settleCells,
  shortLabel,
  verifiedByColumn,
  withColumns,
  withDocuments,
  type DocumentState,
} from "./grid";
import { REVIEW, REVIEW_AT } from "../../../tests/fixtures/review";
import { MAX_REVIEW_DOCUMENTS, MAX_REVIEW_QUESTIONS, parseCells, parseReviews, type ReviewCell } from "./review";

const AT = REVIEW_AT;
const review = REVIEW;
const indexed = (version = "v1"): DocumentState => ({ status: "indexed", version });
const docs = (d1: DocumentState | null, d2: DocumentState | null) =>
  new Map(
    [
      ["d1", d1],
      ["d2", d2],
    ].filter((e): e is [string, DocumentState] => e[1] !== null),
  );
const found = (docId: string, columnId: string, question: string, docVersion = "v1"): ReviewCell => ({
  docId,
  columnId,
  question,
  docVersion,
  status: "found",
  quote: { text: "The term is five years.", page: 2, start: 0, end: 23 },
  answeredAt: AT,
});

const result = (page: number, text: string, score: number, clause?: boolean): SearchResult => ({
  entry: { kind: "page", docId: "d1", title: "Lease A", caseId: "c", caseTitle: "C", page, unit: "page", text },
  score,
  coverage: 1,
  terms: [],
  snippet: { text, start: 0, end: text.length, field: "text" },
  ...(clause === undefined ? {} : { clause }),
});

describe("a cell's answer", () => {
  it("quotes the passage the chat would quote first, with its page", () => {
    const answer = cellAnswer({ results: [result(3, "Other words.", 9), result(7, "This Agreement is governed by the laws of Illinois.", 5, true)], asked: { id: "governing-law", clause: "governing-law", absent: false } });
    expect(answer).toEqual({ status: "found", quote: { text: "This Agreement is governed by the laws of Illinois.", page: 7, start: 0, end: 51 } });
  });
  it("is Not found when the clause asked about is absent, or nothing is relevant", () => {
    expect(cellAnswer({ results: [result(1, "Related.", 3)], asked: { id: "non-compete", clause: "non-compete", absent: true } })).toEqual({ status: "not-found" });
    expect(cellAnswer({ results: [], asked: null })).toEqual({ status: "not-found" });
  });
  it("is Not found when the clause is only mentioned in lone words (a competitor named in an assignment clause)", () => {
    const mention = result(4, "Neither party may assign this Agreement to a direct competitor.", 5, true);
    expect(cellAnswer({ results: [mention], asked: { id: "non-compete", clause: "non-compete", absent: false, faint: true } })).toEqual({ status: "not-found" });
    expect(cellAnswer({ results: [mention], asked: { id: "non-compete", clause: "non-compete", absent: false } })).toMatchObject({ status: "found" });
  });
  it("searches its one document, wordings read strictly", () => {
    expect(cellSearch("doc-1")).toEqual({ scope: { kind: "documents", docIds: ["doc-1"] }, limit: 10, strict: true });
  });
  it("sends the model its quote named by document and page, which the assistant Edge Function looks for on that page", () => {
    const quote = { text: "This Agreement is governed by the laws of Illinois.", page: 7, start: 120, end: 171 };
    expect(cellPassage("doc-1", quote)).toEqual({ n: 1, title: "Passage", source: "the document", page: 7, document: "doc-1", text: quote.text });
  });
});

describe("which cells a run answers", () => {
  it("every cell of a new review's Indexed documents, and none of an unread one", () => {
    expect(cellsToAnswer(review, [], docs(indexed(), { status: "processing", version: "v1" })).map((t) => `${t.docId}/${t.columnId}`)).toEqual(["d1/law", "d1/term"]);
  });
  it("only the cells that changed: a new column, a reworded question, a re-indexed document", () => {
    const cells = [found("d1", "law", "Which law governs this agreement?"), found("d1", "term", "What is the term of this agreement?"), found("d2", "law", "Which law governs this agreement?"), found("d2", "term", "Old wording?")];
    expect(cellsToAnswer(review, cells, docs(indexed(), indexed())).map((t) => `${t.docId}/${t.columnId}`)).toEqual(["d2/term"]);
    expect(cellsToAnswer(review, cells, docs(indexed("v2"), indexed())).map((t) => `${t.docId}/${t.columnId}`)).toEqual(["d1/law", "d1/term", "d2/term"]);
  });
  it("a renamed column keeps its answers", () => {
    const cells = [found("d1", "law", "Which law governs this agreement?")];
    const renamed = { ...review, documents: [review.documents[0]!], columns: [{ id: "law", label: "Law", question: "Which law governs this agreement?" }] };
    expect(cellsToAnswer(renamed, cells, docs(indexed(), null))).toEqual([]);
  });
  it("counts progress as cells answered for the documents as they are now", () => {
    const cells = [found("d1", "law", "Which law governs this agreement?"), found("d1", "term", "What is the term of this agreement?")];
    expect(progressOf(review, cells, docs(indexed(), indexed()))).toEqual({ done: 2, total: 4 });
    expect(progressOf(review, cells, docs(indexed("v2"), indexed()))).toEqual({ done: 0, total: 4 });
  });
});

describe("the lawyer's check", () => {
  const verified = markedCell(found("d1", "law", "Which law governs this agreement?"), "verified", "Ada Lovelace", AT);
  it("records who marked a cell and when, and keeps its note", () => {
    const noted = notedCell(verified, "  Checked against the signed copy.  ");
    expect(noted.mark).toEqual({ state: "verified", by: "Ada Lovelace", at: AT });
    expect(noted.note).toBe("Checked against the signed copy.");
    expect(markedCell(noted, null, "Ada", AT)).not.toHaveProperty("mark");
    expect(markedCell(noted, null, "Ada", AT).note).toBe("Checked against the signed copy.");
    expect(verifiedByColumn([noted, found("d2", "law", "x")]).get("law")).toBe(1);
  });
  it("a re-indexed document's answer loses its Verified mark and says why", () => {
    const again = answeredCell(verified, { docId: "d1", columnId: "law", question: "Which law governs this agreement?", docVersion: "v2" }, { status: "found" }, AT);
    expect(again.mark).toBeUndefined();
    expect(again.lost).toBe("reindexed");
  });
  it("a deleted document's Verified cells lose their mark and say why; an unread one's cells say Not read", () => {
    const settled = settleCells(review, [verified], docs(null, { status: "failed", version: "v1" }), AT);
    expect(settled.find((c) => c.docId === "d1")).toMatchObject({ lost: "deleted" });
    expect(settled.find((c) => c.docId === "d1")?.mark).toBeUndefined();
    expect(settled.filter((c) => c.docId === "d2").map((c) => c.status)).toEqual(["not-read", "not-read"]);
    expect(settleCells(review, settled, docs(null, { status: "failed", version: "v1" }), AT)).toBe(settled);
  });
  it("a removed row or column takes its cells with it", () => {
    const cells = [found("d1", "law", "q"), found("d2", "term", "q")];
    expect(keptCells({ documents: [review.documents[0]!], columns: review.columns }, cells)).toEqual([cells[0]]);
  });
});

describe("columns and rows", () => {
  it("a typed question gets a short header; a blank one is refused", () => {
    expect(newColumn("x", "  When can the tenant break the lease early?  ")).toEqual({ id: "x", label: "When can the tenant break the…", question: "When can the tenant break the lease early?" });
    expect(newColumn("x", "   ")).toBeNull();
    expect(shortLabel("Term?")).toBe("Term");
  });
  it("at most 30 questions and 1,000 documents, none twice", () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ id: `c${String(i)}`, label: "L", question: `Q${String(i)}` }));
    expect(withColumns([], [...many, { id: "dup", label: "L", question: "q0" }])).toHaveLength(MAX_REVIEW_QUESTIONS);
    expect(withColumns([many[0]!], [{ id: "dup", label: "L", question: "q0" }])).toHaveLength(1);
    const rows = Array.from({ length: 1200 }, (_, i) => ({ id: `d${String(i)}`, title: "T" }));
    expect(withDocuments([], rows)).toHaveLength(MAX_REVIEW_DOCUMENTS);
    expect(MAX_REVIEW_DOCUMENTS).toBe(1000);
    expect(reviewDocumentsOf(["b", "a", "gone"], [{ id: "a", title: "A" }, { id: "b", title: "B" }])).toEqual([{ id: "b", title: "B" }, { id: "a", title: "A" }]);
  });
});

describe("stored reviews", () => {
  it("read back what was written, and refuse a wrong shape", () => {
    expect(parseReviews(JSON.parse(JSON.stringify([review])))).toEqual([review]);
    expect(parseReviews([{ ...review, columns: "x" }])).toBeNull();
    const cell = notedCell(markedCell(found("d1", "law", "q"), "flagged", "Bob", AT), "why");
    expect(parseCells(JSON.parse(JSON.stringify([cell])))).toEqual([cell]);
    expect(parseCells([{ ...cell, status: "maybe" }])).toBeNull();
    expect(parseCells([{ ...cell, mark: { state: "verified", by: "B", at: "never" } }])).toBeNull();
  });
});
