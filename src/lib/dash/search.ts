/** Whether any of `fields` contains the query, ignoring case and surrounding spaces (a blank query matches all). */
export function matchesQuery(query: string, ...fields: string[]): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return needle === "" || fields.some((field) => field.toLocaleLowerCase().includes(needle));
}

/** Whether a draft's required text is filled (not blank). */
export const filled = (value: string): boolean => value.trim() !== "";
