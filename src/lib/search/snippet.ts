import { foldWord, tokenize, wordSpans, type WordSpan } from "./tokens";

/** How long a snippet may be, in characters; it ends on the last whole word that fits, so most are 200 to 220. */
export const SNIPPET_CHARS = 220;

/** An excerpt of a text: from its first word to its last, and where it sits in the text (so a viewer can find it). */
export interface Snippet {
  text: string;
  start: number;
  end: number;
}

/** A piece of a snippet, marked when it is one of the matched words. Rendered as text, never as HTML. */
export interface Segment {
  text: string;
  marked: boolean;
}

/** The terms as the index compares them: folded, and split when a caller passes several words in one. */
const termSet = (terms: Iterable<string>): Set<string> => new Set([...terms].flatMap(tokenize).map(foldWord));

/** The span of the hits with the most distinct terms (then the most hits, then the earliest) that fits in `size`. */
function densestCluster(hits: readonly WordSpan[], size: number): { start: number; end: number } | null {
  let best: { start: number; end: number; distinct: number; count: number } | null = null;
  for (let a = 0; a < hits.length; a += 1) {
    const first = hits[a] as WordSpan;
    const seen = new Set<string>();
    let end = first.end;
    let count = 0;
    for (let b = a; b < hits.length; b += 1) {
      const hit = hits[b] as WordSpan;
      if (hit.end - first.start > size) break;
      seen.add(hit.folded);
      end = hit.end;
      count += 1;
    }
    if (!best || seen.size > best.distinct || (seen.size === best.distinct && count > best.count)) {
      best = { start: first.start, end, distinct: seen.size, count };
    }
  }
  return best;
}

/**
 * The best short excerpt of a text for the terms: about `size` characters around the densest cluster of matched words
 * (the most distinct terms, then the most matches), padded evenly on both sides, starting and ending on whole words.
 * With no match it is the text's beginning; a text shorter than `size` is returned whole, trimmed to its words.
 */
export function snippetFor(text: string, terms: Iterable<string>, size = SNIPPET_CHARS): Snippet {
  const words = wordSpans(text);
  const first = words[0];
  const last = words.at(-1);
  if (!first || !last) return { text: "", start: 0, end: 0 };
  if (last.end - first.start <= size) return { text: text.slice(first.start, last.end), start: first.start, end: last.end };
  const wanted = termSet(terms);
  const cluster = densestCluster(
    words.filter((word) => wanted.has(word.folded)),
    size,
  ) ?? { start: first.start, end: first.end };
  const spare = size - (cluster.end - cluster.start);
  let from = cluster.start - Math.floor(spare / 2);
  let to = cluster.end + Math.ceil(spare / 2);
  if (from < first.start) [from, to] = [first.start, to + (first.start - from)];
  if (to > last.end) [from, to] = [Math.max(first.start, from - (to - last.end)), last.end];
  const startWord = words.find((word) => word.start >= from) ?? first;
  const endWord = words.findLast((word) => word.end <= to) ?? last;
  return { text: text.slice(startWord.start, endWord.end), start: startWord.start, end: endWord.end };
}

/**
 * Splits a snippet into marked and unmarked segments: a whole word is marked when its folded form is one of the terms
 * (ignoring case and accents). Terms are the index's whole words (a prefix or fuzzy search already names the words it
 * matched), so "lease" marks "Lease" and "LEASE" but not the "lease" inside "release" or "leasehold".
 */
export function markTerms(snippet: string, terms: Iterable<string>): Segment[] {
  const wanted = termSet(terms);
  const segments: Segment[] = [];
  const push = (text: string, marked: boolean) => {
    if (text === "") return;
    const previous = segments.at(-1);
    if (previous && !previous.marked && !marked) previous.text += text;
    else segments.push({ text, marked });
  };
  let at = 0;
  for (const word of wordSpans(snippet)) {
    if (!wanted.has(word.folded)) continue;
    push(snippet.slice(at, word.start), false);
    push(snippet.slice(word.start, word.end), true);
    at = word.end;
  }
  push(snippet.slice(at), false);
  return segments;
}
