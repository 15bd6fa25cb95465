// How many words two texts share: the clause comparison aligns versions by it (compare/align.ts), and the chat's
// quotes put a passage saying what an earlier one said last (search/passages.ts).

/** A text's words as a set: lower case, letters and digits only, words of one character left out. */
export const wordSet = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .split(" ")
      .filter((w) => w.length > 1),
  );

/** Dice's overlap of two word sets: 1 the same words, 0 none in common. */
export function similarity(x: ReadonlySet<string>, y: ReadonlySet<string>): number {
  if (!x.size && !y.size) return 1;
  let common = 0;
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  for (const word of small) if (large.has(word)) common += 1;
  return (2 * common) / (x.size + y.size);
}
