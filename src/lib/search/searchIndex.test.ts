import { describe, expect, it } from "vitest";
import { entryId } from "./entries";
import { DOCUMENTS, JUDGMENT, JUDGMENT_PAGES, KNOWLEDGE, LEASE, LEASE_PAGES, SERVICES } from "./fixtures";
import type { SearchScope } from "./scope";
import { createSearchIndex, loadSearchIndex, rebuild, SEARCH_INDEX_VERSION, type SearchIndex, type SearchResult } from "./searchIndex";

const ids = (results: readonly SearchResult[]) => results.map((result) => entryId(result.entry));
const sortedIds = (results: readonly SearchResult[]) => ids(results).sort();
const fixtureIndex = (): SearchIndex => rebuild(DOCUMENTS, KNOWLEDGE);

describe("ranking on the fixture corpus", () => {
  const index = fixtureIndex();
  it.each([
    ["When is the security deposit returned?", "page:doc-lease:2"],
    ["liquidated damages for late completion", "page:doc-services:3"],
    ["defects liability period", "page:doc-services:4"],
    ["Was the confession admissible?", "page:doc-judgment:2"],
    ["sentence imposed by the Assize Court", "page:doc-judgment:4"],
    ["compensation for unfair dismissal", "kb:kb-termination-employment"],
    ["125(I)/2018", "kb:kb-data-protection"],
    ["conflict of interest check before opening a new file", "kb:kb-conflicts"],
    ["motion to dismiss for lack of jurisdiction", "page:doc-memo:2"],
    ["cap on the seller's liability for warranty claims", "page:doc-spa:3"],
    ["time limit for a contract claim", "kb:kb-limitation"],
    ["how much rent does the tenant pay", "page:doc-lease:1"],
    ["lawyer present during questioning", "page:doc-judgment:2"],
  ])("%s -> %s first", (query, first) => {
    expect(ids(index.search(query))[0]).toBe(first);
  });

  it("ranks pages that match every word above those that match some", () => {
    const results = index.search("escrow purchase price");
    expect(ids(results)).toEqual(["page:doc-spa:2", "page:doc-spa:3"]);
    expect(results[0]?.coverage).toBe(1);
    expect(results[1]?.coverage).toBeLessThan(1);
    expect(index.search("redundancy payment")[0]?.coverage).toBe(1);
  });

  it("boosts titles: a word in a title outranks the same word repeated in body text", () => {
    expect(ids(index.search("termination"))).toEqual(["kb:kb-termination-employment", "page:doc-lease:3", "page:doc-services:5"]);
    const small = createSearchIndex();
    const body = "The guarantee is given by the bank. The guarantee is unconditional. The guarantee ends in 2027.";
    small.addDocument({ ...LEASE, id: "doc-body", title: "Loan facility letter" }, [{ number: 1, text: body, source: "text" }]);
    small.addDocument({ ...LEASE, id: "doc-title", title: "Bank guarantee for the loan facility of the company" }, [
      { number: 1, text: "The bank undertakes to pay on first written demand, up to EUR 50,000, until the end of 2027.", source: "text" },
    ]);
    expect(ids(small.search("guarantee"))).toEqual(["page:doc-title:1", "page:doc-body:1"]);
  });

  it("matches a misspelt word of 5+ letters and the beginning of the last word", () => {
    expect(ids(index.search("arbitraton in Nicosia"))[0]).toBe("page:doc-services:5");
    expect(ids(index.search("early terminat"))[0]).toBe("page:doc-lease:3");
    expect(index.search("early terminat")[0]?.terms).toEqual(["early", "terminate", "termination"]);
    expect(ids(index.search("early termin"))[0]).toBe("page:doc-lease:3");
    expect(index.search("termin early")).toEqual([]);
  });

  it("finds Greek words in any case and with or without accents", () => {
    for (const query of ["Λεμεσός", "ΛΕΜΕΣΟΣ", "λεμεσος"]) expect(ids(index.search(query))).toEqual(["page:doc-lease:4"]);
    expect(index.search("Λεμεσός")[0]?.snippet.text).toContain("Λεμεσός");
  });

  it("keeps numbers as words", () => {
    expect(ids(index.search("4521/2023"))).toEqual(["page:doc-judgment:1"]);
    expect(ids(index.search("EUR 1,900"))[0]).toBe("page:doc-lease:2");
  });

  it("returns at most `limit` results", () => {
    expect(index.search("court", { limit: 3 })).toHaveLength(3);
    expect(index.search("court", { limit: 0 })).toEqual([]);
  });
});

