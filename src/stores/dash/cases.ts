import { atom } from "nanostores";
import {
  canCreateCase,
  filterCases,
  newCase,
  parseCases,
  type Case,
  type CaseDraft,
  type CaseFilter,
} from "../../lib/dash/cases";
import { createFilteredList } from "../../lib/dash/filteredList";
import type { CaseSharing } from "../../lib/dash/shared";
import { persisted } from "../../lib/dash/persisted";
import type { FeatureDefinition } from "../../lib/dash/repository";
import { sampleCases } from "../../lib/dash/samples/cases";
import { clock, newRecordId } from "./clock";

export const casesFeature: FeatureDefinition<Case[]> = {
  name: "cases",
  version: 1,
  samples: () => structuredClone(sampleCases),
  parse: parseCases,
};

export interface CasesDeps {
  now: () => Date;
  newId: () => string;
}

/** The firm's cases: the search and the status filter, creating and deleting. */
export function createCasesStore(deps: CasesDeps) {
  const $cases = atom<Case[]>(casesFeature.samples());
  const list = createFilteredList<Case, CaseFilter>($cases, "all", filterCases);

  /**
   * Creates a case at the top of the list; returns it, or null when the title or docket number is missing. On the
   * firm's Supabase, `sharing` says who may read it.
   */
  const createCase = (draft: CaseDraft, sharing?: CaseSharing): Case | null => {
    if (!canCreateCase(draft)) return null;
    const created = { ...newCase(draft, deps.newId(), deps.now()), ...(sharing ? { sharing } : {}) };
    $cases.set([created, ...$cases.get()]);
    return created;
  };

  /** Shares a case with the firm or walls it to its members (its creator or an admin; the server decides). */
  const setCaseSharing = (target: Pick<Case, "id" | "owner">, sharing: CaseSharing) =>
    $cases.set($cases.get().map((c) => (c.id === target.id && c.owner === target.owner ? { ...c, sharing } : c)));

  /** Deletes a case (its documents stay in Files under the case's name). */
  const deleteCase = (id: string) => $cases.set($cases.get().filter((c) => c.id !== id));


  /** The title of a case, if it exists. */
  const caseTitle = (id: string) => $cases.get().find((c) => c.id === id)?.title;

  return { $cases, ...list, createCase, setCaseSharing, deleteCase, caseTitle };
}

const cases = createCasesStore({ now: () => new Date(clock.now()), newId: newRecordId });

export const { $cases, $query: $caseQuery, $filter: $caseFilter, $matching: $matchingCases } = cases;
export const { createCase, setCaseSharing, deleteCase, caseTitle } = cases;
export const { setQuery: setCaseQuery, setFilter: setCaseFilter } = cases;

export const casesRecords = persisted(cases.$cases, casesFeature);
