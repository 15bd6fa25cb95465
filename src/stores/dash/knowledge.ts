import { atom } from "nanostores";
import {
  canAddKnowledge,
  filterKnowledge,
  newKnowledgeItem,
  parseKnowledge,
  type KnowledgeDraft,
  type KnowledgeFilter,
  type KnowledgeItem,
} from "../../lib/dash/knowledge";
import { createFilteredList } from "../../lib/dash/filteredList";
import { persisted } from "../../lib/dash/persisted";
import type { FeatureDefinition } from "../../lib/dash/repository";
import { sampleKnowledge } from "../../lib/dash/samples/knowledge";
import { clock, newRecordId } from "./clock";

export const knowledgeFeature: FeatureDefinition<KnowledgeItem[]> = {
  name: "knowledge",
  version: 1,
  samples: () => structuredClone(sampleKnowledge),
  parse: parseKnowledge,
};

export interface KnowledgeDeps {
  now: () => Date;
  newId: () => string;
}

/** The knowledge base: its items, the search and the tab, and adding an item. */
export function createKnowledgeStore(deps: KnowledgeDeps) {
  const $items = atom<KnowledgeItem[]>(knowledgeFeature.samples());
  const list = createFilteredList<KnowledgeItem, KnowledgeFilter>($items, "all", filterKnowledge);

  /** Adds a new item at the top; returns it, or null when title or description is blank. */
  const addItem = (draft: KnowledgeDraft): KnowledgeItem | null => {
    if (!canAddKnowledge(draft)) return null;
    const item = newKnowledgeItem(draft, deps.newId(), deps.now());
    $items.set([item, ...$items.get()]);
    return item;
  };


  return { $items, ...list, addItem };
}

const knowledge = createKnowledgeStore({ now: () => new Date(clock.now()), newId: newRecordId });

export const { $items: $knowledgeItems, $query: $knowledgeQuery, $filter: $knowledgeFilter, $matching: $visibleKnowledge } = knowledge;
export const { addItem: addKnowledgeItem } = knowledge;
export const { setQuery: setKnowledgeQuery, setFilter: setKnowledgeFilter } = knowledge;

export const knowledgeRecords = persisted(knowledge.$items, knowledgeFeature);
