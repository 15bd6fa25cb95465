/**
 * Passages: the unit that is scored and quoted. A page of about 3,000 characters holds a dozen clauses, and a
 * one-sentence clause scored as the whole page is diluted by its neighbours, so a page is split into passages of about
 * a clause or a paragraph. The same split serves the browser's index and the pages Postgres returns (the split is made
 * where the pages are ranked, from the page's own text), so both quote the same passages.
 *
 * - A paragraph ends at a blank line. A page whose text has none (a PDF's text layer gives one line per printed line)
 *   ends one where a line starts a numbered clause ("10.", "(b)", "Section 4", "ARTICLE X") or a heading, or where a
 *   line that ends a sentence is clearly shorter than the lines around it.
 * - A heading ("10. GOVERNING LAW", "Section 1.  Definitions") stays with the clause it heads.
 * - A paragraph longer than MAX_PASSAGE_CHARS is cut between sentences (then at semicolons, then between words), so a
 *   quote is always whole sentences where the text has them, never a window cut mid-word.
 * - A passage is a range of the page's text: `text.slice(start, end)` is exactly what is quoted and highlighted.
 */

/** A passage of a page: its place in the page's text. */
export interface PassageRange {
  start: number;
  end: number;
}

/** The longest a passage grows before it is cut between sentences. */
export const MAX_PASSAGE_CHARS = 800;
/** A passage shorter than this joins the one after it (a page number, a lone heading, a signature line). */
export const MIN_PASSAGE_CHARS = 60;

/** A line that starts a clause: "10.", "10.1", "(b)", "b)", "Section 4", "ARTICLE X", "Schedule 2". */
const CLAUSE_START = /^\s*(?:\(?[0-9]{1,3}(?:\.[0-9]{1,3})*[.)]\s|\([a-z]{1,4}\)\s|[a-z]\)\s|(?:section|article|clause|schedule|exhibit|appendix|annex)\s+[0-9ivxlc]+\b)/i;
/** A short line with no sentence ending: a heading or a title. */
const looksLikeHeading = (line: string): boolean => {
  const text = line.trim();
  if (text.length === 0 || text.length > 90) return false;
  if (/[.;:,]$/.test(text) && !/^\(?[0-9]{1,3}(?:\.[0-9]{1,3})*[.)]?\s*[A-Z][A-Za-z ,&'-]*\.?$/.test(text)) return false;
  const letters = text.replace(/[^A-Za-z]/g, "");
  return letters.length > 0 && (letters === letters.toUpperCase() || CLAUSE_START.test(text) || /^[A-Z][\w'-]*(?:\s+(?:[A-Z][\w'-]*|of|and|or|to|in|for|the|on))*\.?$/.test(text));
};

/** Where each line of a text starts and ends (without its line break). */
function lines(text: string, from: number, to: number): PassageRange[] {
  const found: PassageRange[] = [];
  let start = from;
  for (let i = from; i <= to; i += 1) {
    if (i === to || text[i] === "\n") {
      found.push({ start, end: i });
      start = i + 1;
    }
  }
  return found;
}

/** The blocks of a page: paragraphs at blank lines, or (without blank lines) at clause starts and short last lines. */
function blocks(text: string): PassageRange[] {
  const found: PassageRange[] = [];
  const paragraph = /\n[ \t\f\v\r]*\n/g;
  let start = 0;
  const hasBlankLines = paragraph.test(text);
  paragraph.lastIndex = 0;
  const push = (from: number, to: number) => {
    if (hasBlankLines) found.push({ start: from, end: to });
    else found.push(...linesToBlocks(text, from, to));
  };
  for (let match = paragraph.exec(text); match; match = paragraph.exec(text)) {
    push(start, match.index);
    start = match.index + match[0].length;
  }
  push(start, text.length);
  return found.map((block) => trimRange(text, block)).filter((block) => block.end > block.start);
}

/** Lines joined into paragraphs where a text has no blank lines (a PDF's text layer). */
function linesToBlocks(text: string, from: number, to: number): PassageRange[] {
  const all = lines(text, from, to).map((line) => trimRange(text, line));
  const widths = all.map((line) => line.end - line.start).filter((w) => w > 0);
  const typical = widths.length ? (widths.toSorted((a, b) => a - b)[Math.floor(widths.length * 0.75)] ?? 0) : 0;
  const found: PassageRange[] = [];
  let current: PassageRange | null = null;
  let previous = "";
  for (const line of all) {
    const content = text.slice(line.start, line.end);
    if (!content) continue;
    const breaksBefore =
      current !== null &&
      (CLAUSE_START.test(content) ||
        looksLikeHeading(content) ||
        looksLikeHeading(previous) ||
        (/[.:;]["')\]]?$/.test(previous) && previous.length < typical * 0.8));
    if (current === null || breaksBefore) {
      if (current) found.push(current);
      current = { ...line };
    } else {
      current.end = line.end;
    }
    previous = content;
  }
  if (current) found.push(current);
  return found;
}

/** A range without the white space at its edges. */
function trimRange(text: string, { start, end }: PassageRange): PassageRange {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from] ?? "")) from += 1;
  while (to > from && /\s/.test(text[to - 1] ?? "")) to -= 1;
  return { start: from, end: to };
}

