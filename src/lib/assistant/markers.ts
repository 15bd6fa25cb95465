/**
 * Citation markers in a model's answer: [n], groups like [2, 7] and ranges like [1-3]. A marker may only
 * name a passage that was sent; anything else is removed, so the reply never cites what it was not given.
 */

/** The answer with its markers checked, and the numbers it cited that no sent passage has. */
export interface ValidatedText {
  text: string;
  dropped: number[];
}

const MARKER = /\[\s*\d+(?:\s*[-–]\s*\d+)?(?:\s*[,;]\s*\d+(?:\s*[-–]\s*\d+)?)*\s*\]/g;
/** A marker still being typed at the end of a streamed text: "[", "[1", "[2, 7". Long runs are not markers. */
const OPEN_MARKER = /\[[\d\s,;\-–]{0,24}$/;
/** Characters after which a removed marker's leading space goes too: "text [9]." becomes "text.". */
const CLOSING = /^[.,;:!?)\]}\r\n]/;
/** A range wider than this is read as its two ends: a model writing [1-999] is not citing 999 passages. */
const MAX_RANGE = 50;

/** The numbers a marker names, in order, ranges spelled out. */
function numbersIn(marker: string): number[] {
  const numbers: number[] = [];
  for (const item of marker.slice(1, -1).split(/[,;]/)) {
    const [from = 0, to = from] = item.split(/[-–]/).map((part) => Number(part.trim()));
    if (to >= from && to - from <= MAX_RANGE) for (let n = from; n <= to; n += 1) numbers.push(n);
    else numbers.push(from, to);
  }
  return numbers;
}

/** The marker as it should read: unchanged when every number stands, else only the numbers sent. */
function keptMarker(marker: string, numbers: readonly number[], sent: ReadonlySet<number>): string {
  const kept = [...new Set(numbers.filter((n) => sent.has(n)))];
  if (kept.length === 0) return "";
  return kept.length === numbers.length && !/[-–]/.test(marker) ? marker : `[${kept.join(", ")}]`;
}

/** Removes every marker naming no sent passage, keeping the spacing around it tidy. */
export function validateMarkers(text: string, sent: readonly number[]): ValidatedText {
  const allowed = new Set(sent);
  const dropped = new Set<number>();
  let out = "";
  let cursor = 0;
  for (const match of text.matchAll(MARKER)) {
    const numbers = numbersIn(match[0]);
    for (const n of numbers) if (!allowed.has(n)) dropped.add(n);
    out += text.slice(cursor, match.index);
    cursor = match.index + match[0].length;
    const kept = keptMarker(match[0], numbers, allowed);
    if (kept) {
      out += kept;
      continue;
    }
    // The marker goes with the spaces after it; the spaces before it stay only between two words.
    const spacesAfter = /^[ \t]*/.exec(text.slice(cursor))?.[0].length ?? 0;
    cursor += spacesAfter;
    const left = out.replace(/[ \t]+$/, "");
    const lineStart = left === "" || left.endsWith("\n");
    const next = text.slice(cursor);
    if (lineStart) continue;
    const spaced = left.length < out.length || spacesAfter > 0;
    out = next === "" || CLOSING.test(next) || !spaced ? left : `${left} `;
  }
  return { text: out + text.slice(cursor), dropped: [...dropped] };
}

/**
 * validateMarkers for a text still streaming in: a marker still being typed at the end ("see [1") is held
 * back, neither shown nor judged, until its closing bracket arrives; the rest is validated as usual.
 */
export function validatePartialMarkers(text: string, sent: readonly number[]): ValidatedText {
  const open = OPEN_MARKER.exec(text);
  return validateMarkers(open ? text.slice(0, open.index) : text, sent);
}
