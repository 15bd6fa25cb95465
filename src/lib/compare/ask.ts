import type { AssistantPassage } from "../../../supabase/functions/assistant/prompt";
import type { AssistantClient } from "../assistant/client";
import { askOneLine, oneLineQuestion } from "../assistant/oneLine";
import type { Change, Clause } from "./compare";
import { clauseName } from "./summary";

/** Words that say nothing about which clause is meant. */
const STOP = new Set(
  "the a an and or of to in on for by with about what which who whom whose how why when where does do did is are was were be been this that these those it its from into than then there their they them changed change changes clause clauses version versions new old between any all say says said".split(" "),
);

/** A word's plain stem: lower case, a plural's or a tense's ending off ("termination" and "terminated" meet at "terminat"). */
const stem = (word: string) => word.toLowerCase().replace(/(?:ions?|ing|ed|es|s)$/, "");
const wordsOf = (text: string) => new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 && !STOP.has(w)).map(stem));

/** How many unchanged words before a changed run are quoted with it: "State of New York" → "State of Delaware". */
const CONTEXT_WORDS = 2;

/**
 * The words a change deleted (or inserted), each run after the unchanged words just before it, as the issue's
 * "'State of Illinois' → 'State of Delaware'" reads; several runs joined by " … ".
 */
function changedWords(change: Change, kind: "del" | "ins"): string {
  const runs: string[] = [];
  let before = "";
  let run: string | null = null;
  const close = () => {
    if (run !== null && run.trim()) runs.push(`${before} ${run.trim()}`.trim());
    run = null;
  };
  for (const part of change.parts) {
    if (part.kind === "same") {
      close();
      // Unchanged words that end inside a word ("Dela" of a split word) are no context.
      before = /\s$/.test(part.text) ? part.text.trim().split(/\s+/).slice(-CONTEXT_WORDS).join(" ") : "";
    } else if (part.kind === kind) run = (run ?? "") + part.text;
    else run ??= "";
  }
  close();
  return runs.join(" … ");
}

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
export function changesMatching<T extends Change>(question: string, changes: readonly T[]): T[] {
  const asked = [...wordsOf(question)];
  const shares = (text: string) => {
    const words = wordsOf(text);
    return asked.some((w) => words.has(w));
  };
  const byHeading = changes.filter((c) => shares(`${c.a?.heading ?? ""} ${c.b?.heading ?? ""}`));
  return byHeading.length ? byHeading : changes.filter((c) => shares(`${c.a?.text ?? ""} ${c.b?.text ?? ""}`));
}

/** What a reply about the changes lists: the changes it quotes, or what it says instead when it quotes none. */
export type ChangesToQuote<T extends Change = Change> = { changes: T[] } | { none: string };

/**
 * The changes a reply quotes: the substantive ones that match the question; a question that names no clause gets
 * every substantive change; one that matches none is told so and how many changes there are.
 */
export function changesToQuote<T extends Change>(question: string, changes: readonly T[]): ChangesToQuote<T> {
  const substantive = changes.filter((c) => c.substantive);
  if (!substantive.length) return { none: "These two versions have no substantive changes." };
  const named = wordsOf(question).size > 0;
  const matching = named ? changesMatching(question, substantive) : substantive;
  if (!matching.length) return { none: `No changed clause matches that question. The two versions differ in ${String(substantive.length)} ${substantive.length === 1 ? "clause" : "clauses"}.` };
  return { changes: matching };
}

/** The listed changes, each quoted from both versions, and under a change its one-line summary when it has one. */
export const listChanges = (changes: readonly Change[], summaries: readonly (string | null | undefined)[] = []): string =>
  changes.map((c, i) => `- ${quoteChange(c)}${summaries[i] ? `\n  Summary: ${summaries[i]}` : ""}`).join("\n");

/** The reply without a model: the changed clauses that match the question, each quoted from both versions. */
export function answerAboutChanges(question: string, changes: readonly Change[]): string {
  const quoted = changesToQuote(question, changes);
  return "none" in quoted ? quoted.none : listChanges(quoted.changes);
}

/** The most changes of one reply given a model's summary (one request each); the rest are quoted only. */
export const MAX_SUMMARIES = 8;

/** A clause as a model is sent it: its words on its first page (so the Edge Function finds them on that page). */
type SentClause = Clause & { onPage?: string };
type SentChange = Change & { a?: SentClause; b?: SentClause };

const passageOf = (n: number, clause: SentClause, document: string, version: string): AssistantPassage => ({
  n,
  title: clauseName(clause),
  source: version,
  page: clause.page,
  text: clause.onPage ?? clause.text,
  document,
});

/**
 * What a model is asked for a change's one-line summary (askOneLine): the change's clause in the older version as
 * passage [1] and in the newer as [2] (an added or removed clause is the one passage).
 */
export function summaryRequest(change: SentChange, pair: { a: string; b: string }): { question: string; passages: AssistantPassage[] } {
  const examples = '"Governing law moves from New York to Delaware", "Notice period cut from 60 to 30 days"';
  if (change.kind === "added" && change.b)
    return { question: oneLineQuestion("This clause was added in the newer version. What does it provide?", '"Adds a duty to keep personal data confidential"'), passages: [passageOf(1, change.b, pair.b, "Newer version")] };
  if (change.kind === "removed" && change.a)
    return { question: oneLineQuestion("This clause was removed from the newer version. What did it provide?", '"Drops the force majeure excuse for delay"'), passages: [passageOf(1, change.a, pair.a, "Older version")] };
  const moved = change.kind === "moved" ? `This clause moved from clause ${change.a?.number || "—"} to clause ${change.b?.number || "—"}. ` : "";
  const passages = [change.a && passageOf(1, change.a, pair.a, "Older version"), change.b && passageOf(2, change.b, pair.b, "Newer version")].filter((p) => p !== undefined);
  return { question: oneLineQuestion(`${moved}How does passage [2] (the newer version) differ from passage [1] (the older)?`, examples, "passages [1] and [2]"), passages };
}

/** What summarising needs: the model, the chat's stop, and where the reply so far is shown. */
export interface SummaryDeps {
  model: AssistantClient;
  signal: AbortSignal;
  onText: (text: string) => void;
}

/**
 * The quoted changes with a model's one-line summary under each of the first MAX_SUMMARIES (askOneLine: each asked
 * from the change's clause in both versions only and checked against them; a line that fails is dropped, its quote
 * kept). The quotes show at once and each summary as it comes.
 */
export async function withSummaries(changes: readonly SentChange[], pair: { a: string; b: string }, { model, signal, onText }: SummaryDeps): Promise<string> {
  const summaries: (string | null)[] = [];
  onText(listChanges(changes));
  await Promise.all(
    changes.slice(0, MAX_SUMMARIES).map(async (change, i) => {
      const { question, passages } = summaryRequest(change, pair);
      summaries[i] = await askOneLine(model, question, passages, signal);
      if (summaries[i] && !signal.aborted) onText(listChanges(changes, summaries));
    }),
  );
  return listChanges(changes, summaries);
}
