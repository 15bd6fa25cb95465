import { CONCEPTS, CONCEPT_GROUPS, type ConceptGroup } from "../search/vocabulary";

/** A preset question of the review: the vocabulary's concept, its short header and the question asked. */
export interface Preset {
  id: string;
  label: string;
  question: string;
}

/** The groups the presets are offered in: the contract clauses of the vocabulary, in its order. */
export const PRESET_GROUPS: readonly ConceptGroup[] = CONCEPT_GROUPS.filter((group) => group !== "Other clauses");

/** The presets of each group, from the same legal vocabulary as the chat (so a preset's question names its clause). */
export const PRESETS: ReadonlyMap<ConceptGroup, readonly Preset[]> = new Map(
  PRESET_GROUPS.map((group) => [
    group,
    CONCEPTS.filter((c) => c.group === group).map(({ id, name, question }) => ({ id, label: name, question })),
  ]),
);
