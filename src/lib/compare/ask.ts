import type { Change } from "./compare";
import { clauseName } from "./summary";

/** Words that say nothing about which clause is meant. */
const STOP = new Set(
  "the a an and or of to in on for by with about what which who whom whose how why when where does do did is are was were be been this that these those it its from into than then there their they them changed change changes clause clauses version versions new old between any all say says said".split(" "),
);

/** A word's plain stem: lower case, a plural's or a tense's ending off ("termination" and "terminated" meet at "terminat"). */
const stem = (word: string) => word.toLowerCase().replace(/(?:ions?|ing|ed|es|s)$/, "");
const wordsOf = (text: string) => new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 && !STOP.has(w)).map(stem));

/** The words a change deleted and inserted, each run joined ("State of New York"). */
const changedWords = (change: Change, kind: "del" | "ins") =>
  change.parts
    .filter((p) => p.kind === kind && p.text.trim())
    .map((p) => p.text.trim())
    .join(" … ");

/** Cuts a long quote at a word, with an ellipsis. */
const short = (text: string, limit = 160) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= limit ? flat : `${flat.slice(0, flat.lastIndexOf(" ", limit))}…`;
};

/** Where a change sits: "clause 14.3, p. 19 / p. 18" (the clause and its page in A, then in B). */
function place(change: Change): string {
  const number = change.b?.number || change.a?.number;
  const pages = `p. ${change.a ? String(change.a.page) : "—"} / p. ${change.b ? String(change.b.page) : "—"}`;
  return number ? `clause ${number}, ${pages}` : pages;
}

/**
 * One change quoted from both versions: "Governing Law: 'State of New York' → 'State of Delaware', clause 10.5,
 * p. 19 / p. 18". An added or removed clause is quoted whole (cut short), a moved one says from where to where.
 */
export function quoteChange(change: Change): string {
  const name = change.b?.heading || change.a?.heading || clauseName(change.b ?? change.a);
  if (change.kind === "added") return `${name}: added, '${short(change.b?.text ?? "")}', ${place(change)}`;
  if (change.kind === "removed") return `${name}: removed, '${short(change.a?.text ?? "")}', ${place(change)}`;
  const from = changedWords(change, "del");
  const to = changedWords(change, "ins");
  const words = from || to ? `'${short(from)}' → '${short(to)}'` : "unchanged wording";
  if (change.kind === "moved") return `${name}: moved from clause ${change.a?.number || "—"} to clause ${change.b?.number || "—"}, ${words}, ${place(change)}`;
  return `${name}: ${words}, ${place(change)}`;
}

/**
 * The changes a question is about: those whose heading shares a word with it ("governing law" finds "Governing
 * Law"); when no heading does, those whose words either side do.
 */
export function changesMatching(question: string, changes: readonly Change[]): Change[] {
  const asked = [...wordsOf(question)];
  const shares = (text: string) => {
    const words = wordsOf(text);
    return asked.some((w) => words.has(w));
  };
  const byHeading = changes.filter((c) => shares(`${c.a?.heading ?? ""} ${c.b?.heading ?? ""}`));
  return byHeading.length ? byHeading : changes.filter((c) => shares(`${c.a?.text ?? ""} ${c.b?.text ?? ""}`));
}

/**
 * The reply without a model: the changed clauses that match the question, each quoted from both versions; a question
 * that names no clause gets every substantive change; one that matches none says so and how many changes there are.
 */
export function answerAboutChanges(question: string, changes: readonly Change[]): string {
  const substantive = changes.filter((c) => c.substantive);
  if (!substantive.length) return "These two versions have no substantive changes.";
  const named = wordsOf(question).size > 0;
  const matching = named ? changesMatching(question, substantive) : substantive;
  if (!matching.length) return `No changed clause matches that question. The two versions differ in ${String(substantive.length)} ${substantive.length === 1 ? "clause" : "clauses"}.`;
  return matching.map((c) => `- ${quoteChange(c)}`).join("\n");
}
