import { diffWordsWithSpace } from "diff";
import type { DiffPart } from "./compare";

/**
 * The word-level changes from one clause's text to another's (jsdiff's Myers diff over words and the white space
 * between them, so the kept and deleted parts give A's text exactly and the kept and inserted parts give B's; chosen
 * over diff-match-patch by measurement, see README 'Compare two versions').
 */
export function wordDiff(from: string, to: string): DiffPart[] {
  return diffWordsWithSpace(from, to).map((part) => ({ kind: part.added ? "ins" : part.removed ? "del" : "same", text: part.value }));
}

/** The text a diff's parts give: A's (kept and deleted) or B's (kept and inserted). */
export const sideText = (parts: readonly DiffPart[], side: "a" | "b"): string =>
  parts
    .filter((p) => p.kind === "same" || p.kind === (side === "a" ? "del" : "ins"))
    .map((p) => p.text)
    .join("");
