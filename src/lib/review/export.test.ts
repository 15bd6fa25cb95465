import { describe, expect, it } from "vitest";
import { inertCell, reviewFileName, reviewSheet, sourcesSheet, toCsv } from "./export";
import type { Review, ReviewCell } from "./review";

const AT = "2026-11-26T10:00:00.000Z";
const review: Review = {
  id: "r",
  title: "Supplier contracts",
  documents: [
    { id: "a", title: "Alpha" },
    { id: "b", title: "Beta" },
  ],
  columns: [
    { id: "law", label: "Governing law", question: "Which law governs this agreement?" },
    { id: "nc", label: "Non-compete", question: "Is a party restricted from competing with the other?" },
  ],
  createdAt: AT,
  updatedAt: AT,
};
const cells: ReviewCell[] = [
  { docId: "a", columnId: "law", question: "q", docVersion: "v", status: "found", quote: { text: 'governed by the laws of "Illinois"', page: 4, start: 0, end: 1 }, mark: { state: "verified", by: "Ada", at: AT }, note: "ok", answeredAt: AT },
  { docId: "a", columnId: "nc", question: "q", docVersion: "v", status: "not-found", answeredAt: AT },
  { docId: "b", columnId: "law", question: "q", docVersion: "v", status: "not-read", answeredAt: AT },
];

describe("the review exported", () => {
  it("has a row per document and a column per question, each the quoted clause with its page", () => {
    expect(reviewSheet(review, cells)).toEqual([
      ["Document", "Governing law", "Non-compete"],
      ["Alpha", '"governed by the laws of "Illinois"" (p. 4)', "Not found"],
      ["Beta", "Not read", ""],
    ]);
  });
  it("has a Sources sheet: document, page, question, full quote, status, who verified, note", () => {
    const rows = sourcesSheet(review, cells);
    expect(rows[0]).toEqual(["Document", "Page", "Question", "Quote", "Answer", "Status", "Verified by", "Note"]);
    expect(rows[1]).toEqual(["Alpha", "4", "Which law governs this agreement?", 'governed by the laws of "Illinois"', "", "Found", `Ada, ${AT}`, "ok"]);
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
