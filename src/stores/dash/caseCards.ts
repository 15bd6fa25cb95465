import { computed, type ReadableAtom } from "nanostores";
import { documentCounts, type Case } from "../../lib/dash/cases";
import type { WorkspaceDocument } from "../../lib/dash/files";
import { $matchingCases } from "./cases";
import { $documents } from "./files";

/** A case as its card shows it: with the number of its documents, counted from Files. */
export type CaseCard = Case & { documents: number };

/** Joins the cases with the documents: each case's count, and each case's documents for its View. */
export function createCaseCards($cases: ReadableAtom<Case[]>, $docs: ReadableAtom<WorkspaceDocument[]>) {
  const $cards = computed([$cases, $docs], (cases, documents): CaseCard[] => {
    const counts = documentCounts(documents);
    return cases.map((c) => ({ ...c, documents: counts.get(c.id) ?? 0 }));
  });
  const $byCase = computed($docs, (documents) => Map.groupBy(documents, (d) => d.caseId));
  return { $cards, $byCase };
}

const cards = createCaseCards($matchingCases, $documents);

/** The cases that match the search and filter, with their document counts. */
export const $caseCards = cards.$cards;
/** Each case's documents. */
export const $documentsByCase = cards.$byCase;
