import { describe, expect, it } from "vitest";
import { parseCells, parseReviews, type Review, type ReviewCell } from "../review/review";
import type { Change, Row } from "./outbox";
import { orderForApply } from "./remote";
import { TABLE_MAPPINGS, TABLE_ORDER, type TableMapping } from "./tables";

const mapping = (feature: string) => TABLE_MAPPINGS.find((m) => m.feature === feature) as TableMapping;
const REVIEWS = mapping("reviews");
const CELLS = mapping("reviewCells");

/** A timestamp as PostgREST answers it: the same instant, written with an offset. */
const asServer = (iso: string) => iso.replace("Z", "+00:00");
/** A row as the server answers it: instants with an offset, and the columns the server adds. */
const fromServer = (row: Row, instants: readonly string[]): Row => ({
  owner_id: "2f1c6a0e-8b3d-4c5e-9f70-1a2b3c4d5e6f",
  created_at: "2026-11-28T09:00:00+00:00",
  updated_at: "2026-11-28T09:00:00+00:00",
  ...row,
  ...Object.fromEntries(instants.map((column) => [column, asServer(String(row[column]))])),
});

/** Created and last changed at different times: each goes to its own column. */
const review: Review = {
  id: "0b8e2d4c-5a6f-4e1b-9c3d-7f2a1b0c9d8e",
  title: "Supply and services contracts",
  documents: ["MeritLife services agreement", "Agape supply agreement"].map((title, i) => ({ id: `doc-${String(i)}`, title })),
  columns: [
    ["col-law", "Governing law", "Which law governs this agreement?"],
    ["col-term", "Term", "What is the term of this agreement?"],
  ].map(([id, label, question]) => ({ id: id!, label: label!, question: question! })),
  createdAt: "2026-11-28T09:15:00.000Z",
  updatedAt: "2026-11-28T09:20:30.500Z",
};

/** A cell with every field, and cells with none of the optional ones (Not found, Not read). */
const CELLS_OF_REVIEW: ReviewCell[] = [
  {
    docId: "doc-0",
    columnId: "col-law",
    question: "Which law governs this agreement?",
    docVersion: "2026-11-28T09:00:00.000Z",
    status: "found",
    quote: { text: "This Agreement shall be governed by the laws of the State of Texas.", page: 4, start: 120, end: 187 },
    answer: "Texas",
    mark: { state: "verified", by: "Ada Lovelace", at: "2026-11-28T09:30:00.000Z" },
    note: "Checked against the signed copy.",
    answeredAt: "2026-11-28T09:16:00.000Z",
  },
  {
    docId: "doc-0",
    columnId: "col-term",
    question: "What is the term of this agreement?",
    docVersion: "2026-11-28T09:00:00.000Z",
    status: "not-found",
    answeredAt: "2026-11-28T09:16:00.000Z",
  },
  {
    docId: "doc-1",
    columnId: "col-law",
    question: "Which law governs this agreement?",
    docVersion: "",
    status: "not-read",
    lost: "deleted",
    answeredAt: "2026-11-28T09:17:00.000Z",
  },
];

describe("the reviews mapping", () => {
  it("makes a review one row whose documents and questions are lists, and reads it back as parseReviews takes it", () => {
    const rows = REVIEWS.toRows([review]);
    expect(REVIEWS.table).toBe("reviews");
    expect(rows).toEqual([
      {
        id: review.id,
        title: review.title,
        documents: review.documents,
        columns: review.columns,
        created_at: review.createdAt,
        updated_at: review.updatedAt,
      },
    ]);
    const back = parseReviews(REVIEWS.fromRows(rows.map((row) => fromServer(row, ["created_at", "updated_at"]))));
    expect(back).toEqual([review]);
  });
});

describe("the reviewCells mapping", () => {
  it("makes each cell a row keyed by its review, document and question; absent fields are nulls", () => {
    const rows = CELLS.toRows(new Map([[review.id, CELLS_OF_REVIEW]]));
    expect(CELLS).toMatchObject({ table: "review_cells", key: ["review_id", "doc_id", "column_id"] });
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual({
      review_id: review.id,
      doc_id: "doc-0",
      column_id: "col-term",
      question: "What is the term of this agreement?",
      doc_version: "2026-11-28T09:00:00.000Z",
      status: "not-found",
      quote: null,
      answer: null,
      mark: null,
      note: null,
      lost: null,
      answered_at: "2026-11-28T09:16:00.000Z",
    });
  });

  it("reads the server's rows back as each review's cells, which parseCells takes as they were: no optional field when its column is null", () => {
    const other: ReviewCell = { ...CELLS_OF_REVIEW[1]!, docId: "doc-other", answeredAt: "2026-11-28T08:00:00.000Z" };
    const records = new Map([
      [review.id, CELLS_OF_REVIEW],
      ["review-2", [other]],
    ]);
    // The server answers in an order of its own.
    const rows = CELLS.toRows(records)
      .map((row) => fromServer(row, ["answered_at"]))
      .reverse();
    const back = CELLS.fromRows(rows) as Map<string, unknown>;
    expect([...back.keys()].sort()).toEqual(["review-2", review.id].sort());
    expect(parseCells(back.get(review.id))).toEqual(CELLS_OF_REVIEW);
    expect(parseCells(back.get("review-2"))).toEqual([other]);
    expect(Object.keys((back.get(review.id) as object[])[1]!)).toEqual(["docId", "columnId", "question", "docVersion", "status", "answeredAt"]);
  });
});

describe("TABLE_ORDER", () => {
  it("applies a review before its cells, and deletes the cells first", () => {
    expect(TABLE_ORDER.indexOf("reviews")).toBeLessThan(TABLE_ORDER.indexOf("review_cells"));
    const cell: Change = { table: "review_cells", op: "upsert", key: { review_id: "r", doc_id: "d", column_id: "c" }, row: {} };
    const parent: Change = { table: "reviews", op: "upsert", key: { id: "r" }, row: {} };
    expect(orderForApply([cell, parent]).map((c) => c.table)).toEqual(["reviews", "review_cells"]);
    const gone = (table: string, key: Change["key"]): Change => ({ table, op: "delete", key });
    const deletes = [gone("reviews", { id: "r" }), gone("review_cells", { review_id: "r", doc_id: "d", column_id: "c" })];
    expect(orderForApply(deletes).map((c) => c.table)).toEqual(["review_cells", "reviews"]);
  });
});
