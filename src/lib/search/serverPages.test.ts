import { describe, expect, it, vi } from "vitest";
import { entryId, pageEntries, type PageEntry } from "./entries";
import { DOCUMENTS, KNOWLEDGE } from "../../../tests/fixtures/searchFixtures";
import { planQuery, searchTerms, type SearchTerms } from "./rank";
import type { Findings, PageHit, SearchOptions, SearchResult } from "./results";
import { rebuild } from "./worker/searchIndex";
import { CANDIDATE_PAGES, createServerRetriever, DOCUMENT_PAGES, pageEntryOf, pageFilters } from "./serverPages";
import { textTerms } from "./terms";

const hit = (page: number, text = "The tenant shall give three months' notice before leaving the premises."): PageHit => ({
  document_id: "doc-lease",
  title: "Lease",
  case_id: "case-1",
  case_title: "Georgiou v. Paphos",
  page_number: page,
  unit: "page",
  source: "text",
  rank: 0.1,
  text,
});

/** Every page of the fixture corpus as search_pages returns it. */
const ALL_HITS: PageHit[] = DOCUMENTS.flatMap(({ document, pages }) =>
  pageEntries(document, pages).map((entry) => ({
    document_id: entry.docId,
    title: entry.title,
    case_id: entry.caseId,
    case_title: entry.caseTitle,
    page_number: entry.page,
    unit: entry.unit,
    source: "text",
    rank: 0,
    text: entry.text,
  })),
);

/** search_pages as the migration defines it, on the fixture pages: any term, or a word or stem starting with a prefix. */
const fakeSearchPages = ({ terms, prefixes }: SearchTerms, filters: { documentIds: readonly string[] | null; caseIds: readonly string[] | null }) =>
  Promise.resolve(
    ALL_HITS.filter((h) => (filters.documentIds === null && filters.caseIds === null) || filters.documentIds?.includes(h.document_id) || filters.caseIds?.includes(h.case_id)).filter((h) =>
      textTerms(h.text).some((t) => terms.includes(t.term) || prefixes.some((p) => t.term.startsWith(p) || t.folded.startsWith(p))),
    ),
  );

const NOTHING: Findings = { results: [], asked: null };

/** A worker whose index answers as the browser's does. */
function browserWorker(withPages: boolean) {
  const index = rebuild(withPages ? DOCUMENTS : [], KNOWLEDGE);
  return {
    search: vi.fn((query: string, options?: SearchOptions) => Promise.resolve(index.search(query, options))),
    searchWith: vi.fn((query: string, pages: readonly PageEntry[], options?: SearchOptions) => Promise.resolve(index.search(query, { ...options, pages }))),
    terms: vi.fn((query: string) => Promise.resolve(searchTerms(planQuery(query)))),
  };
}

