import { describe, expect, it } from "vitest";
import { entryId } from "../entries";
import { DOCUMENTS, JUDGMENT, JUDGMENT_PAGES, KNOWLEDGE, LEASE, LEASE_PAGES, SERVICES } from "../../../../tests/fixtures/searchFixtures";
import type { SearchScope } from "../scope";
import type { SearchResult } from "../results";
import { createSearchIndex, loadSearchIndex, rebuild, SEARCH_INDEX_VERSION, type SearchIndex } from "./searchIndex";

const ids = (results: readonly SearchResult[]) => results.map((result) => entryId(result.entry));
const sortedIds = (results: readonly SearchResult[]) => [...new Set(ids(results))].sort();
const fixtureIndex = (): SearchIndex => rebuild(DOCUMENTS, KNOWLEDGE);

describe("ranking on the fixture corpus", () => {
  const index = fixtureIndex();
  const ranksFirst = (query: string, first: string) => {
    expect(ids(index.search(query).results)[0]).toBe(first);
  };
  it.each([
    ["When is the security deposit returned?", "page:doc-lease:2"],
    ["liquidated damages for late completion", "page:doc-services:3"],
    ["Was the confession admissible?", "page:doc-judgment:2"],
    ["sentence imposed by the Assize Court", "page:doc-judgment:4"],
    ["compensation for unfair dismissal", "kb:kb-termination-employment"],
    ["search the client register before opening a new file", "kb:kb-conflicts"],
    ["motion to dismiss for lack of jurisdiction", "page:doc-memo:2"],
    ["cap on the seller's liability for warranty claims", "page:doc-spa:3"],
    ["Commissioner administrative fines", "kb:kb-data-protection"],
    ["defects liability period", "page:doc-services:4"],
    ["time limit for a contract claim", "kb:kb-limitation"],
  ])("%s -> %s first", ranksFirst);

  // Quoted today, but not first: the relevance rule (rank.ts, being tuned for issue 29) puts another clause of the
  // concept the question names first. When one of these passes, move it to the table above.
  it.fails.each([
    ["how much rent does the tenant pay", "page:doc-lease:1"],
    ["lawyer present during questioning", "page:doc-judgment:2"],
  ])("%s -> %s first (known miss)", ranksFirst);

  it("ranks the passage with every word of the question first, and names the words it matched", () => {
    const [first] = index.search("escrow purchase price").results;
    expect(first && entryId(first.entry)).toBe("page:doc-spa:2");
    expect(first?.terms).toEqual(expect.arrayContaining(["escrow", "price", "purchase"]));
  });

  it("stems: a word's other forms find it, and marks them as the passage writes them", () => {
    const [first] = index.search("terminated early").results;
    expect(first && entryId(first.entry)).toBe("page:doc-lease:3");
    expect(first?.terms).toEqual(expect.arrayContaining(["early", "terminate", "termination"]));
    expect(ids(index.search("early termin").results)[0]).toBe("page:doc-lease:3");
  });

  it("finds Greek words in any case and with or without accents", () => {
    for (const query of ["Λεμεσός", "ΛΕΜΕΣΟΣ", "λεμεσος"]) expect(ids(index.search(query).results)).toEqual(["page:doc-lease:4"]);
    expect(index.search("Λεμεσός").results[0]?.snippet.text).toContain("Λεμεσός");
  });

  it("keeps numbers as words", () => {
    expect(ids(index.search("4521/2023").results)).toEqual(["page:doc-judgment:1"]);
    expect(ids(index.search("EUR 1,900").results)[0]).toBe("page:doc-lease:2");
  });

  it("returns at most `limit` results", () => {
    expect(index.search("court", { limit: 3 }).results).toHaveLength(3);
    expect(index.search("court", { limit: 0 }).results).toEqual([]);
  });

  it("a result is a whole passage: its snippet is the entry's text from start to end", () => {
    for (const result of index.search("court", { limit: 50 }).results) {
      const source = result.snippet.field === "description" && result.entry.kind === "knowledge" ? result.entry.description : (result.entry.text ?? "");
      expect(source.slice(result.snippet.start, result.snippet.end)).toBe(result.snippet.text);
    }
  });
});

describe("relevance: nothing rather than the best of nothing", () => {
  const index = fixtureIndex();
  it("returns nothing for words the corpus does not have", () => {
    expect(index.search("cryptocurrency")).toEqual({ results: [], asked: null });
    expect(index.search("rights").results).not.toEqual([]);
  });

  it("a word no passage has does not veto the words that are there", () => {
    expect(ids(index.search("What are the Miranda rights?").results)).toEqual(ids(index.search("rights").results));
  });

  it("returns nothing for a blank query or one of stop words only", () => {
    expect(index.search("")).toEqual({ results: [], asked: null });
    expect(index.search("   \n\t").results).toEqual([]);
    expect(index.search("what is the").results).toEqual([]);
    expect(index.search("explain please").results).toEqual([]);
  });

  it("leaves out passages that match only a light word of the question", () => {
    expect(ids(index.search("Architect interim certificates Paphos").results)).toEqual(["page:doc-services:2"]);
    expect(ids(index.search("cannabis kilograms Limassol").results)).toEqual(["page:doc-judgment:3"]);
  });
});

