import { fileStem } from "../dash/exportMarkdown";
import { toCsv } from "../review/export";
import type { Change, ChangeCounts, ChangeKind, Clause } from "./compare";

/** What each kind of change is called in the list and the exports. */
export const CHANGE_LABELS: Record<ChangeKind, string> = { changed: "Changed", added: "Added", removed: "Removed", moved: "Moved" };

/** The change list's heading: "14 clauses changed, 2 added, 1 removed, 3 moved". */
export function countsText({ changed, added, removed, moved }: ChangeCounts): string {
  return `${String(changed)} ${changed === 1 ? "clause" : "clauses"} changed, ${String(added)} added, ${String(removed)} removed, ${String(moved)} moved`;
}

/** A clause as a change names it: "10.5 Governing Law", the number alone, or its first words. */
export function clauseName(clause: Clause | undefined): string {
  if (!clause) return "";
  const label = [clause.number, clause.heading].filter(Boolean).join(" ");
  if (label) return label;
  const words = clause.text.split(/\s+/).slice(0, 8).join(" ");
  return words.length < clause.text.length ? `${words}…` : words;
}

/** Where a clause is: "p. 19", or "" when the version lacks it. */
export const pageText = (clause: Clause | undefined): string => (clause ? `p. ${String(clause.page)}` : "");

/** A change's clause as both versions name it: "10.5 Governing Law", or "10.8 No Joint Venture → 10.12A No Joint Venture". */
export function changeTitle(change: Change): string {
  const a = clauseName(change.a);
  const b = clauseName(change.b);
  return a && b && a !== b ? `${a} → ${b}` : a || b;
}

/** A change's words as one line: deleted words in [-…-], inserted in {+…+} (or the whole clause when added or removed). */
export function changeLine(change: Change): string {
  if (change.kind === "added") return change.b?.text ?? "";
  if (change.kind === "removed") return change.a?.text ?? "";
  const marks = { same: (t: string) => t, del: (t: string) => `[-${t}-]`, ins: (t: string) => `{+${t}+}` };
  return change.parts.map((p) => marks[p.kind](p.text)).join("");
}

export const SUMMARY_HEADER = ["Change", "Clause", "Page in A", "Page in B", "Substantive", "Text"] as const;

/** The change list as rows of text (the first row its header). */
export const summaryRows = (changes: readonly Change[]): string[][] => [
  [...SUMMARY_HEADER],
  ...changes.map((c) => [CHANGE_LABELS[c.kind], changeTitle(c), pageText(c.a), pageText(c.b), c.substantive ? "Yes" : "No", changeLine(c).replace(/\s+/g, " ").trim()]),
];

/** The change summary as CSV. */
export const summaryCsv = (changes: readonly Change[]): string => toCsv(summaryRows(changes));

/** Text inside a Markdown table cell: pipes escaped, on one line. */
const cell = (text: string) => text.replace(/\s+/g, " ").replace(/[\\|]/g, "\\$&").trim();

/** The change summary as Markdown: a heading naming both versions, the counts, and a table of the changes. */
export function summaryMarkdown(titleA: string, titleB: string, counts: ChangeCounts, changes: readonly Change[]): string {
  const [header, ...rows] = summaryRows(changes);
  const line = (row: readonly string[]) => `| ${row.map(cell).join(" | ")} |`;
  return [
    `# Changes from ${cell(titleA)} to ${cell(titleB)}`,
    "",
    `${countsText(counts)}.`,
    "",
    line(header ?? []),
    line((header ?? []).map(() => "---")),
    ...rows.map(line),
    "",
  ].join("\n");
}

/** An export's file name: "<b's title>-changes.<ext>" or "<b's title>-redline.docx". */
export const compareFileName = (titleB: string, what: "changes" | "redline", extension: "csv" | "md" | "docx"): string =>
  `${fileStem(titleB) ?? "comparison"}-${what}.${extension}`;