describe("relevance: nothing rather than the best of nothing", () => {
  const index = fixtureIndex();
  it("returns [] for words the corpus does not have, even when a common word of the query is there", () => {
    expect(index.search("Miranda rights")).toEqual([]);
    expect(index.search("What are the Miranda rights?")).toEqual([]);
    expect(index.search("cryptocurrency")).toEqual([]);
    expect(index.search("rights")).not.toEqual([]);
  });

  it("returns [] for a blank query or one of stop words only", () => {
    expect(index.search("")).toEqual([]);
    expect(index.search("   \n\t")).toEqual([]);
    expect(index.search("what is the")).toEqual([]);
    expect(index.search("explain please")).toEqual([]);
  });

  it("leaves out pages that match only a light word of the question", () => {
    expect(ids(index.search("defects liability period"))).toEqual(["page:doc-services:4"]);
  });
});

describe("scope and chips", () => {
  const index = fixtureIndex();
  const court = (scope: SearchScope) => sortedIds(index.search("court", { scope, limit: 50 }));
  const law = (scope: SearchScope) => sortedIds(index.search("law", { scope, limit: 50 }));
  const judgmentPages = ["page:doc-judgment:1", "page:doc-judgment:2", "page:doc-judgment:3", "page:doc-judgment:4"];

  it("all: every page and knowledge item", () => {
    expect(court({ kind: "all" })).toEqual([
      "kb:kb-police-v-ioannou",
      "kb:kb-rent-control",
      ...judgmentPages,
      "page:doc-memo:1",
      "page:doc-spa:4",
    ]);
    expect(sortedIds(index.search("court", { limit: 50 }))).toEqual(court({ kind: "all" }));
  });

  it("firm: every page and the internal knowledge items only", () => {
    expect(law({ kind: "firm" })).toEqual([
      "kb:kb-drafting",
      "page:doc-judgment:1",
      "page:doc-judgment:2",
      "page:doc-judgment:3",
      "page:doc-services:5",
      "page:doc-spa:4",
    ]);
  });

  it("case: that case's pages only", () => {
    expect(court({ kind: "case", caseId: "case-charalambous" })).toEqual(judgmentPages);
    expect(court({ kind: "case", caseId: "case-georgiou" })).toEqual([]);
  });

  it("kb: knowledge items only", () => {
    expect(court({ kind: "kb" })).toEqual(["kb:kb-police-v-ioannou", "kb:kb-rent-control"]);
  });

  it("a document chip and a knowledge chip", () => {
    expect(court({ kind: "documents", docIds: ["doc-spa"] })).toEqual(["page:doc-spa:4"]);
    expect(court({ kind: "knowledge", itemIds: ["kb-rent-control"] })).toEqual(["kb:kb-rent-control"]);
  });

  it("chips combine as a union of documents, cases and items; no chips search nothing", () => {
    expect(court({ kind: "chips", docIds: ["doc-memo"], itemIds: ["kb-police-v-ioannou"] })).toEqual([
      "kb:kb-police-v-ioannou",
      "page:doc-memo:1",
    ]);
    expect(court({ kind: "chips", caseIds: ["case-hadjipetrou", "case-charalambous"], docIds: ["doc-memo"] })).toEqual([
      ...judgmentPages,
      "page:doc-memo:1",
      "page:doc-spa:4",
    ]);
    expect(court({ kind: "chips" })).toEqual([]);
  });

  it("scoping keeps the ranking of the pages it keeps", () => {
    const all = ids(index.search("court", { limit: 50 })).filter((id) => id.startsWith("page:doc-judgment"));
    expect(ids(index.search("court", { scope: { kind: "case", caseId: "case-charalambous" } }))).toEqual(all);
  });
});