const quoted = (findings: Findings) => findings.results.map((r: SearchResult) => `${entryId(r.entry)}#${String(r.snippet.start)}`);

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

  it("turns a hit into the index's page entry, its text whole", () => {
    expect(pageEntryOf(hit(2))).toEqual({
      kind: "page",
      docId: "doc-lease",
      title: "Lease",
      caseId: "case-1",
      caseTitle: "Georgiou v. Paphos",
      page: 2,
      unit: "page",
      text: hit(2).text,
    });
  });

  it("asks Postgres by the question's terms and ranks its pages in the worker, with the knowledge items", async () => {
    const local = browserWorker(false);
    const searchPages = vi.fn(fakeSearchPages);
    const retriever = createServerRetriever(local, searchPages);
    await retriever.search("When is the security deposit returned?", { scope: { kind: "all" }, limit: 5 });
    const terms = searchTerms(planQuery("When is the security deposit returned?"));
    expect(searchPages).toHaveBeenCalledWith(terms, { documentIds: null, caseIds: null }, CANDIDATE_PAGES);
    expect(local.searchWith).toHaveBeenCalledWith("When is the security deposit returned?", expect.any(Array), { scope: { kind: "all" }, limit: 5 }, []);
    expect(local.search).not.toHaveBeenCalled();
  });

  it("hands the worker the documents in scope whose pages the server has not confirmed, to search in this browser's copy", async () => {
    const local = browserWorker(false);
    const lease = DOCUMENTS.find(({ document }) => document.id === "doc-lease")?.document;
    const other = DOCUMENTS.find(({ document }) => document.caseId !== lease?.caseId)?.document;
    if (!lease || !other) throw new Error("fixture");
    const unsent = vi.fn(() => Promise.resolve([lease, other]));
    const retriever = createServerRetriever(local, fakeSearchPages, () => false, unsent);
    await retriever.search("security deposit", { scope: { kind: "all" } });
    expect(local.searchWith).toHaveBeenLastCalledWith("security deposit", expect.any(Array), { scope: { kind: "all" } }, [lease, other]);
    await retriever.search("security deposit", { scope: { kind: "case", caseId: lease.caseId } });
    expect(local.searchWith).toHaveBeenLastCalledWith("security deposit", expect.any(Array), { scope: { kind: "case", caseId: lease.caseId } }, [lease]);
    // The knowledge base alone asks neither the server nor which pages wait.
    unsent.mockClear();
    await retriever.search("security deposit", { scope: { kind: "kb" } });
    expect(unsent).not.toHaveBeenCalled();
    // Not knowing which pages wait is not a failed search: the server's pages answer.
    unsent.mockRejectedValueOnce(new Error("outbox closed"));
    await retriever.search("security deposit", { scope: { kind: "all" } });
    expect(local.searchWith).toHaveBeenLastCalledWith("security deposit", expect.any(Array), { scope: { kind: "all" } }, []);
  });

  it("asks for a long contract whole when the question names documents, and for the best pages of a wider scope", async () => {
    const searchPages = vi.fn((terms: SearchTerms, filters: Parameters<typeof fakeSearchPages>[1], limit: number) => (limit > 0 ? fakeSearchPages(terms, filters) : Promise.resolve([])));
    const retriever = createServerRetriever(browserWorker(false), searchPages);
    await retriever.search("governing law", { scope: { kind: "chips", docIds: ["doc-lease"], caseIds: [], itemIds: [] } });
    await retriever.search("governing law", { scope: { kind: "documents", docIds: ["doc-lease"] } });
    await retriever.search("governing law", { scope: { kind: "chips", docIds: ["doc-lease"], caseIds: ["case-1"] } });
    await retriever.search("governing law", { scope: { kind: "case", caseId: "case-1" } });
    expect(searchPages.mock.calls.map((call) => call[2])).toEqual([DOCUMENT_PAGES, DOCUMENT_PAGES, CANDIDATE_PAGES, CANDIDATE_PAGES]);
    expect(DOCUMENT_PAGES).toBeGreaterThan(CANDIDATE_PAGES);
  });

  it.each([
    ["When is the security deposit returned?", { kind: "all" }],
    ["What does this contract say about governing law?", { kind: "all" }],
    ["compensation for unfair dismissal", { kind: "firm" }],
    ["court", { kind: "case", caseId: "case-charalambous" }],
    ["liquidated damages", { kind: "documents", docIds: ["doc-lease"] }],
  ] as const)("%s in %j quotes the same passages with or without Supabase", async (query, scope) => {
    const browser = rebuild(DOCUMENTS, KNOWLEDGE).search(query, { scope, limit: 10 });
    const server = await createServerRetriever(browserWorker(false), fakeSearchPages).search(query, { scope, limit: 10 });
    expect(quoted(server)).toEqual(quoted(browser));
    expect(server.asked).toEqual(browser.asked);
    expect(quoted(browser)).not.toEqual([]);
  });

  it("falls back to the browser's index when the server fails, and never asks it for the knowledge base alone", async () => {
    const local = browserWorker(true);
    const searchPages = vi.fn(fakeSearchPages);
    const retriever = createServerRetriever(local, searchPages);
    searchPages.mockRejectedValueOnce(new Error("offline"));
    const offline = await retriever.search("security deposit", { scope: { kind: "all" } });
    expect(quoted(offline)[0]).toBe("page:doc-lease:2#0");
    expect(local.search).toHaveBeenCalledTimes(1);

    await retriever.search("security deposit", { scope: { kind: "kb" } });
    expect(searchPages).toHaveBeenCalledTimes(1);
    expect(local.search).toHaveBeenCalledTimes(2);
  });

  it("fails when the server fails once the browser's index has handed its pages over, never saying it found nothing", async () => {
    const local = browserWorker(true);
    const searchPages = vi.fn(fakeSearchPages);
    let handedOver = true;
    const retriever = createServerRetriever(local, searchPages, () => handedOver);
    searchPages.mockRejectedValueOnce(new Error("offline"));
    await expect(retriever.search("security deposit", { scope: { kind: "all" } })).rejects.toThrow("offline");
    expect(local.search).not.toHaveBeenCalled();

    expect(quoted(await retriever.search("security deposit", { scope: { kind: "all" } }))[0]).toBe("page:doc-lease:2#0");
    expect(local.searchWith).toHaveBeenCalledTimes(1);
    handedOver = false;
    searchPages.mockRejectedValueOnce(new Error("offline"));
    expect(quoted(await retriever.search("security deposit", { scope: { kind: "all" } }))[0]).toBe("page:doc-lease:2#0");
    expect(local.search).toHaveBeenCalledTimes(1);
  });

  it("a question of stop words asks the server nothing", async () => {
    const local = browserWorker(true);
    local.search.mockResolvedValue(NOTHING);
    const searchPages = vi.fn(fakeSearchPages);
    expect(await createServerRetriever(local, searchPages).search("what is the", { scope: { kind: "all" } })).toEqual(NOTHING);
    expect(searchPages).not.toHaveBeenCalled();
  });
});
