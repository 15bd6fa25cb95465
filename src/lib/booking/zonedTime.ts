/**
 * Wall-clock time in an IANA zone, computed with Intl so daylight-saving rules come from the
 * platform's time-zone database, never from a fixed offset.
 */

export interface WallClock {
  /** Calendar date in the zone, YYYY-MM-DD. */
  date: string;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function numericFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsOf(instant: Date, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of numericFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") out[part.type] = Number(part.value);
  }
  return out;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Minutes after midnight of a 24-hour "HH:MM". */
export function minutesOfDay(time: string): number {
  const [hh = 0, mm = 0] = time.split(":").map(Number);
  return hh * 60 + mm;
}

/** The 24-hour "HH:MM" of minutes after midnight. */
export function clockTime(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The date and time a clock in `timeZone` shows at `instant`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const p = partsOf(instant, timeZone);
  return { date: `${pad(p["year"] ?? 0, 4)}-${pad(p["month"] ?? 1)}-${pad(p["day"] ?? 1)}`, hour: p["hour"] ?? 0, minute: p["minute"] ?? 0 };
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const p = partsOf(instant, timeZone);
  const asUtc = Date.UTC(p["year"] ?? 0, (p["month"] ?? 1) - 1, p["day"] ?? 1, p["hour"] ?? 0, p["minute"] ?? 0, p["second"] ?? 0);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant at which a clock in `timeZone` shows `date` (YYYY-MM-DD) at `time` (HH:MM).
 * Two passes settle the offset on either side of a daylight-saving change.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d) + minutesOfDay(time) * 60_000;
  const first = wall - zoneOffsetMs(new Date(wall), timeZone);
  return new Date(wall - zoneOffsetMs(new Date(first), timeZone));
}

/** Today's calendar date in `timeZone`, YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date): string {
  return wallClock(now, timeZone).date;
}

/** "5:30 PM" for an hour and minute of the day. */
export function clockLabel(hour: number, minute: number): string {
  const period = hour < 12 ? "AM" : "PM";
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${period}`;
}

/** "5:30 PM" for 24-hour "17:30". */
export function timeLabel(time: string): string {
  const minutes = minutesOfDay(time);
  return clockLabel(Math.floor(minutes / 60), minutes % 60);
}

const longDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "Tuesday, 14 April 2026" for "2026-04-14" (a calendar date, whatever the zone). */
export function formatLongDate(date: string): string {
  const parts: Record<string, string> = {};
  for (const part of longDate.formatToParts(new Date(`${date}T00:00:00Z`))) parts[part.type] = part.value;
  return `${parts["weekday"]}, ${parts["day"]} ${parts["month"]} ${parts["year"]}`;
}

/** The zone this browser runs in, or UTC when the platform cannot say. */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** "Wednesday, 15 April 2026, 5:30 PM": an instant as a clock in `timeZone` shows it. */
export function formatInZone(instant: Date, timeZone: string): string {
  const { date, hour, minute } = wallClock(instant, timeZone);
  return `${formatLongDate(date)}, ${clockLabel(hour, minute)}`;
}
