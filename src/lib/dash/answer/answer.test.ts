import { describe, expect, it } from "vitest";
import type { ContextChip } from "../chips";
import {
  absentSentence,
  answerQuestion,
  askCaseReply,
  conversationCase,
  decideScope,
  escapeMarkdown,
  extractiveAnswer,
  noResultReply,
  RELATED_INTRO,
  requestedPassages,
  retrievalQuery,
  webReply,
  type ScopeContext,
} from "./answer";
import { entryId } from "../../search/entries";
import { passageId } from "../../search/passages";
import { DOCUMENTS, JUDGMENT, KNOWLEDGE, LEASE, MEMO, SERVICES } from "../../../../tests/fixtures/searchFixtures";
import { rebuild } from "../../search/worker/searchIndex";

const CASES: Record<string, string> = { "case-georgiou": "Georgiou v. Paphos Developments Ltd", "case-charalambous": "Republic v. Charalambous" };
const context: ScopeContext = {
  caseOf: (docId) => DOCUMENTS.find(({ document }) => document.id === docId)?.document.caseId,
  caseTitle: (caseId) => CASES[caseId],
  isKnowledgeItem: (id) => KNOWLEDGE.some((item) => item.id === id),
};
const chip = (type: ContextChip["type"], id: string, label = id): ContextChip => ({ type, id, label });
const index = rebuild(DOCUMENTS, KNOWLEDGE);
const retriever = { search: (query: string, options?: Parameters<typeof index.search>[1]) => Promise.resolve(index.search(query, options)) };
const sources = (reply: { citations?: { ref?: { kind: string } & ({ docId: string } | { itemId: string }) }[] }) =>
  reply.citations?.map((c) => (c.ref && "docId" in c.ref ? c.ref.docId : c.ref?.itemId)) ?? [];

describe("decideScope: the chat's scope and chips", () => {
  it.each([
    ["all", [], null, { kind: "search", scope: { kind: "all" }, where: "your documents and knowledge base" }],
    ["firm", [], null, { kind: "search", scope: { kind: "firm" }, where: "the firm's documents and internal knowledge" }],
    ["kb", [], null, { kind: "search", scope: { kind: "kb" }, where: "the knowledge base" }],
    ["web", [], null, { kind: "web" }],
    ["case", [], null, { kind: "ask-case" }],
    ["case", [], "case-georgiou", { kind: "search", scope: { kind: "case", caseId: "case-georgiou" }, where: "the documents of Georgiou v. Paphos Developments Ltd" }],
    ["case", [chip("case", "case-charalambous")], "case-georgiou", { kind: "search", scope: { kind: "case", caseId: "case-charalambous" }, where: "the documents of Republic v. Charalambous" }],
    ["case", [chip("document", JUDGMENT.id)], null, { kind: "search", scope: { kind: "case", caseId: "case-charalambous" }, where: "the documents of Republic v. Charalambous" }],
    ["all", [chip("document", LEASE.id, "Lease")], null, { kind: "search", scope: { kind: "chips", docIds: [LEASE.id], caseIds: [], itemIds: [] }, where: "“Lease”" }],
    ["kb", [chip("case", "case-georgiou"), chip("knowledge", "kb-limitation")], null, { kind: "search", scope: { kind: "chips", docIds: [], caseIds: ["case-georgiou"], itemIds: ["kb-limitation"] }, where: "the documents and items you attached" }],
    ["firm", [chip("knowledge", "message-1", "Answer: …")], null, { kind: "search", scope: { kind: "firm" }, where: "the firm's documents and internal knowledge" }],
  ] as const)("%s with %j (conversation's case %s)", (scope, chips, caseId, expected) => {
    expect(decideScope(scope, chips, caseId, context)).toEqual(expected);
  });

  it("the conversation's case is the latest case or document chip of its questions", () => {
    const messages = [
      { role: "user" as const, context: [chip("case", "case-georgiou")] },
      { role: "assistant" as const, context: [chip("case", "case-other")] },
      { role: "user" as const, context: [chip("document", JUDGMENT.id), chip("knowledge", "kb-limitation")] },
      { role: "user" as const },
    ];
    expect(conversationCase(messages, context)).toBe("case-charalambous");
    expect(conversationCase(messages.slice(0, 2), context)).toBe("case-georgiou");
    expect(conversationCase([], context)).toBeNull();
  });
});

