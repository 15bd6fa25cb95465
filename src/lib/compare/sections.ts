import type { Clause } from "./compare";

/** A page of a version, as reading gives it. */
export interface ComparePage {
  number: number;
  text: string;
}

/** A clause of a version with the page text it starts on, for highlighting it there. */
export interface PlacedClause extends Clause {
  /** The clause's words that lie on its first page (the highlight the viewer is opened with). */
  onPage: string;
}

/**
 * Where a clause starts inside running text: after a sentence's end (or a line break) comes a clause number ("10.5",
 * "7.", "Section 4", "ARTICLE IV") and then a capital or an opening bracket or quote.
 */
const CLAUSE_START =
  /(?:^|[.;:!?]["')\]]?[ \t]+|\n[ \t]*)(?=(?:(?:Section|SECTION|Article|ARTICLE)[ \t]+(?:[0-9]{1,3}|[IVXLC]{1,6})\.?|[0-9]{1,3}(?:\.[0-9]{1,3})*[A-Z]?\.?)[ \t]+["'(]?[A-Z])/g;
/** A blank line: a paragraph ends. */
const PARAGRAPH = /\n[ \t\f\v\r]*\n\s*/g;
/** A clause's number at its start. */
const NUMBER = /^(?:(?:section|article)\s+)?([0-9]{1,3}(?:\.[0-9]{1,3})*[A-Z]?|[ivxlc]{1,6})\.?\s+/i;
const SMALL_WORDS = new Set(["of", "and", "or", "to", "in", "for", "the", "on", "with", "by", "a", "an"]);
const VERBS = /\b(?:shall|will|may|must|is|are|was|were|agrees?|has|have|be)\b/i;

/** A clause's heading: the short title after its number, up to the first full stop or colon ("Governing Law"). */
function headingOf(rest: string): string {
  const end = rest.search(/[.:](?:\s|$)/);
  if (end <= 0) return "";
  const candidate = rest.slice(0, end).trim();
  const words = candidate.split(/\s+/);
  if (candidate.length > 60 || words.length > 8 || VERBS.test(candidate) || /[0-9]/.test(candidate)) return "";
  const letters = candidate.replace(/[^A-Za-z]/g, "");
  const titled = words.every((w, i) => /^["'(]?[A-Z]/.test(w) || (i > 0 && SMALL_WORDS.has(w.toLowerCase())));
  return letters.length > 1 && (titled || letters === letters.toUpperCase() || words.length <= 6) ? candidate : "";
}

/**
 * What a page break stands for: a paragraph's end where the page before ends on no running word and either the next
 * starts as a paragraph does (a capital, a digit, a bracket) or the last line before it is short (a running footer such
 * as "Page 2 of 10"); else the space between two words.
 */
function pageJoin(before: string, after: string): string {
  if (!/[^a-z,;(-]/.test(before.at(-1) ?? "")) return " ";
  const lastLine = before.slice(before.lastIndexOf("\n") + 1);
  return /^[A-Z0-9(]/.test(after) || lastLine.length < 40 ? "\n\n" : " ";
}

/** A clause's number and heading, read from its first words. */
export function clauseLabel(text: string): { number: string; heading: string } {
  const number = NUMBER.exec(text);
  if (!number) return { number: "", heading: "" };
  return { number: number[1] ?? "", heading: headingOf(text.slice(number[0].length)) };
}

/**
 * A version's clauses in reading order: its pages joined (a page break reads as one space, so where a page happens to
 * break never shows as a change), cut at blank lines and where a numbered clause starts.
 */
export function splitClauses(pages: readonly ComparePage[]): PlacedClause[] {
  const starts: number[] = [];
  let text = "";
  for (const page of pages) {
    if (text) text += pageJoin(text, page.text);
    starts.push(text.length);
    text += page.text;
  }
  const pageAt = (offset: number) => {
    let at = 0;
    while (at + 1 < starts.length && (starts[at + 1] ?? Infinity) <= offset) at += 1;
    return at;
  };
  const cuts = new Set<number>([0]);
  for (const match of text.matchAll(CLAUSE_START)) cuts.add(match.index + match[0].length);
  for (const match of text.matchAll(PARAGRAPH)) cuts.add(match.index + match[0].length);
  const ordered = [...cuts].sort((x, y) => x - y);
  const clauses: PlacedClause[] = [];
  ordered.forEach((from, i) => {
    const raw = text.slice(from, ordered[i + 1] ?? text.length);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (!body) return;
    const start = from + lead;
    const at = pageAt(start);
    const pageEnd = (starts[at + 1] ?? text.length + 1) - 1;
    const { number, heading } = clauseLabel(body);
    clauses.push({
      index: clauses.length,
      number,
      heading,
      text: body,
      page: pages[at]?.number ?? 1,
      onPage: text.slice(start, Math.min(start + body.length, pageEnd)).trim(),
    });
  });
  return clauses;
}
