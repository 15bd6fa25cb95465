import type { RedlineBlock } from "./redlineBlocks";
import type { ComparePage } from "./sections";
import type { PlacedComparison } from "./versions";

/** What the page asks the compare worker: the two versions' pages. */
export interface CompareRequest {
  a: ComparePage[];
  b: ComparePage[];
}

/** What the compare worker answers: the change list and the redline's paragraphs, or that it failed. */
export type CompareReply = { ok: true; comparison: PlacedComparison; redline: RedlineBlock[] } | { ok: false };
