/** Letters and digits only, lower case: how a passage is matched against text that breaks lines and spaces its own way. */
const squeeze = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * Which of the pieces (a PDF text layer's spans, in order) hold part of the passage: the index of each. The match
 * ignores spacing, punctuation and case, so a passage quoted from the page's text finds the spans it came from.
 */
export function highlightedPieces(pieces: readonly string[], passage: string): number[] {
  const target = squeeze(passage);
  if (!target) return [];
  const squeezed = pieces.map(squeeze);
  const joined = squeezed.join("");
  const start = joined.indexOf(target);
  if (start < 0) return [];
  const end = start + target.length;
  const hits: number[] = [];
  let offset = 0;
  squeezed.forEach((piece, i) => {
    if (piece.length && offset < end && offset + piece.length > start) hits.push(i);
    offset += piece.length;
  });
  return hits;
}

/** Splits a page's text around the first occurrence of the passage (spacing and case aside), for a <mark>. */
export function splitAtPassage(text: string, passage: string): [before: string, match: string, after: string] | null {
  const words = passage.trim().split(/\s+/).filter(Boolean).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (!words.length) return null;
  const match = new RegExp(words.join("\\s+"), "iu").exec(text);
  if (!match) return null;
  return [text.slice(0, match.index), match[0], text.slice(match.index + match[0].length)];
}