describe("filtering by scope and chips finds only what they allow", () => {
  const ask = (question: string, scope: Parameters<typeof decideScope>[0], chips: ContextChip[] = [], caseId: string | null = null) =>
    answerQuestion(question, decideScope(scope, chips, caseId, context), retriever);

  it.each([
    ["compensation for unfair dismissal", "all", [], ["kb-termination-employment", MEMO.id]],
    ["compensation for unfair dismissal", "kb", [], ["kb-termination-employment"]],
    ["compensation for unfair dismissal", "firm", [], [MEMO.id]],
    ["liquidated damages", "all", [chip("document", SERVICES.id)], [SERVICES.id]],
    ["security deposit", "all", [chip("case", "case-charalambous")], []],
    ["time limit for a contract claim", "all", [chip("knowledge", "kb-limitation")], ["kb-limitation"]],
  ] as const)("%s in %s with %j cites %j", async (question, scope, chips, expected) => {
    const { reply } = await ask(question, scope, [...chips]);
    expect(new Set(sources(reply))).toEqual(new Set(expected));
  });

  it("a clause the attached document lacks is said to be absent, and only that document's closest passages follow, as related", async () => {
    const { reply, passages } = await ask("liquidated damages", "all", [chip("document", LEASE.id, "Lease")]);
    expect(reply.content.split("\n\n").slice(0, 2)).toEqual([absentSentence({ clause: "liquidated-damages" }, "“Lease”"), RELATED_INTRO]);
    expect(new Set(sources(reply))).toEqual(new Set([LEASE.id]));
    expect(passages).toEqual([]);
  });

  it("Case scope searches the conversation's case only", async () => {
    expect(sources((await ask("security deposit", "case", [], "case-georgiou")).reply)).toEqual([LEASE.id]);
    const other = (await ask("security deposit", "case", [], "case-charalambous")).reply;
    expect(sources(other)).toEqual([]);
    expect(other.content).toMatch(/^(?:No .* clause was found|I found nothing) in the documents of Republic v\. Charalambous/);
    expect((await ask("security deposit", "case")).reply).toBe(askCaseReply);
    expect((await ask("security deposit", "web")).reply).toBe(webReply);
  });
});

describe("the extractive answer", () => {
  it("opens with what was found, quotes each passage with its marker, title and page, and cites exactly those", async () => {
    const { reply, passages } = await answerQuestion("When is the security deposit returned?", decideScope("all", [], null, context), retriever);
    const lines = reply.content.split("\n\n");
    expect(lines[0]).toMatch(/^I found \d relevant passages? in your documents and knowledge base/);
    expect(reply.content).toContain("**Lease of Flat 3, 18 Tombs of the Kings Road**, p. 2");
    expect(reply.content).toMatch(/> .*security deposit of EUR 1,900.* \[1\]/);
    expect(reply.citations?.[0]).toMatchObject({ title: LEASE.title, page: 2, source: LEASE.caseTitle, ref: { kind: "page", docId: LEASE.id } });
    expect(reply.citations?.[0]?.quote).toContain("security deposit of EUR 1,900");
    expect(reply.citations?.map((c) => c.id)).toEqual(passages.map(passageId));
    expect(passages.map((p) => entryId(p.entry))[0]).toBe("page:doc-lease:2");
    expect(reply.content.match(/\[\d+\]/g)).toEqual(passages.map((_, i) => `[${String(i + 1)}]`));
  });

  it("cites a knowledge item with its type and source, and a DOCX section as a section", async () => {
    const kb = await answerQuestion("compensation for unfair dismissal", decideScope("kb", [], null, context), retriever);
    expect(kb.reply.citations?.[0]).toMatchObject({ title: "Termination of Employment Law 24/1967", source: "Law · External", page: 1, ref: { kind: "knowledge", itemId: "kb-termination-employment" } });
    const memo = await answerQuestion("motion to dismiss for lack of jurisdiction", decideScope("firm", [], null, context), retriever);
    expect(memo.reply.content).toContain("**Internal Memo: Motion to Dismiss**, section 2");
  });

  it("says plainly when nothing is relevant, suggests a wider scope, and cites nothing", async () => {
    const { reply } = await answerQuestion("Miranda warnings", decideScope("all", [], null, context), retriever);
    expect(reply).toEqual({ content: expect.stringContaining("I found nothing in your documents and knowledge base") as unknown });
    expect(reply.content).toContain("wider scope");
    expect(reply.citations).toBeUndefined();
    expect(extractiveAnswer([], "the knowledge base")).toEqual(noResultReply("the knowledge base"));
  });

  it.each([
    ["What does clause 4 say?", 3],
    ["Quote five passages on defects", 5],
    ["show 2 sources", 2],
    ["give me all the relevant passages about rent", 6],
    ["list 40 results", 10],
    ["Is there more on this?", 3],
  ])("%s quotes %i at most", (question, n) => {
    expect(requestedPassages(question)).toBe(n);
  });

  it("a question asking for more quotes more", async () => {
    const ask = (question: string) => answerQuestion(question, decideScope("all", [], null, context), retriever);
    expect((await ask("the Tenant")).reply.citations).toHaveLength(3);
    const more = (await ask("Quote four passages about the Tenant")).reply;
    expect(more.citations?.map((c) => c.page).sort()).toEqual([1, 2, 3, 4]);
  });

  it.each([
    ["Summarise the key terms and risks of this contract", { query: "contract", summary: true }],
    ["Give me an overview of the lease", { query: "lease", summary: true }],
    ["What is the rent?", { query: "What is the rent?", summary: false }],
  ])("retrievalQuery(%s)", (question, expected) => {
    expect(retrievalQuery(question)).toEqual(expected);
  });

  it("quoted text stays text: Markdown marks are escaped and lines joined", () => {
    expect(escapeMarkdown("*bold* [1] _x_ <b>\n# heading")).toBe("\\*bold\\* \\[1\\] \\_x\\_ \\<b\\> \\# heading");
  });
});
