import { describe, expect, it } from "vitest";
import type { KnowledgeEntry, PageEntry, SearchEntry } from "./entries";
import { documentFilter, inScope, searchesKnowledge, type SearchScope } from "./scope";

const page = (docId: string, caseId: string): PageEntry => ({
  kind: "page",
  docId,
  title: docId,
  caseId,
  caseTitle: caseId,
  page: 1,
  unit: "page",
  text: "text",
});
const item = (itemId: string, type: KnowledgeEntry["type"]): KnowledgeEntry => ({
  kind: "knowledge",
  itemId,
  title: itemId,
  type,
  source: type === "internal" ? "Internal" : "External",
  description: "description",
});

const ENTRIES: Record<string, SearchEntry> = {
  leaseA: page("doc-lease", "case-a"),
  memoA: page("doc-memo", "case-a"),
  spaB: page("doc-spa", "case-b"),
  law: item("kb-law", "law"),
  judgment: item("kb-judgment", "judgment"),
  guide: item("kb-guide", "internal"),
};

const kept = (scope: SearchScope) => Object.keys(ENTRIES).filter((key) => inScope(ENTRIES[key] as SearchEntry, scope));

describe("inScope", () => {
  it.each<[SearchScope, string[]]>([
    [{ kind: "all" }, ["leaseA", "memoA", "spaB", "law", "judgment", "guide"]],
    [{ kind: "firm" }, ["leaseA", "memoA", "spaB", "guide"]],
    [{ kind: "case", caseId: "case-a" }, ["leaseA", "memoA"]],
    [{ kind: "case", caseId: "case-z" }, []],
    [{ kind: "kb" }, ["law", "judgment", "guide"]],
    [{ kind: "documents", docIds: ["doc-spa", "doc-memo"] }, ["memoA", "spaB"]],
    [{ kind: "documents", docIds: [] }, []],
    [{ kind: "knowledge", itemIds: ["kb-judgment"] }, ["judgment"]],
    [{ kind: "chips", docIds: ["doc-spa"], caseIds: ["case-a"], itemIds: ["kb-guide"] }, ["leaseA", "memoA", "spaB", "guide"]],
    [{ kind: "chips", itemIds: ["kb-law", "doc-spa"] }, ["law"]],
    [{ kind: "chips", docIds: ["kb-law"] }, []],
    [{ kind: "chips" }, []],
  ])("%j", (scope, keys) => {
    expect(kept(scope)).toEqual(keys);
  });
});

describe("documentFilter: which documents a scope can search", () => {
  const doc = { id: "d1", caseId: "c1" };
  it.each([
    [{ kind: "all" }, true],
    [{ kind: "firm" }, true],
    [{ kind: "kb" }, false],
    [{ kind: "case", caseId: "c1" }, true],
    [{ kind: "case", caseId: "c2" }, false],
    [{ kind: "chips", docIds: ["d1"] }, true],
    [{ kind: "chips", caseIds: ["c1"] }, true],
    [{ kind: "chips", itemIds: ["k1"] }, false],
  ] as const)("%j -> %s", (scope, expected) => expect(documentFilter(scope)(doc)).toBe(expected));
});

describe("searchesKnowledge: whether a scope can take a knowledge item", () => {
  it.each([
    [{ kind: "all" }, true],
    [{ kind: "firm" }, true],
    [{ kind: "kb" }, true],
    [{ kind: "knowledge", itemIds: ["kb-law"] }, true],
    [{ kind: "chips", docIds: ["doc-spa"], itemIds: ["kb-guide"] }, true],
    [{ kind: "case", caseId: "case-a" }, false],
    [{ kind: "documents", docIds: ["doc-spa"] }, false],
    [{ kind: "chips", docIds: ["doc-spa"], caseIds: ["case-a"] }, false],
  ] as const)("%j -> %s", (scope, expected) => {
    expect(searchesKnowledge(scope)).toBe(expected);
    // Never false for a scope that takes one.
    if (kept(scope).some((key) => ENTRIES[key]!.kind === "knowledge")) expect(searchesKnowledge(scope)).toBe(true);
  });
});
