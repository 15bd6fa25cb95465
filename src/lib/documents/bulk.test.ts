import { describe, expect, it } from "vitest";
import { bulkLine, bulkProgress, parseBulkImports, timeLeft, type BulkImport } from "./bulk";
import type { UploadStatus } from "./timeline";

const START = "2026-11-28T10:00:00.000Z";
const bulk = (ids: string[], extra: Partial<BulkImport> = {}): BulkImport => ({ id: "bulk-1", ids, refused: [], cancelled: 0, startedAt: START, paused: false, ...extra });
const at = (seconds: number) => Date.parse(START) + seconds * 1000;

describe("a bulk import's progress line", () => {
  it("counts done, failed (refused files too) and remaining, and estimates the time left from the pace so far", () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `f${String(i)}`);
    const status = (id: string): UploadStatus => {
      const n = Number(id.slice(1));
      return n < 240 ? "indexed" : n < 250 ? "failed" : n < 253 ? "ocr" : "queued";
    };
    const refused = [{ name: "setup.exe", reason: '"setup.exe" is not a file type the upload accepts. Choose a PDF, DOC, DOCX or TXT file.' }];
    // 250 finished in 100 s: 750 more take 300 s.
    const progress = bulkProgress(bulk(ids, { refused }), status, at(100));
    expect(progress).toEqual({ done: 240, failed: 11, remaining: 750, leftMs: 300_000 });
    expect(bulkLine(progress, false)).toBe("240 done / 11 failed / 750 remaining · about 5 min left");
    expect(bulkLine(progress, true)).toBe("240 done / 11 failed / 750 remaining · paused");
  });

  it("says it is estimating until a file is finished, counts a deleted upload no more, and drops the estimate once finished", () => {
    expect(bulkLine(bulkProgress(bulk(["a", "b"]), () => "queued", at(3)), false)).toBe("0 done / 0 failed / 2 remaining · estimating the time left");
    const statuses: Record<string, UploadStatus | undefined> = { a: "indexed", b: undefined, c: "failed" };
    const finished = bulkProgress(bulk(["a", "b", "c"]), (id) => statuses[id], at(9));
    expect(finished).toEqual({ done: 1, failed: 1, remaining: 0, leftMs: 0 });
    expect(bulkLine(finished, false)).toBe("1 done / 1 failed / 0 remaining");
    expect(bulkLine({ done: 1200, failed: 3, remaining: 1000, leftMs: 1000 }, false)).toBe("1,200 done / 3 failed / 1,000 remaining · about 5 s left");
  });

  it.each([
    [null, "estimating the time left"],
    [1000, "about 5 s left"],
    [41_000, "about 45 s left"],
    [60_000, "about 1 min left"],
    [61_000, "about 2 min left"],
  ])("reads %s ms left as '%s'", (ms, text) => expect(timeLeft(ms)).toBe(text));

  it("reads back a stored bulk import, and refuses a malformed one", () => {
    const stored = [bulk(["a"], { refused: [{ name: "x.exe", reason: "why" }], cancelled: 2, paused: true })];
    expect(parseBulkImports(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(parseBulkImports([{ ...stored[0], cancelled: -1 }])).toBeNull();
    expect(parseBulkImports([{ ...stored[0], ids: ["has space"] }])).toBeNull();
    expect(parseBulkImports("nope")).toBeNull();
  });
});
