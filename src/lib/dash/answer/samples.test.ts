import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { SUGGESTED_PROMPTS } from "../chat";
import { sampleUploads } from "../samples/documents";
import { sampleKnowledge } from "../samples/knowledge";
import { parseSamplePages, SAMPLE_PAGES_PATH } from "../samples/pages";
import { answerQuestion, decideScope } from "./answer";
import { createSearchIndex, type SearchIndex } from "../../search/worker/searchIndex";

let index: SearchIndex;
// The samples' pages as a new user's workspace gets them (public/samples/pages.json, which pages.test.ts holds to what
// the reader reads from the files, the scan by OCR).
beforeAll(() => {
  const pages = parseSamplePages(JSON.parse(readFileSync(new URL(`../../../../public${SAMPLE_PAGES_PATH}`, import.meta.url), "utf8")));
  index = createSearchIndex();
  for (const upload of sampleUploads()) {
    const read = pages?.get(upload.sample ?? "");
    if (!read) throw new Error(`${upload.title}: not in ${SAMPLE_PAGES_PATH}`);
    index.addDocument({ id: upload.id, title: upload.title, caseId: upload.caseId, caseTitle: upload.caseTitle, unit: read.unit }, read.pages);
  }
  index.setKnowledge(sampleKnowledge);
});

const context = { caseOf: () => undefined, caseTitle: () => undefined, isKnowledgeItem: () => true };
const retriever = { search: (query: string, options?: Parameters<SearchIndex["search"]>[1]) => Promise.resolve(index.search(query, options)) };

describe("the three suggested prompts on the sample data", () => {
  const cites = async (prompt: string, source: string, words: RegExp) => {
    // My Firm is the Default Chat Scope a new user starts with.
    const { reply } = await answerQuestion(prompt, decideScope("firm", [], null, context), retriever);
    const refs = reply.citations?.map((c) => (c.ref?.kind === "page" ? c.ref.docId : c.ref?.itemId)) ?? [];
    expect(refs[0]).toBe(source);
    expect(reply.content).toMatch(words);
    expect(reply.content).toContain("[1]");
  };

  it.each([
    [SUGGESTED_PROMPTS[0], "doc-services-agreement", /key terms/],
    [SUGGESTED_PROMPTS[1], "kb-miranda-rights", /right to remain silent/],
    [SUGGESTED_PROMPTS[2], "doc-memo-motion-to-dismiss", /motion to dismiss/i],
  ])("%s cites %s", cites);

  it("summarising the contract quotes several of the agreement's clauses, in page order", async () => {
    const { reply } = await answerQuestion(SUGGESTED_PROMPTS[0], decideScope("all", [], null, context), retriever);
    expect(reply.citations?.length).toBe(3);
    expect(new Set(reply.citations?.map((c) => c.title))).toEqual(new Set(["Construction Services Agreement, Kato Paphos Residences"]));
    const pages = reply.citations?.map((c) => c.page) ?? [];
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
  });
});
