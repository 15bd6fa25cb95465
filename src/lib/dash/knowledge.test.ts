import { describe, expect, it } from "vitest";
import { KNOWLEDGE_KINDS } from "../search/entries";
import { canAddKnowledge, filterKnowledge, KNOWLEDGE_TYPES, newKnowledgeItem, parseKnowledge, sourceFor, type KnowledgeItem } from "./knowledge";

const item = (id: string, type: KnowledgeItem["type"], title: string, description: string): KnowledgeItem => ({
  id,
  type,
  title,
  description,
  lastUpdated: "2025-01-02",
  source: "CyLaw",
});

describe("knowledge base", () => {
  it("has the kinds of item the search index tells apart (its items are indexed as they are)", () => {
    expect([...KNOWLEDGE_TYPES].sort()).toEqual([...KNOWLEDGE_KINDS].sort());
  });

  const items = [item("law", "law", "Contract Law, Cap. 149", "Formation of contracts"), item("j", "judgment", "Specific performance", "Title deeds appeal"), item("i", "internal", "Intake guide", "Conflict check")];

  it.each([
    ["", "all", ["law", "j", "i"]],
    ["cap. 149", "all", ["law"]],
    ["DEEDS", "all", ["j"]],
    ["", "internal", ["i"]],
    ["", "law", ["law"]],
    ["contract", "judgment", []],
  ] as const)("query %j on tab %s finds %j", (query, filter, ids) => {
    expect(filterKnowledge(items, query, filter).map((k) => k.id)).toEqual(ids);
  });

  it("needs a title and a description that are not blank", () => {
    expect(canAddKnowledge({ title: "", type: "law", description: "x" })).toBe(false);
    expect(canAddKnowledge({ title: "x", type: "law", description: "   " })).toBe(false);
    expect(canAddKnowledge({ title: "x", type: "law", description: "y" })).toBe(true);
  });

  it("sources internal items as Internal and the rest as External", () => {
    expect(sourceFor("internal")).toBe("Internal");
    expect(sourceFor("law")).toBe("External");
    expect(sourceFor("judgment")).toBe("External");
  });

  it("dates a new item today, in the user's zone", () => {
    const now = new Date(2025, 2, 14, 23, 59);
    expect(newKnowledgeItem({ title: " Memo ", type: "judgment", description: " Notes " }, "k1", now)).toEqual({
      id: "k1",
      title: "Memo",
      type: "judgment",
      description: "Notes",
      lastUpdated: "2025-03-14",
      source: "External",
    });
  });

  it("validates stored items", () => {
    expect(parseKnowledge(items)).toEqual(items);
    expect(parseKnowledge([{ ...items[0], type: "memo" }])).toBeNull();
    expect(parseKnowledge("[]")).toBeNull();
  });
});
