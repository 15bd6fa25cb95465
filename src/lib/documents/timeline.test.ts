import { describe, expect, it } from "vitest";
import { DOCUMENTS_DB_PREFIX, documentsDbName } from "./dbName";
import { advance, cutOffTooOften, floorInstants, isUnfinished, startAttempt, statusAt, type Processing } from "./timeline";

const T0 = Date.parse("2026-11-23T10:00:00.000Z");
const at = (ms: number) => new Date(T0 + ms);

/** An upload whose reader went through `events`, each at its ms after the upload. */
function upload(events: [ms: number, event: Parameters<typeof advance>[1]][], attempt: Processing["attempt"] = "upload"): Processing {
  return events.reduce((p, [ms, event]) => advance(p, event, at(ms)), startAttempt(attempt, at(0)));
}

const statuses = (p: Processing, times: number[]) => times.map((ms) => statusAt(p, T0 + ms));

describe("statusAt: the specification's timings are floors", () => {
  it("work done in 300 ms still shows Queued to 1 s, OCR Processing to 4 s, then Indexed", () => {
    const p = upload([[10, "reading"], [200, "read"], [300, "done"]]);
    expect(statuses(p, [0, 999, 1000, 3999, 4000])).toEqual(["queued", "queued", "ocr", "ocr", "indexed"]);
  });

  it("slower work extends them: OCR Processing while reading, Embedding while storing, Indexed when stored", () => {
    const reading = upload([[10, "reading"]]);
    expect(statuses(reading, [999, 1000, 60_000])).toEqual(["queued", "ocr", "ocr"]);
    const p = upload([[10, "reading"], [6000, "read"], [6500, "done"]]);
    expect(statuses(p, [4000, 5999, 6000, 6499, 6500])).toEqual(["ocr", "ocr", "embedded", "embedded", "indexed"]);
  });

  it("reading that ends at 2 s and storing at 5 s shows Embedding from 4 s", () => {
    const p = upload([[0, "reading"], [2000, "read"], [5000, "done"]]);
    expect(statuses(p, [1000, 3999, 4000, 4999, 5000])).toEqual(["ocr", "ocr", "embedded", "embedded", "indexed"]);
  });

  it("a failure found at once shows Failed at 1 s; one found later shows from then", () => {
    expect(statuses(upload([[5, { failed: "why" }]]), [999, 1000])).toEqual(["queued", "failed"]);
    const late = upload([[0, "reading"], [7000, { failed: "why" }]]);
    expect(late.reason).toBe("why");
    expect(statuses(late, [7000])).toEqual(["failed"]);
  });

  it("a Re-index is processing at once and Indexed no earlier than 3 s, or Failed again with its reason", () => {
    const ok = upload([[0, "reading"], [400, "read"], [500, "done"]], "reindex");
    expect(statuses(ok, [0, 2999, 3000])).toEqual(["ocr", "ocr", "indexed"]);
    const again = upload([[0, "reading"], [800, { failed: "still damaged" }]], "reindex");
    expect(statuses(again, [0, 800])).toEqual(["failed", "failed"]);
  });
});

describe("the record of an attempt", () => {
  it("is unfinished until done or failed, so a page closed mid-way resumes it", () => {
    expect(isUnfinished(upload([]))).toBe(true);
    expect(isUnfinished(upload([[0, "reading"], [10, "read"]]))).toBe(true);
    expect(isUnfinished(upload([[0, "reading"], [10, "read"], [20, "done"]]))).toBe(false);
    expect(isUnfinished(upload([[0, { failed: "x" }]]))).toBe(false);
  });

  it("wakes the clock at its floors", () => {
    expect(floorInstants(upload([]))).toEqual([T0 + 1000, T0 + 4000]);
    expect(floorInstants(upload([], "reindex"))).toEqual([T0, T0 + 3000]);
  });
});

describe("documentsDbName", () => {
  it("gives each user id its own database, whatever characters the id holds", () => {
    expect(documentsDbName("user-1")).toBe("paphos-documents/user-1");
    expect(documentsDbName("user-1")).not.toBe(documentsDbName("user-2"));
    expect(documentsDbName("a/b")).toBe(`${DOCUMENTS_DB_PREFIX}a%2Fb`);
  });
});

describe("the count of reads an attempt has started", () => {
  it("goes up with each read, is kept by a reload, and a malformed one is refused", async () => {
    const { parseUploads } = await import("../dash/uploads");
    const twice = upload([[0, "reading"], [10, "reading"]]);
    expect(twice.reads).toBe(2);
    expect(cutOffTooOften(twice)).toBe(true);
    expect(cutOffTooOften(upload([[0, "reading"]]))).toBe(false);
    expect(cutOffTooOften(upload([[0, "reading"], [10, "reading"], [20, "read"], [30, "done"]]))).toBe(false);
    const stored = { id: "u1", filename: "a.pdf", title: "a", caseId: "c", caseTitle: "C", sizeBytes: 1, kind: "pdf", pages: 0, unit: "page", ocrPages: 0, uploaded: twice.started };
    expect(parseUploads([{ ...stored, processing: twice }])?.[0]?.processing.reads).toBe(2);
    expect(parseUploads([{ ...stored, processing: { ...twice, reads: "2" } }])).toBeNull();
    expect(parseUploads([{ ...stored, processing: { ...twice, reads: 1.5 } }])).toBeNull();
  });
});
