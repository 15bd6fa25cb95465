import { describe, expect, it } from "vitest";
import { pagesOf, scriptedV2 } from "../../../tests/fixtures/comparePair";
import { answerAboutChanges, quoteChange } from "./ask";
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
    expect(law && quoteChange(law)).toBe(`Governing Law: 'New York' → 'Delaware', clause 10.5, p. ${String(law?.a?.page)} / p. ${String(law?.b?.page)}`);
  });

  it.each([
    ["Which state's governing law applies now?", ["Governing Law: 'New York' → 'Delaware'"], 1],
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
