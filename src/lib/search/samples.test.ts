import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { SUGGESTED_PROMPTS } from "../dash/chat";
import { sampleUploads } from "../dash/samples/documents";
import { sampleKnowledge } from "../dash/samples/knowledge";
import { ingest } from "../documents/ingest";
import { browserLibraries } from "../documents/libraries";
import { answerQuestion, decideScope } from "./answer";
import { createSearchIndex, type SearchIndex } from "./searchIndex";

const require = createRequire(import.meta.url);
const libraries = () => {
  const real = browserLibraries(
    { pdfWorker: pathToFileURL(require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs")).href, ocrWorker: "", ocrCore: "", ocrLanguages: "" },
    () => import("pdfjs-dist/legacy/build/pdf.mjs"),
  );
  // The scanned notice is recognised by OCR in the browser (documents.spec.ts); here it reads as this text.
  return { ...real, recognise: () => Promise.resolve("NOTICE OF DEFECTS. Apartment 12. Water comes through the balcony.") };
};

let index: SearchIndex;
// The real sample files of public/samples, read by the real reader, as a new user's workspace holds them.
beforeAll(async () => {
  index = createSearchIndex();
  for (const upload of sampleUploads()) {
    const bytes = readFileSync(new URL(`../../../public${upload.sample ?? ""}`, import.meta.url));
    const result = await ingest(upload.kind, new Uint8Array(bytes), libraries(), () => undefined);
    if (!result.ok) throw new Error(`${upload.title}: ${result.reason}`);
    index.addDocument({ id: upload.id, title: upload.title, caseId: upload.caseId, caseTitle: upload.caseTitle, unit: result.unit }, result.pages);
  }
  index.setKnowledge(sampleKnowledge);
}, 60_000);

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
