import { atom, computed, type ReadableAtom } from "nanostores";

/** A screen's search box and filter over a list of records, and the records they let through. */
export function createFilteredList<T, F extends string>(
  $records: ReadableAtom<readonly T[]>,
  initialFilter: F,
  filter: (records: readonly T[], query: string, filter: F) => T[],
) {
  const $query = atom("");
  const $filter = atom<F>(initialFilter);
  const $matching = computed([$records, $query, $filter], filter);
  return {
    $query,
    $filter,
    $matching,
    setQuery: (query: string) => $query.set(query),
    setFilter: (value: F) => $filter.set(value),
  };
}
