import { describe, expect, it } from "vitest";
import { contractText } from "../../../tests/fixtures/cuadDev";
import { hundredPagePair, pagesOf, SIMPLICITY } from "../../../tests/fixtures/comparePair";
import { deleteClause, doubleSpaces, insertClause, moveClause, renumberClause, replaceInClause, runScript, shoutHeading, type ScriptedEdit } from "../../../tests/fixtures/scriptedEdits";
import { compareVersions, visibleChanges } from "./versions";
import { sideText } from "./wordDiff";

// Pairs made from CUAD dev contracts (CUAD v1, The Atticus Project, CC BY 4.0) by scripted edits.
const MERIT_LIFE = "MERITLIFEINSURANCECO_06_19_2020-EX-10._XIV_-MASTER_SERVICES_AGREEMENT";

const reported = (changes: ReturnType<typeof compareVersions>["changes"]) =>
  changes.map((c) => ({ kind: c.kind, a: c.a?.number ?? "", b: c.b?.number ?? "", substantive: c.substantive }));
const byNumbers = <T extends { a: string; b: string }>(list: T[]) => list.toSorted((x, y) => `${x.a}|${x.b}`.localeCompare(`${y.a}|${y.b}`));

const LAW = replaceInClause("10.5", "State of New York", "State of Delaware");
const DATA = insertClause("10.12", "10.11A", "Data Protection. Each party shall process personal data received under this Agreement only as the other party instructs in writing.");

describe("compareVersions on scripted edits of CUAD contracts", () => {
  it.each<[string, string, ScriptedEdit[]]>([
    ["a changed governing-law state", SIMPLICITY, [LAW]],
    ["a deleted clause", SIMPLICITY, [deleteClause("10.7")]],
    ["an inserted clause", SIMPLICITY, [DATA]],
    ["a clause moved and renumbered", SIMPLICITY, [moveClause("10.8", "10.13", "10.12A")]],
    ["white space only", SIMPLICITY, [doubleSpaces("10.13")]],
    ["numbering only", SIMPLICITY, [renumberClause("10.12", "10.20")]],
    ["capitals and punctuation only", SIMPLICITY, [shoutHeading("10.3", "Insurance")]],
    ["all of them at once", SIMPLICITY, [LAW, deleteClause("10.7"), DATA, moveClause("10.8", "10.13", "10.12A"), doubleSpaces("10.13"), renumberClause("10.4", "10.40")]],
    ["a one-line governing-law clause (Arizona)", MERIT_LIFE, [replaceInClause("11", "the Arizona", "the State of Delaware")]],
    ["a deleted and an inserted clause in a contract numbered 1 to 12", MERIT_LIFE, [deleteClause("10"), insertClause("12", "11A", "Notices. Notices under this Agreement shall be given in writing to the addresses above.")]],
  ])("%s: the change list is the script's edits exactly", (_name, contract, edits) => {
    const original = contractText(contract);
    const { text, expected } = runScript(original, edits);
    const comparison = compareVersions(pagesOf(original), pagesOf(text));
    expect(byNumbers(reported(comparison.changes))).toEqual(byNumbers(expected));
    expect(comparison.unrelated).toBe(false);
  });

  it.each<[string, ScriptedEdit[], number]>([
    ["white space only", [doubleSpaces("10.13")], 0],
    ["numbering only", [renumberClause("10.12", "10.20")], 0],
    ["capitals and punctuation only", [shoutHeading("10.3", "Insurance")], 0],
    ["white space, numbering and one real change", [doubleSpaces("10.13"), renumberClause("10.12", "10.20"), LAW], 1],
  ])("the substantive filter on %s shows %d changes", (_name, edits, shown) => {
    const original = contractText(SIMPLICITY);
    const comparison = compareVersions(pagesOf(original), pagesOf(runScript(original, edits).text));
    expect(visibleChanges(comparison.changes, true)).toHaveLength(shown);
    expect(visibleChanges(comparison.changes, false)).toHaveLength(edits.length);
  });

  it("a pair of about 100 pages: the change list is the script's edits exactly", () => {
    const { a, b, expected } = hundredPagePair();
    expect(a.length).toBeGreaterThanOrEqual(100);
    expect(byNumbers(reported(compareVersions(a, b).changes))).toEqual(byNumbers(expected));
  });

  it("counts the changes by kind", () => {
    const original = contractText(SIMPLICITY);
    const edits = [LAW, deleteClause("10.7"), DATA, moveClause("10.8", "10.13", "10.12A")];
    expect(compareVersions(pagesOf(original), pagesOf(runScript(original, edits).text)).counts).toEqual({ changed: 1, added: 1, removed: 1, moved: 1 });
  });

  it("marks the governing-law words inserted and deleted, each side's text given back exactly", () => {
    const original = contractText(SIMPLICITY);
    const [change] = compareVersions(pagesOf(original), pagesOf(runScript(original, [LAW]).text)).changes;
    expect(change?.parts.filter((p) => p.kind !== "same")).toEqual([
      { kind: "del", text: "New York" },
      { kind: "ins", text: "Delaware" },
    ]);
    expect(sideText(change?.parts ?? [], "a")).toBe(change?.a?.text);
    expect(sideText(change?.parts ?? [], "b")).toBe(change?.b?.text);
    expect(change?.a?.heading).toBe("Governing Law");
  });

  it("puts each change on the page its clause starts on, with the words of that page", () => {
    const original = contractText(SIMPLICITY);
    const pagesA = pagesOf(original);
    const [change] = compareVersions(pagesA, pagesOf(runScript(original, [LAW]).text)).changes;
    const page = pagesA.find((p) => p.number === change?.a?.page);
    expect(page?.text).toContain(change?.a?.onPage);
    expect(change?.a?.onPage.startsWith("10.5 Governing Law.")).toBe(true);
  });

  it("says two unrelated contracts share few clauses instead of listing every clause", () => {
    const comparison = compareVersions(pagesOf(contractText(SIMPLICITY)), pagesOf(contractText(MERIT_LIFE)));
    expect(comparison.unrelated).toBe(true);
    expect(comparison.shared).toBeLessThan(0.3);
  });

  it("finds no change between a version and itself", () => {
    const pages = pagesOf(contractText(SIMPLICITY));
    expect(compareVersions(pages, pages)).toMatchObject({ changes: [], shared: 1, unrelated: false });
  });
});
