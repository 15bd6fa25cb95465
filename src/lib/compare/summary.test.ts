import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type Received } from "../../../supabase/functions/assistant/fakeServices";
import { pagesOf, scriptedV2 } from "../../../tests/fixtures/comparePair";
import { createAssistantClient } from "../assistant/client";
import { answerAboutChanges, changesToQuote, quoteChange, summaryRequest, withSummaries } from "./ask";
import type { ChangeCounts } from "./compare";
import { compareFileName, countsText, summaryCsv, summaryMarkdown } from "./summary";
import { compareVersions } from "./versions";

const { v1, v2 } = scriptedV2();
const comparison = compareVersions(pagesOf(v1), pagesOf(v2));
const find = (start: string) => comparison.changes.find((c) => (c.b ?? c.a)?.text.startsWith(start));

describe("the change summary", () => {
  it.each<[ChangeCounts, string]>([
    [{ changed: 14, added: 2, removed: 1, moved: 3 }, "14 clauses changed, 2 added, 1 removed, 3 moved"],
    [{ changed: 1, added: 0, removed: 0, moved: 0 }, "1 clause changed, 0 added, 0 removed, 0 moved"],
    [{ changed: 0, added: 0, removed: 0, moved: 0 }, "0 clauses changed, 0 added, 0 removed, 0 moved"],
  ])("counts %o read '%s'", (counts, text) => {
    expect(countsText(counts)).toBe(text);
  });

  it("gives a CSV row per change with its clause, pages and the words changed", () => {
    const rows = summaryCsv(comparison.changes).split("\r\n");
    expect(rows[0]).toBe('"Change","Clause","Page in A","Page in B","Substantive","Text"');
    expect(rows).toHaveLength(comparison.changes.length + 2);
    const law = rows.find((r) => r.includes("Governing Law"));
    expect(law).toMatch(/^"Changed","10\.5 Governing Law","p\. \d+","p\. \d+","Yes",".*\[-New York-\]\{\+Delaware\+\}/);
    expect(rows.find((r) => r.startsWith('"Moved"'))).toContain('"10.8 No Joint Venture → 10.12A No Joint Venture"');
    expect(rows.find((r) => r.includes("Counterparts"))).toContain('"No"');
  });

  it("gives Markdown with both titles, the counts and a table", () => {
    const md = summaryMarkdown("Franchise v1", "Franchise | v2", comparison.counts, comparison.changes);
    expect(md).toContain("# Changes from Franchise v1 to Franchise \\| v2");
    expect(md).toContain("2 clauses changed, 1 added, 1 removed, 1 moved.");
    expect(md).toContain("| Change | Clause | Page in A | Page in B | Substantive | Text |");
    expect(md.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| Change |") && !l.startsWith("| ---"))).toHaveLength(5);
  });

  it.each([
    ["Franchise agreement v2", "csv", "franchise-agreement-v2-changes.csv"],
    ["Franchise agreement v2", "md", "franchise-agreement-v2-changes.md"],
  ] as const)("names the file of %s as .%s", (title, ext, name) => {
    expect(compareFileName(title, "changes", ext)).toBe(name);
  });
});

describe("Ask about these changes, without a model", () => {
  it("quotes the governing-law change from both versions with its clause and pages", () => {
    const law = find("10.5 ");
    expect(law && quoteChange(law)).toBe(`Governing Law: 'State of New York' → 'State of Delaware', clause 10.5, p. ${String(law?.a?.page)} / p. ${String(law?.b?.page)}`);
  });

  it.each([
    ["Which state's governing law applies now?", ["Governing Law: 'State of New York' → 'State of Delaware'"], 1],
    ["What happened to force majeure?", ["Force Majeure: removed, '10.7 Force Majeure."], 1],
    ["Anything new about data protection?", ["Data Protection: added, '10.11A Data Protection."], 1],
    ["joint venture", ["No Joint Venture: moved from clause 10.8 to clause 10.12A"], 1],
  ])("'%s' gets the matching changes only", (question, quotes, lines) => {
    const reply = answerAboutChanges(question, comparison.changes);
    for (const quote of quotes) expect(reply).toContain(quote);
    expect(reply.split("\n")).toHaveLength(lines);
  });

  it("lists every substantive change for a question naming no clause", () => {
    expect(answerAboutChanges("What changed?", comparison.changes).split("\n")).toHaveLength(4);
  });

  it("says when no changed clause matches", () => {
    expect(answerAboutChanges("What about the royalty rate?", comparison.changes)).toBe("No changed clause matches that question. The two versions differ in 4 clauses.");
  });
});

/** What the fake model answers, by the first passage's clause heading; a heading it has no line for gets a 500. */
let lines: Record<string, string> = {};

/** An OpenAI-compatible model on 127.0.0.1 answering each change's one-line question from `lines`. */
function respond(received: Received, res: ServerResponse) {
  const prompt = (JSON.parse(received.body) as { messages: { content: string }[] }).messages.at(-1)?.content ?? "";
  const line = Object.entries(lines).find(([heading]) => prompt.includes(heading))?.[1];
  if (line === undefined) {
    res.writeHead(500).end();
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.end(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: line } }] })}\n\ndata: [DONE]\n\n`);
}

describe("Ask about these changes, with a model", () => {
  let model: Awaited<ReturnType<typeof startService>>;
  beforeAll(async () => void (model = await startService(respond)));
  afterAll(() => model.close());
  const client = () => createAssistantClient({ url: `${model.url}/v1/chat/completions`, fetch, token: () => null });
  const pair = { a: "doc-v1", b: "doc-v2" };
  const summarise = async (question: string) => {
    const quoted = changesToQuote(question, comparison.changes);
    if ("none" in quoted) throw new Error(quoted.none);
    const shown: string[] = [];
    const reply = await withSummaries(quoted.changes, pair, { model: client(), signal: new AbortController().signal, onText: (text) => shown.push(text) });
    return { reply, shown, quotes: answerAboutChanges(question, comparison.changes) };
  };

  it("sends the changed clause from both versions, each on its page of its document, and asks for one line", () => {
    const law = find("10.5 ");
    const { question, passages } = summaryRequest(law!, pair);
    expect(question).toMatch(/differ.* Answer in one short line .* from passages \[1\] and \[2\] only\.$/);
    expect(passages.map((p) => [p.n, p.document, p.page, p.title])).toEqual([
      [1, "doc-v1", law?.a?.page, "10.5 Governing Law"],
      [2, "doc-v2", law?.b?.page, "10.5 Governing Law"],
    ]);
    expect(passages[0]?.text).toContain("State of New York");
    expect(passages[1]?.text).toContain("State of Delaware");
    const page = pagesOf(v2).find((p) => p.number === law?.b?.page);
    expect(page?.text).toContain(passages[1]?.text);
  });

  it.each([
    ["an added clause", "Data Protection", /was added/],
    ["a removed clause", "Force Majeure", /was removed/],
    ["a moved clause", "No Joint Venture", /moved from clause 10\.8 to clause 10\.12A/],
  ])("asks about %s from its own passages", (_, heading, asked) => {
    const change = comparison.changes.find((c) => (c.b ?? c.a)?.heading === heading);
    const { question, passages } = summaryRequest(change!, pair);
    expect(question).toMatch(asked);
    expect(passages.length).toBe(change?.kind === "moved" ? 2 : 1);
  });

  it("gives each change its quote and, under it, the model's line when the clauses back it", async () => {
    lines = { "Governing Law": "Governing law moves from New York to Delaware [1, 2]." };
    const { reply, shown, quotes } = await summarise("Which governing law applies now?");
    expect(reply).toBe(`${quotes}\n  Summary: Governing law moves from New York to Delaware.`);
    expect(shown).toEqual([quotes, reply]);
  });

  it("drops a line naming what neither clause says, and a failed request, keeping every quote", async () => {
    lines = { "Governing Law": "Governing law moves from New York to Texas.", "Data Protection": "Adds a duty to process personal data only as instructed." };
    const { reply, quotes } = await summarise("What changed?");
    expect(quotes.split("\n")).toHaveLength(4);
    const summaries = reply.split("\n").filter((l) => l.startsWith("  Summary: "));
    expect(summaries).toEqual(["  Summary: Adds a duty to process personal data only as instructed."]);
    expect(reply.split("\n").filter((l) => l.startsWith("- "))).toEqual(quotes.split("\n"));
  });
});
