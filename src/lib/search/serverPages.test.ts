import { describe, expect, it, vi } from "vitest";
import type { PageHit } from "../sync/session";
import type { SearchResult } from "./searchIndex";
import { createServerRetriever, markedTerms, mergeResults, pageFilters, pageResult } from "./serverPages";

const hit = (page: number, rank: number, text = "The tenant shall give three months' notice before leaving the premises."): PageHit => ({
  document_id: "doc-lease",
  title: "Lease",
  case_id: "case-1",
  case_title: "Georgiou v. Paphos",
  page_number: page,
  unit: "page",
  source: "text",
  coverage: 1,
  rank,
  snippet: "The tenant shall give three months' <mark>notice</mark> before leaving",
  text,
});

const knowledge = (itemId: string, score: number): SearchResult => ({
  entry: { kind: "knowledge", itemId, title: itemId, type: "internal", source: "Internal", description: "d" },
  score,
  coverage: 1,
  terms: ["notice"],
  snippet: { text: "d", start: 0, end: 1, field: "description" },
});

describe("search_pages in the browser's search", () => {
  it("asks for all pages, a case's, chosen documents', or none", () => {
    expect(pageFilters({ kind: "all" })).toEqual({ documentIds: null, caseIds: null });
    expect(pageFilters({ kind: "firm" })).toEqual({ documentIds: null, caseIds: null });
    expect(pageFilters({ kind: "case", caseId: "c1" })).toEqual({ documentIds: null, caseIds: ["c1"] });
    expect(pageFilters({ kind: "documents", docIds: ["d1"] })).toEqual({ documentIds: ["d1"], caseIds: [] });
    expect(pageFilters({ kind: "chips", caseIds: ["c1"], itemIds: ["k"] })).toEqual({ documentIds: [], caseIds: ["c1"] });
    expect(pageFilters({ kind: "chips", itemIds: ["k"] })).toBeNull();
    expect(pageFilters({ kind: "kb" })).toBeNull();
    expect(pageFilters({ kind: "documents", docIds: [] })).toBeNull();
  });

  it("turns a hit into a page result whose snippet marks the server's words in the page's own text", () => {
    expect(markedTerms("a <mark>Notice</mark> b <mark>notice</mark> <mark>tenant</mark>")).toEqual(["notice", "tenant"]);
    const result = pageResult(hit(2, 0.4), 0.4);
    expect(result.entry).toMatchObject({ kind: "page", docId: "doc-lease", page: 2, caseTitle: "Georgiou v. Paphos" });
    expect(result.terms).toEqual(["notice"]);
    expect(result.snippet.text).toContain("notice");
    expect(result.snippet.field).toBe("text");
    expect(result.entry.kind === "page" && result.entry.text.slice(result.snippet.start, result.snippet.end)).toBe(result.snippet.text);
  });

  it("merges two searches by their scaled scores, once each, up to the limit", () => {
    const pages = [pageResult(hit(1, 0.5), 0.5), pageResult(hit(2, 0.1), 0.1)];
    const merged = mergeResults([knowledge("kb-a", 10), knowledge("kb-b", 3)], [...pages, pages[0]!], 3);
    expect(merged.map((r) => (r.entry.kind === "page" ? `p${String(r.entry.page)}` : r.entry.itemId))).toEqual(["kb-a", "p1", "kb-b"]);
  });

  it("searches pages in Postgres and knowledge in the browser, and falls back to the browser when the server fails", async () => {
    const local = { search: vi.fn(async () => [knowledge("kb-a", 2), pageResult(hit(9, 1), 1)]) };
    const searchPages = vi.fn(async () => [hit(3, 0.2)]);
    const retriever = createServerRetriever(local, searchPages);
    const found = await retriever.search("notice", { scope: { kind: "all" }, limit: 5 });
    expect(searchPages).toHaveBeenCalledWith("notice", { documentIds: null, caseIds: null }, 5);
    expect(found.map((r) => (r.entry.kind === "page" ? r.entry.page : r.entry.itemId))).toEqual(["kb-a", 3]);

    searchPages.mockRejectedValueOnce(new Error("offline"));
    const offline = await retriever.search("notice", { scope: { kind: "all" } });
    expect(offline.map((r) => (r.entry.kind === "page" ? r.entry.page : r.entry.itemId))).toEqual(["kb-a", 9]);

    await retriever.search("notice", { scope: { kind: "kb" } });
    expect(searchPages).toHaveBeenCalledTimes(2);
  });

  it("does not wait for the browser's index for a scope of pages alone, unless the server fails", async () => {
    const local = { search: vi.fn(async () => [pageResult(hit(9, 1), 1)]) };
    const searchPages = vi.fn(async () => [hit(3, 0.2)]);
    const retriever = createServerRetriever(local, searchPages);
    const pages = (results: SearchResult[]) => results.map((r) => (r.entry.kind === "page" ? r.entry.page : r.entry.itemId));
    expect(pages(await retriever.search("notice", { scope: { kind: "documents", docIds: ["doc-lease"] } }))).toEqual([3]);
    expect(pages(await retriever.search("notice", { scope: { kind: "case", caseId: "case-1" } }))).toEqual([3]);
    expect(local.search).not.toHaveBeenCalled();
    searchPages.mockRejectedValueOnce(new Error("offline"));
    expect(pages(await retriever.search("notice", { scope: { kind: "documents", docIds: ["doc-lease"] } }))).toEqual([9]);
    expect(local.search).toHaveBeenCalledTimes(1);
  });
});
