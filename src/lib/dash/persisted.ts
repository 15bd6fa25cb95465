import type { WritableAtom } from "nanostores";
import { createBrowserRepository, createShardedBrowserRepository, type BrowserRepositoryOptions } from "./browserRepository";
import type { FeatureDefinition, Repository, ShardedFeatureDefinition } from "./repository";

/** A store's persisted records: the atom the store's actions change, and how the records are stored. */
export type PersistedRecords = (
  | { sharded?: false; $records: WritableAtom<unknown>; feature: FeatureDefinition<unknown> }
  | { sharded: true; $records: WritableAtom<ReadonlyMap<string, unknown>>; feature: ShardedFeatureDefinition<unknown> }
) & {
  /** Where the feature keeps its records in this browser when not in localStorage (Review's cells: IndexedDB). */
  browserRepository?: (options: BrowserRepositoryOptions) => Repository<unknown>;
};

/** Describes a store's single-record feature for the workspace (typed at the call site, erased in the list). */
export const persisted = <T>($records: WritableAtom<T>, feature: FeatureDefinition<T>): PersistedRecords => ({
  $records: $records as WritableAtom<unknown>,
  feature: feature as FeatureDefinition<unknown>,
});

/** Describes a store's feature of many records, each saved on its own. */
export const persistedShards = <V>($records: WritableAtom<ReadonlyMap<string, V>>, feature: ShardedFeatureDefinition<V>): PersistedRecords => ({
  sharded: true,
  $records: $records as WritableAtom<ReadonlyMap<string, unknown>>,
  feature: feature as ShardedFeatureDefinition<unknown>,
});

/** The repository of one feature for one user: the only place that decides where records live. */
export function repositoryFor(entry: PersistedRecords, options: BrowserRepositoryOptions): Repository<unknown> {
  if (entry.browserRepository) return entry.browserRepository(options);
  return entry.sharded
    ? (createShardedBrowserRepository(entry.feature, options) as Repository<unknown>)
    : createBrowserRepository(entry.feature, options);
}
