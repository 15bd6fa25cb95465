import { describe, expect, it } from "vitest";
import { inertCell, reviewFileName, reviewSheet, sourcesSheet, toCsv } from "./export";
import { REVIEW, REVIEW_AT } from "../../../tests/fixtures/review";
import type { ReviewCell } from "./review";

const AT = REVIEW_AT;
const review = REVIEW;
const cells: ReviewCell[] = [
  { docId: "d1", columnId: "law", question: "q", docVersion: "v", status: "found", quote: { text: 'governed by the laws of "Illinois"', page: 4, start: 0, end: 1 }, mark: { state: "verified", by: "Ada", at: AT }, note: "ok", answeredAt: AT },
  { docId: "d1", columnId: "term", question: "q", docVersion: "v", status: "not-found", answeredAt: AT },
  { docId: "d2", columnId: "law", question: "q", docVersion: "v", status: "not-read", answeredAt: AT },
];

describe("the review exported", () => {
  it("has a row per document and a column per question, each the quoted clause with its page", () => {
    expect(reviewSheet(review, cells)).toEqual([
      ["Document", "Governing law", "Term"],
      ["Alpha supply agreement", '"governed by the laws of "Illinois"" (p. 4)', "Not found"],
      ["Beta services agreement", "Not read", ""],
    ]);
  });
  it("has a Sources sheet: document, page, question, full quote, status, who verified, note", () => {
    const rows = sourcesSheet(review, cells);
    expect(rows[0]).toEqual(["Document", "Page", "Question", "Quote", "Answer", "Status", "Verified by", "Note"]);
    expect(rows[1]).toEqual(["Alpha supply agreement", "4", "Which law governs this agreement?", 'governed by the laws of "Illinois"', "", "Found", `Ada, ${AT}`, "ok"]);
    expect(rows).toHaveLength(4);
  });
  it("as CSV: every field quoted, quotes doubled, a formula made inert", () => {
    expect(toCsv([["a", 'say "hi"'], ["=HYPERLINK(1)", "-2"]])).toBe('"a","say ""hi"""\r\n"\'=HYPERLINK(1)","\'-2"\r\n');
    expect(inertCell("@SUM")).toBe("'@SUM");
    expect(inertCell("plain")).toBe("plain");
  });
  it("is named after the review and the day", () => {
    expect(reviewFileName("Supplier contracts: Q3", "2026-11-26", "xlsx")).toBe("supplier-contracts-q3-2026-11-26.xlsx");
    expect(reviewFileName("???", "2026-11-26", "csv")).toBe("review-2026-11-26.csv");
  });
});
