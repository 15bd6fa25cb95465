/** Dates of the workspace's records: calendar days ("2025-03-14") or instants (full ISO strings). */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today's calendar day in the user's own zone, as "YYYY-MM-DD" (what "dated today" means to them). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * One formatter per locale and options, made on first use: a list re-rendered at every step of a bulk import formats
 * 50 dates each time, and making an Intl.DateTimeFormat costs far more than using one.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
}

const DAY_OPTIONS: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
const UTC_DAY_OPTIONS: Intl.DateTimeFormatOptions = { ...DAY_OPTIONS, timeZone: "UTC" };

/**
 * A record's date as people read it ("14 Mar 2025" or "Mar 14, 2025", after the locale). A calendar day is
 * shown as that day everywhere; an instant is shown in the user's zone.
 */
export function formatDay(value: string, locale?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatter(locale, DAY.test(value) ? UTC_DAY_OPTIONS : DAY_OPTIONS).format(date);
}

/** A long date for a profile ("January 15, 2025"). */
export function formatLongDay(value: string, locale?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatter(locale, { dateStyle: "long" }).format(date);
}

/** Whether `value` is a calendar day or an ISO instant a record may hold. */
export const isRecordDate = (value: unknown): value is string =>
  typeof value === "string" && !Number.isNaN(new Date(value).getTime());