describe("adding and removing", () => {
  it("never returns a removed document, and says whether there was one to remove", () => {
    const index = fixtureIndex();
    expect(index.removeDocument("doc-judgment")).toBe(true);
    expect(index.removeDocument("doc-judgment")).toBe(false);
    expect(index.hasDocument("doc-judgment")).toBe(false);
    expect(ids(index.search("confession admissible"))).toEqual([]);
    expect(ids(index.search("court", { limit: 50 })).some((id) => id.includes("doc-judgment"))).toBe(false);
    expect(index.documentIds()).toEqual(["doc-services", "doc-lease", "doc-memo", "doc-spa"]);
  });

  it("re-adding a document replaces its pages", () => {
    const index = fixtureIndex();
    const before = index.size;
    index.addDocument(JUDGMENT, [{ number: 1, text: "Appeal allowed; the conviction was quashed.", source: "ocr" }]);
    expect(index.size).toBe(before - JUDGMENT_PAGES.length + 1);
    expect(index.search("confession")).toEqual([]);
    expect(ids(index.search("conviction quashed"))).toEqual(["page:doc-judgment:1"]);
    expect(index.search("conviction quashed")[0]?.entry).toMatchObject({ docId: "doc-judgment", page: 1, caseId: "case-charalambous" });
  });

  it("leaves blank pages out and keeps the page numbers it was given", () => {
    const index = createSearchIndex();
    index.addDocument(LEASE, [
      { number: 1, text: "  \n ", source: "ocr" },
      { number: 2, text: "The tenant keeps a cat.", source: "ocr" },
    ]);
    expect(index.size).toBe(1);
    expect(index.search("cat")[0]?.entry).toMatchObject({ kind: "page", page: 2, unit: "page", title: LEASE.title });
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
    expect(ids(index.search("Rent Tribunal"))[0]).toBe("kb:kb-rent-control");
    expect(ids(index.search("court", { scope: { kind: "kb" } }))).toEqual(["kb:kb-police-v-ioannou"]);
    expect(index.search("six-minute units")).toEqual([]);
    expect(ids(index.search("probate will"))).toEqual(["kb:kb-new"]);
    expect(index.size).toBe(DOCUMENTS.reduce((sum, { pages }) => sum + pages.length, 0) + KNOWLEDGE.length);
  });

  it("searches a knowledge item's body and snippets from the text that matched", () => {
    const index = fixtureIndex();
    const [drafting] = index.search("prefer arbitration for construction contracts");
    expect(drafting?.entry).toMatchObject({ kind: "knowledge", itemId: "kb-drafting" });
    expect(drafting?.snippet.field).toBe("text");
    expect(index.search("conflict of interest")[0]?.snippet).toMatchObject({ field: "description", start: 0 });
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
    for (const query of queries) expect(loaded.search(query, { limit: 50 })).toEqual(index.search(query, { limit: 50 }));
    expect(loaded.documentIds()).toEqual(index.documentIds());
    expect(loaded.size).toBe(index.size);
    loaded.removeDocument("doc-lease");
    expect(loaded.search("security deposit")).toEqual([]);
    loaded.addDocument(LEASE, LEASE_PAGES);
    expect(ids(loaded.search("security deposit"))[0]).toBe("page:doc-lease:2");
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
    for (const query of queries) expect(sortedIds(rebuilt.search(query, { limit: 50 }))).toEqual(sortedIds(stepwise.search(query, { limit: 50 })));
    expect(ids(rebuilt.search("security deposit"))).toEqual(ids(stepwise.search("security deposit")));
  });
});
