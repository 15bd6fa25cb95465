// What a comparison of two versions gives, shared by the compare worker, the screen and the exports.

/** A clause of one version: its number and heading where it has them, its text, and where it sits. */
export interface Clause {
  /** Its place in the version's clause order, from 0. */
  index: number;
  /** "10.5", "3", "IV"; empty when the clause is not numbered. */
  number: string;
  /** "Governing Law"; empty when it has none. */
  heading: string;
  /** The clause's text, number and heading included, white space as the page has it. */
  text: string;
  /** The 1-based page its first word is on. */
  page: number;
}

/** A piece of a word diff: kept in both, inserted in B, or deleted from A. */
export interface DiffPart {
  kind: "same" | "ins" | "del";
  text: string;
}

/** What happened to a clause between A and B. */
export const CHANGE_KINDS = ["changed", "added", "removed", "moved"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One entry of the change list. */
export interface Change {
  kind: ChangeKind;
  /** The clause in A (absent when added). */
  a?: Clause;
  /** The clause in B (absent when removed). */
  b?: Clause;
  /** The words of A's clause against B's; empty for an added or removed clause (its whole text is the change). */
  parts: DiffPart[];
  /** False when only white space, punctuation, capitalisation or numbering differ. */
  substantive: boolean;
}

/** The change list's totals, as the heading of the list says them. */
export interface ChangeCounts {
  changed: number;
  added: number;
  removed: number;
  moved: number;
}

/** A comparison of version A with version B. */
export interface Comparison {
  changes: Change[];
  counts: ChangeCounts;
  /** How many clauses A and B share (matched, changed or not), over the larger version's clause count. */
  shared: number;
  /** Fewer than SHARED_FLOOR of the clauses match: the two are not versions of one document. */
  unrelated: boolean;
}

/** Below this share of matched clauses, two documents are said to share few clauses. */
export const SHARED_FLOOR = 0.3;
