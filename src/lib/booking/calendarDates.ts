/**
 * Calendar dates as "YYYY-MM-DD" strings: no time, no zone. Arithmetic runs on UTC midnights,
 * where every day has 24 hours.
 */

const DAY_MS = 86_400_000;

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The date `days` later (earlier when negative). */
export function addDays(date: string, days: number): string {
  return fromUtc(new Date(toUtc(date).getTime() + days * DAY_MS));
}

/** The same day `months` later, clamped to the last day of a shorter month (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const d = toUtc(date);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return fromUtc(target);
}

/** Day of the week, Monday 0 to Sunday 6 (weeks start on Monday, as in Cyprus). */
export function weekdayIndex(date: string): number {
  return (toUtc(date).getUTCDay() + 6) % 7;
}

/** Saturday or Sunday. */
export function isWeekend(date: string): boolean {
  return weekdayIndex(date) >= 5;
}

/** "YYYY-MM" of a date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The first day of a date's month. */
export function firstOfMonth(date: string): string {
  return `${monthOf(date)}-01`;
}

/** "April 2026" for any date in that month. */
export function formatMonth(date: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "long", year: "numeric" }).format(toUtc(date));
}

const shortDate = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });

/** "Wed 15 Apr" for "2026-04-15". */
export function formatShortDate(date: string): string {
  const parts: Record<string, string> = {};
  for (const part of shortDate.formatToParts(toUtc(date))) parts[part.type] = part.value;
  return `${parts["weekday"]} ${parts["day"]} ${parts["month"]}`;
}

/**
 * The weeks of a month, Monday first: each week has seven entries, a date of the month
 * or null for the days before the 1st and after the last.
 */
export function monthWeeks(date: string): (string | null)[][] {
  const first = firstOfMonth(date);
  const month = monthOf(date);
  const weeks: (string | null)[][] = [];
  let cursor = addDays(first, -weekdayIndex(first));
  do {
    const week: (string | null)[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(monthOf(cursor) === month ? cursor : null);
      cursor = addDays(cursor, 1);
    }
    weeks.push(week);
  } while (monthOf(cursor) <= month);
  return weeks;
}

/** Weekday names Monday first, long and short, for column headers. */
export const WEEKDAYS = [
  ["Monday", "Mo"],
  ["Tuesday", "Tu"],
  ["Wednesday", "We"],
  ["Thursday", "Th"],
  ["Friday", "Fr"],
  ["Saturday", "Sa"],
  ["Sunday", "Su"],
] as const;
