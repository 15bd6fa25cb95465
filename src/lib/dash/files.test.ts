import { describe, expect, it } from "vitest";
import { REINDEX_MS } from "../documents/timeline";
import { documentAt, filterDocuments, parseDocuments, reindexDue, startReindex, type DocumentRecord } from "./files";

const doc = (id: string, status: DocumentRecord["status"], title = id, caseTitle = "Case"): DocumentRecord => ({
  id,
  title,
  caseId: "c",
  caseTitle,
  pages: 1,
  status,
  uploaded: "2025-03-01",
  type: "pdf",
});

describe("files", () => {
  const documents = [doc("a", "indexed", "Sale Agreement", "Georgiou"), doc("b", "failed", "Engineer Report", "Georgiou"), doc("c", "processing", "Contract", "Kyprianou")];

  it.each([
    ["", "all", ["a", "b", "c"]],
    ["sale", "all", ["a"]],
    ["KYPRIANOU", "all", ["c"]],
    ["georgiou", "failed", ["b"]],
    ["", "processing", ["c"]],
    ["nothing", "all", []],
  ] as const)("query %j with status %s finds %j", (query, status, ids) => {
    expect(filterDocuments(documents, query, status).map((d) => d.id)).toEqual(ids);
  });

  it("re-indexes a failed file: processing, then indexed after 3000 ms", () => {
    const start = new Date("2025-03-14T10:00:00Z");
    const [, started] = startReindex(documents, "b", start);
    expect(started!.reindexStarted).toBe(start.toISOString());
    expect(REINDEX_MS).toBe(3000);
    expect(documentAt(started!, start.getTime()).status).toBe("processing");
    expect(documentAt(started!, start.getTime() + 2999).status).toBe("processing");
    expect(documentAt(started!, start.getTime() + 3000).status).toBe("indexed");
    expect(documentAt(started!, start.getTime())).not.toHaveProperty("reindexStarted");
    expect(reindexDue(started!)).toEqual([start.getTime() + 3000]);
  });

  it("re-indexes only failed files, once", () => {
    const now = new Date();
    expect(startReindex(documents, "a", now)).toEqual(documents);
    const once = startReindex(documents, "b", now);
    expect(startReindex(once, "b", new Date(now.getTime() + 5))).toEqual(once);
    expect(reindexDue(documents[1]!)).toEqual([]);
  });

  it("validates stored documents", () => {
    expect(parseDocuments(documents)).toEqual(documents);
    expect(parseDocuments([{ ...documents[0], status: "lost" }])).toBeNull();
    expect(parseDocuments([{ ...documents[0], reindexStarted: 5 }])).toBeNull();
  });
});