describe("scope and chips", () => {
  const index = fixtureIndex();
  // Courts and arbitration: every document page and knowledge item of the fixture corpus has one or the other.
  const search = (scope: SearchScope) => index.search("court arbitration", { scope, limit: 50 }).results;
  const everything = sortedIds(search({ kind: "all" }));
  const court = (scope: SearchScope) => sortedIds(search(scope));
  /** The results of All that a scope keeps: a scope filters, it does not rank. */
  const allWhere = (keep: (id: string) => boolean) => everything.filter(keep);
  const judgment = (id: string) => id.startsWith("page:doc-judgment:");
  const judgmentPages = ["page:doc-judgment:1", "page:doc-judgment:2", "page:doc-judgment:3", "page:doc-judgment:4"];

  it("all: every page and knowledge item", () => {
    expect(everything).toEqual(expect.arrayContaining([...judgmentPages, "kb:kb-police-v-ioannou", "kb:kb-rent-control", "page:doc-memo:1", "page:doc-spa:4"]));
    expect(sortedIds(index.search("court arbitration", { limit: 50 }).results)).toEqual(everything);
  });

  it("firm: every page and the internal knowledge items only", () => {
    const firm = court({ kind: "firm" });
    expect(firm).toContain("kb:kb-drafting");
    expect(firm).toEqual(allWhere((id) => id.startsWith("page:") || id === "kb:kb-drafting"));
  });

  it("case: that case's pages only", () => {
    expect(court({ kind: "case", caseId: "case-charalambous" })).toEqual(judgmentPages);
    expect(court({ kind: "case", caseId: "case-georgiou" })).toEqual(allWhere((id) => id.startsWith("page:doc-services:") || id.startsWith("page:doc-lease:")));
    expect(court({ kind: "case", caseId: "case-nobody" })).toEqual([]);
  });

  it("kb: knowledge items only", () => {
    expect(court({ kind: "kb" })).toEqual(allWhere((id) => id.startsWith("kb:")));
    expect(court({ kind: "kb" })).toEqual(expect.arrayContaining(["kb:kb-police-v-ioannou", "kb:kb-rent-control"]));
  });

  it("a document chip and a knowledge chip", () => {
    expect(court({ kind: "documents", docIds: ["doc-spa"] })).toEqual(["page:doc-spa:4"]);
    expect(court({ kind: "knowledge", itemIds: ["kb-rent-control"] })).toEqual(["kb:kb-rent-control"]);
  });

  it("chips combine as a union of documents, cases and items; no chips search nothing", () => {
    expect(court({ kind: "chips", docIds: ["doc-memo"], itemIds: ["kb-police-v-ioannou"] })).toEqual(
      allWhere((id) => id.startsWith("page:doc-memo:") || id === "kb:kb-police-v-ioannou"),
    );
    expect(court({ kind: "chips", caseIds: ["case-hadjipetrou", "case-charalambous"], docIds: ["doc-memo"] })).toEqual(
      allWhere((id) => judgment(id) || id.startsWith("page:doc-memo:") || id.startsWith("page:doc-spa:")),
    );
    expect(court({ kind: "chips" })).toEqual([]);
  });

  it("scoping keeps the ranking of the pages it keeps", () => {
    const all = ids(index.search("court", { limit: 50 }).results).filter(judgment);
    expect(ids(index.search("court", { scope: { kind: "case", caseId: "case-charalambous" } }).results)).toEqual(all);
  });
});

