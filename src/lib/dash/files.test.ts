import { describe, expect, it } from "vitest";
import { filterDocuments, type WorkspaceDocument } from "./files";

const doc = (id: string, status: WorkspaceDocument["status"], title = id, caseTitle = "Case"): WorkspaceDocument => ({
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
});
