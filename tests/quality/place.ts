/**
 * Where a quote sits in its contract (issue 42): the benchmark counts a quote as holding an expert-marked span when
 * the two overlap in the contract, not when the span's words appear somewhere in the quote. The contract is read as
 * pages (a TXT upload, ingest); a citation names its page and quotes a passage of it. Pages and quotes are matched
 * with white space collapsed (pages are trimmed, their line endings made `\n`), and each page is found in the contract
 * after the one before it, so a passage that stands on several pages is placed on the page the citation names.
 * Pure functions, shared by `npm run bench:quality`, its Vitest gate and the Review presets' test.
 */

/** A stretch of the contract: character offsets into contracts/<id>.txt, `end` excluded. */
export interface Place {
  start: number;
  end: number;
}

/** An expert-marked span as labels.json gives it: its text and where it starts in the contract. */
export interface Span {
  text: string;
  start: number;
}

/** A text with its white space collapsed (each run one space, none at the edges), and each character's offset in the original. */
interface Collapsed {
  text: string;
  at: number[];
}

export function collapse(text: string): Collapsed {
  let out = "";
  const at: number[] = [];
  let space = -1;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      if (space < 0) space = i;
      continue;
    }
    if (space >= 0 && out.length > 0) {
      out += " ";
      at.push(space);
    }
    space = -1;
    out += c;
    at.push(i);
  }
  return { text: out, at };
}

/** The first index of `at` whose offset is `offset` or more (at is increasing); at.length when none is. */
function firstAtOrAfter(at: readonly number[], offset: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((at[mid] as number) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether two places share at least one character. */
export const overlaps = (a: Place, b: Place): boolean => a.start < b.end && b.start < a.end;

/** A span's place in the contract. */
export const spanPlace = (span: Span): Place => ({ start: span.start, end: span.start + span.text.length });

/** Whether a quote's place overlaps any of the spans' places. */
export const holdsByPlace = (place: Place | null, spans: readonly Span[]): boolean => place !== null && spans.some((span) => overlaps(place, spanPlace(span)));

/** Where a page's passages are in the contract: found from the contract's text and its pages, in order. */
export interface Locator {
  /** The place of a stretch of a page given by its offsets in the page's text (a Review cell's quote); null when empty. */
  range(page: number, start: number, end: number): Place | null;
  /**
   * The place of a quoted passage of a page (a citation: page number and quote); null when the page does not hold it.
   * Where the page holds it more than once, the copy nearest `hint` (an offset into the page's text) is taken, else
   * the first.
   */
  quote(page: number, quote: string, hint?: number): Place | null;
}

/** A locator for one contract and the pages it was read as (page 1 is pages[0]). */
export function locator(contract: string, pages: readonly string[]): Locator {
  const whole = collapse(contract);
  let cursor = 0;
  const located = pages.map((page, i) => {
    const own = collapse(page);
    let base = whole.text.indexOf(own.text, cursor);
    if (base < 0) base = whole.text.indexOf(own.text);
    if (base < 0) throw new Error(`page ${String(i + 1)} is not in the contract's text`);
    cursor = base + own.text.length;
    return { own, base };
  });
  /** The contract's place of the collapsed page's characters from..to (to excluded). */
  const placeOf = (number: number, from: number, to: number): Place | null => {
    const page = located[number - 1];
    if (!page || to <= from) return null;
    return { start: whole.at[page.base + from] as number, end: (whole.at[page.base + to - 1] as number) + 1 };
  };
  return {
    range(number, start, end) {
      const page = located[number - 1];
      if (!page) return null;
      return placeOf(number, firstAtOrAfter(page.own.at, start), firstAtOrAfter(page.own.at, end));
    },
    quote(number, quote, hint) {
      const page = located[number - 1];
      const wanted = collapse(quote).text;
      if (!page || !wanted) return null;
      const found: number[] = [];
      for (let at = page.own.text.indexOf(wanted); at >= 0; at = page.own.text.indexOf(wanted, at + 1)) found.push(at);
      if (found.length === 0) return null;
      const near = hint === undefined ? 0 : firstAtOrAfter(page.own.at, hint);
      const best = found.reduce((a, b) => (Math.abs(b - near) < Math.abs(a - near) ? b : a));
      return placeOf(number, best, best + wanted.length);
    },
  };
}
