/** Whether any of `fields` contains the query, ignoring case and surrounding spaces (a blank query matches all). */
export function matchesQuery(query: string, ...fields: string[]): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return needle === "" || fields.some((field) => field.toLocaleLowerCase().includes(needle));
}

/** Whether a draft's required text is filled (not blank). */
export const filled = (value: string): boolean => value.trim() !== "";

/** Reads an array of records, each validated; null when the value is not an array or any record is invalid. */
export function parseList<T>(data: unknown, parseOne: (item: unknown) => T | null): T[] | null {
  if (!Array.isArray(data)) return null;
  const out: T[] = [];
  for (const item of data) {
    const parsed = parseOne(item);
    if (!parsed) return null;
    out.push(parsed);
  }
  return out;
}

/** The value when it is one of `options`, else null (for stored enums). */
export const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | null =>
  typeof value === "string" && (options as readonly string[]).includes(value) ? (value as T) : null;