describe("adding and removing", () => {
  it("never returns a removed document, and says whether there was one to remove", () => {
    const index = fixtureIndex();
    expect(index.removeDocument("doc-judgment")).toBe(true);
    expect(index.removeDocument("doc-judgment")).toBe(false);
    expect(index.hasDocument("doc-judgment")).toBe(false);
    expect(ids(index.search("confession admissible").results)).toEqual([]);
    expect(ids(index.search("court", { limit: 50 }).results).some((id) => id.includes("doc-judgment"))).toBe(false);
    expect(index.documentIds()).toEqual(["doc-services", "doc-lease", "doc-memo", "doc-spa"]);
  });

  it("re-adding a document replaces its pages", () => {
    const index = fixtureIndex();
    const before = index.size;
    index.addDocument(JUDGMENT, [{ number: 1, text: "Appeal allowed; the conviction was quashed.", source: "ocr" }]);
    expect(index.size).toBe(before - JUDGMENT_PAGES.length + 1);
    expect(index.search("confession").results).toEqual([]);
    expect(ids(index.search("conviction quashed").results)).toEqual(["page:doc-judgment:1"]);
    expect(index.search("conviction quashed").results[0]?.entry).toMatchObject({ docId: "doc-judgment", page: 1, caseId: "case-charalambous" });
  });

  it("leaves blank pages out and keeps the page numbers it was given", () => {
    const index = createSearchIndex();
    index.addDocument(LEASE, [
      { number: 1, text: "  \n ", source: "ocr" },
      { number: 2, text: "The tenant keeps a cat.", source: "ocr" },
    ]);
    expect(index.size).toBe(1);
    expect(index.search("cat").results[0]?.entry).toMatchObject({ kind: "page", page: 2, unit: "page", title: LEASE.title });
  });

  it("setKnowledge replaces changed items, removes missing ones and adds new ones", () => {
    const index = fixtureIndex();
    const [rentControl, ...others] = KNOWLEDGE;
    if (!rentControl) throw new Error("fixture");
    index.setKnowledge([
      ...others.filter((item) => item.id !== "kb-billing"),
      { ...rentControl, description: "Statutory tenancies and the Rent Tribunal." },
      { id: "kb-new", title: "Probate checklist", type: "internal", source: "Internal", description: "Grant of probate and the will." },
    ]);
    expect(ids(index.search("Rent Tribunal").results)[0]).toBe("kb:kb-rent-control");
    const court = sortedIds(index.search("court", { scope: { kind: "kb" } }).results);
    expect(court).toContain("kb:kb-police-v-ioannou");
    expect(court).not.toContain("kb:kb-rent-control");
    expect(index.search("six-minute units").results).toEqual([]);
    expect(ids(index.search("probate will").results)).toEqual(["kb:kb-new"]);
    expect(index.size).toBe(DOCUMENTS.reduce((sum, { pages }) => sum + pages.length, 0) + KNOWLEDGE.length);
  });

  it("searches a knowledge item's body and snippets from the text that matched", () => {
    const index = fixtureIndex();
    const [drafting] = index.search("prefer arbitration for construction contracts").results;
    expect(drafting?.entry).toMatchObject({ kind: "knowledge", itemId: "kb-drafting" });
    expect(drafting?.snippet.field).toBe("text");
    expect(index.search("client register").results[0]?.snippet).toMatchObject({ field: "description", start: 0 });
  });
});

describe("serialisation", () => {
  const queries = ["security deposit", "court", "Λεμεσός", "early terminat", "compensation for unfair dismissal", "law"];

  it("a stored and loaded index gives identical results, and stays editable", () => {
    const index = fixtureIndex();
    index.removeDocument("doc-memo");
    index.addDocument(SERVICES, DOCUMENTS[0]?.pages ?? []);
    const loaded = loadSearchIndex(JSON.stringify(index));
    if (!loaded) throw new Error("the index did not load");
    for (const query of queries) expect(loaded.search(query, { limit: 50 }).results).toEqual(index.search(query, { limit: 50 }).results);
    expect(loaded.documentIds()).toEqual(index.documentIds());
    expect(loaded.size).toBe(index.size);
    loaded.removeDocument("doc-lease");
    expect(ids(loaded.search("security deposit").results).some((id) => id.startsWith("page:doc-lease:"))).toBe(false);
    loaded.addDocument(LEASE, LEASE_PAGES);
    expect(ids(loaded.search("security deposit").results)[0]).toBe("page:doc-lease:2");
  });

  it("returns null, without throwing, for anything that is not a stored index of this version", () => {
    const good = JSON.parse(JSON.stringify(fixtureIndex())) as { entries: unknown[]; index: { documentCount: number } };
    const variants = [
      "",
      "not json",
      "null",
      "[]",
      "{}",
      JSON.stringify({ ...good, version: SEARCH_INDEX_VERSION + 1 }),
      JSON.stringify({ ...good, entries: [...good.entries, { kind: "page", docId: "x" }] }),
      JSON.stringify({ ...good, entries: good.entries.slice(1) }),
      JSON.stringify({ ...good, index: { ...good.index, documentCount: 3 } }),
      JSON.stringify({ ...good, index: null }),
      JSON.stringify({ ...good, index: "garbage" }),
      JSON.stringify(fixtureIndex()).slice(0, 5000),
    ];
    for (const json of variants) expect(loadSearchIndex(json)).toBeNull();
    expect(loadSearchIndex(JSON.stringify(good))).not.toBeNull();
  });

  it("rebuild gives the same results as an index built step by step", () => {
    const stepwise = createSearchIndex();
    stepwise.setKnowledge(KNOWLEDGE);
    for (const { document, pages } of DOCUMENTS) stepwise.addDocument(document, pages);
    const rebuilt = fixtureIndex();
    for (const query of queries) expect(sortedIds(rebuilt.search(query, { limit: 50 }).results)).toEqual(sortedIds(stepwise.search(query, { limit: 50 }).results));
    expect(ids(rebuilt.search("security deposit").results)).toEqual(ids(stepwise.search("security deposit").results));
  });
});
