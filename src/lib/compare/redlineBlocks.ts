import type { DiffPart } from "./compare";
import type { AlignedVersions } from "./versions";
import { wordDiff } from "./wordDiff";

/** One paragraph of the redline: its words, each kept, inserted or deleted. */
export type RedlineBlock = DiffPart[];

/**
 * The redline of B against A as paragraphs, one per clause: a clause in both (in order) as its word diff, a removed
 * clause deleted where it stood in A, an added clause inserted where it stands in B, and a moved clause deleted at its
 * old place and inserted at its new one. Keeping the kept and inserted words gives B's clauses in B's order; keeping
 * the kept and deleted words gives A's in A's order.
 */
export function redlineBlocks({ a, b, kept }: Pick<AlignedVersions, "a" | "b" | "kept">): RedlineBlock[] {
  const anchorOfB = new Map<number, number>();
  const anchoredA = new Set<number>();
  for (const p of kept) {
    anchorOfB.set(p.b, p.a);
    anchoredA.add(p.a);
  }
  const blocks: RedlineBlock[] = [];
  let nextA = 0;
  const deleteUpTo = (end: number) => {
    for (; nextA < end; nextA += 1) {
      const clause = a[nextA];
      if (clause && !anchoredA.has(nextA)) blocks.push([{ kind: "del", text: clause.text }]);
    }
  };
  for (const clause of b) {
    const i = anchorOfB.get(clause.index);
    if (i === undefined) {
      blocks.push([{ kind: "ins", text: clause.text }]);
      continue;
    }
    deleteUpTo(i);
    const from = a[i]?.text ?? "";
    blocks.push(from === clause.text ? [{ kind: "same", text: from }] : wordDiff(from, clause.text));
    nextA = i + 1;
  }
  deleteUpTo(a.length);
  return blocks;
}
