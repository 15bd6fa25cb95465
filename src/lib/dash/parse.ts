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

/** True when every value is a string (the text fields of a stored record). */
export const allStrings = (...values: unknown[]): boolean => values.every((value) => typeof value === "string");
