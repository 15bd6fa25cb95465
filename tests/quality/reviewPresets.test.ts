/**
 * The Review's cells on the CUAD dev set (tests/fixtures/cuad-dev: CUAD v1, The Atticus Project, CC BY 4.0): the four
 * presets the issue names, asked of each of the 38 contracts by the grid's own rule (cellAnswer over the index the
 * search worker holds). A Found cell is right when its quote holds an expert-marked span; a Not found cell when the
 * experts marked none. Floors below what it measures, so a change that loses clauses fails here.
 */
import { describe, expect, it } from "vitest";
import { textPages } from "../../src/lib/documents/text";
import { cellAnswer } from "../../src/lib/review/grid";
import { PRESETS } from "../../src/lib/review/presets";
import { createSearchIndex } from "../../src/lib/search/worker/searchIndex";
import { contractText, readLabels } from "../fixtures/cuadDev";

/** Each preset, the CUAD category it stands for, and its floors: % of contracts with a span quoted, % of those without one said Not found. */
const CHECKED = [
  { label: "Governing law", category: "Governing Law", found: 90, absent: null },
  { label: "Term", category: "Expiration Date", found: 75, absent: null },
  { label: "Assignment", category: "Anti-Assignment", found: 75, absent: null },
  { label: "Non-compete", category: "Non-Compete", found: 25, absent: 60 },
] as const;

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

describe("the Review's presets on the CUAD dev set", () => {
  const labels = readLabels();
  const ids = [...new Set(labels.map((l) => l.contract))];
  const index = createSearchIndex();
  for (const id of ids) index.addDocument({ id, title: id, caseId: "c", caseTitle: "CUAD", unit: "page" }, textPages(contractText(id)).map((text, i) => ({ number: i + 1, text, source: "text" as const })));
  const presets = [...PRESETS.values()].flat();

  it.each(CHECKED)("$label quotes the experts' clause, and says Not found where they marked none", ({ label, category, found, absent }) => {
    const preset = presets.find((p) => p.label === label);
    expect(preset).toBeDefined();
    const tally = { quoted: 0, withSpan: 0, saidAbsent: 0, without: 0 };
    for (const id of ids) {
      const label = labels.find((l) => l.contract === id && l.category === category);
      if (!label) continue;
      const cell = cellAnswer(index.search(preset?.question ?? "", { scope: { kind: "documents", docIds: [id] }, limit: 10 }));
      if (label.is_impossible) {
        tally.without += 1;
        if (cell.status === "not-found") tally.saidAbsent += 1;
        continue;
      }
      tally.withSpan += 1;
      const quote = collapse(cell.quote?.text ?? "");
      if (cell.status === "found" && label.answers.some((a) => quote.includes(collapse(a.text)) || collapse(a.text).includes(quote))) tally.quoted += 1;
    }
    const pct = (n: number, of: number) => (of === 0 ? 100 : Math.round((1000 * n) / of) / 10);
    console.log(`${label}: quoted ${String(tally.quoted)}/${String(tally.withSpan)} (${String(pct(tally.quoted, tally.withSpan))} %), Not found ${String(tally.saidAbsent)}/${String(tally.without)}`);
    expect(pct(tally.quoted, tally.withSpan)).toBeGreaterThanOrEqual(found);
    if (absent !== null) expect(pct(tally.saidAbsent, tally.without)).toBeGreaterThanOrEqual(absent);
  });
});
