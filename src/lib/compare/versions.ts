import { alignClauses, inOrder, substance, type ClausePair } from "./align";
import { SHARED_FLOOR, type Change, type ChangeCounts, type Comparison } from "./compare";
import { splitClauses, type ComparePage, type PlacedClause } from "./sections";
import { wordDiff } from "./wordDiff";

/** A comparison whose clauses carry the words on their first page, for opening the viewer there. */
export interface PlacedChange extends Change {
  a?: PlacedClause;
  b?: PlacedClause;
}

export interface PlacedComparison extends Comparison {
  changes: PlacedChange[];
}

/** Two versions' clauses, the pairs matched between them, and the pairs that kept their order (the rest moved). */
export interface AlignedVersions {
  a: PlacedClause[];
  b: PlacedClause[];
  pairs: ClausePair[];
  kept: Set<ClausePair>;
}

/** Splits both versions into clauses and aligns them. */
export function alignVersions(pagesA: readonly ComparePage[], pagesB: readonly ComparePage[]): AlignedVersions {
  const a = splitClauses(pagesA);
  const b = splitClauses(pagesB);
  const pairs = alignClauses(a, b);
  return { a, b, pairs, kept: inOrder(pairs) };
}

/** The totals of a change list. */
export function countChanges(changes: readonly Change[]): ChangeCounts {
  const counts: ChangeCounts = { changed: 0, added: 0, removed: 0, moved: 0 };
  for (const change of changes) counts[change.kind] += 1;
  return counts;
}

/**
 * Compares version A with version B clause by clause: the clauses aligned (by text, number, heading, then similarity),
 * a clause out of order marked moved, each changed clause diffed word by word, and each change marked substantive or
 * not. The change list follows B's order; a removed clause sits where it stood in A.
 */
export const compareVersions = (pagesA: readonly ComparePage[], pagesB: readonly ComparePage[]): PlacedComparison => comparisonOf(alignVersions(pagesA, pagesB));

/** The change list of two aligned versions. */
export function comparisonOf({ a, b, pairs, kept }: AlignedVersions): PlacedComparison {
  const placed: { at: number; change: PlacedChange }[] = [];
  const matchedA = new Map(pairs.map((p) => [p.a, p.b]));
  for (const p of pairs) {
    const ca = a[p.a];
    const cb = b[p.b];
    if (!ca || !cb) continue;
    const moved = !kept.has(p);
    if (!moved && ca.text === cb.text) continue;
    const parts = ca.text === cb.text ? [{ kind: "same" as const, text: cb.text }] : wordDiff(ca.text, cb.text);
    placed.push({ at: p.b, change: { kind: moved ? "moved" : "changed", a: ca, b: cb, parts, substantive: moved || substance(ca) !== substance(cb) } });
  }
  let lastB = -1;
  for (const ca of a) {
    const j = matchedA.get(ca.index);
    if (j !== undefined) {
      lastB = j;
      continue;
    }
    placed.push({ at: lastB + 0.5, change: { kind: "removed", a: ca, parts: [], substantive: true } });
  }
  const matchedB = new Set(pairs.map((p) => p.b));
  for (const cb of b) if (!matchedB.has(cb.index)) placed.push({ at: cb.index, change: { kind: "added", b: cb, parts: [], substantive: true } });
  const changes = placed.sort((x, y) => x.at - y.at).map((p) => p.change);
  const shared = pairs.length / Math.max(a.length, b.length, 1);
  return { changes, counts: countChanges(changes), shared, unrelated: shared < SHARED_FLOOR };
}

/** The changes a filter shows: all, or only the substantive ones. */
export const visibleChanges = <T extends Change>(changes: readonly T[], substantiveOnly: boolean): T[] =>
  substantiveOnly ? changes.filter((c) => c.substantive) : [...changes];