/** Common abbreviations whose full stop ends no sentence. */
const ABBREVIATION = /\b(?:inc|ltd|corp|co|no|nos|sec|secs|art|arts|para|mr|mrs|ms|dr|st|u\.s|e\.g|i\.e|etc|vs|v|cf|approx|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|n\.a|l\.p|l\.l\.c|s\.a|b\.v|p\.c)\.$/i;

/** Where the sentences of a block end: after . ! ? (and a closing quote or bracket) before a capital, a digit or a bracket. */
function sentenceEnds(text: string, { start, end }: PassageRange): number[] {
  const ends: number[] = [];
  const boundary = /[.!?]["')\]]*(?=\s+["'([]?[A-Z0-9])/g;
  boundary.lastIndex = start;
  const slice = text.slice(0, end);
  for (let match = boundary.exec(slice); match; match = boundary.exec(slice)) {
    const at = match.index + match[0].length;
    const before = slice.slice(Math.max(start, at - 12), at).replace(/["')\]]+$/, "");
    if (ABBREVIATION.test(before) || /\b[A-Z]\.$/.test(before) || /^\d+\.$/.test(before.trim().split(/\s+/).pop() ?? "")) continue;
    ends.push(at);
  }
  return ends;
}

/** The best place to cut a too-long block: the last sentence end, else semicolon, else space, before the limit. */
function cutPoint(text: string, block: PassageRange, sentenceBreaks: readonly number[]): number {
  const limit = block.start + MAX_PASSAGE_CHARS;
  const floor = block.start + Math.floor(MAX_PASSAGE_CHARS * 0.3);
  const sentence = sentenceBreaks.findLast((at) => at <= limit && at >= floor);
  if (sentence !== undefined) return sentence;
  const window = text.slice(floor, limit);
  for (const mark of ["; ", ";\n", ", ", " ", "\n"]) {
    const at = window.lastIndexOf(mark);
    if (at >= 0) return floor + at + 1;
  }
  return limit;
}

/** A block cut into passages of at most MAX_PASSAGE_CHARS, between sentences where it can. */
function cutBlock(text: string, block: PassageRange): PassageRange[] {
  if (block.end - block.start <= MAX_PASSAGE_CHARS) return [block];
  const breaks = sentenceEnds(text, block);
  const pieces: PassageRange[] = [];
  let rest = block;
  while (rest.end - rest.start > MAX_PASSAGE_CHARS) {
    const at = cutPoint(text, rest, breaks);
    pieces.push(trimRange(text, { start: rest.start, end: at }));
    rest = trimRange(text, { start: at, end: rest.end });
  }
  if (rest.end > rest.start) pieces.push(rest);
  return pieces.filter((piece) => piece.end > piece.start);
}

/**
 * The passages of a page's text, in reading order, covering every word of it once. Headings and fragments shorter
 * than MIN_PASSAGE_CHARS join the passage after them (the last ones join the one before).
 */
export function passageRanges(text: string): PassageRange[] {
  const merged: PassageRange[] = [];
  let pending: PassageRange | null = null;
  for (const block of blocks(text)) {
    const content = text.slice(block.start, block.end);
    const short = block.end - block.start < MIN_PASSAGE_CHARS || looksLikeHeading(content);
    const joined: PassageRange = pending ? { start: pending.start, end: block.end } : block;
    if (short && joined.end - joined.start < MAX_PASSAGE_CHARS) {
      pending = joined;
      continue;
    }
    pending = null;
    // A heading joined to a long clause: the heading stays on the clause's first passage.
    const pieces = cutBlock(text, { start: block.start, end: block.end });
    if (joined.start < block.start && pieces[0]) pieces[0] = { start: joined.start, end: pieces[0].end };
    merged.push(...pieces);
  }
  if (pending) {
    const last = merged.at(-1);
    if (last && pending.end - pending.start < MIN_PASSAGE_CHARS && last.end - last.start + (pending.end - pending.start) <= MAX_PASSAGE_CHARS * 1.25) {
      last.end = pending.end;
    } else merged.push(pending);
  }
  return merged;
}
