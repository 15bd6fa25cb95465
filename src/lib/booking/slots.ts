import { addDays, formatShortDate, isWeekend } from "./calendarDates";
import { clockLabel, clockTime, minutesOfDay, timeLabel, todayIn, wallClock, zonedToInstant } from "./zonedTime";

/** The booking schedule: slot starts from firstSlot to lastSlot every stepMinutes, in timeZone. */
export interface Schedule {
  readonly timeZone: string;
  readonly firstSlot: string;
  readonly lastSlot: string;
  readonly stepMinutes: number;
}

export interface Slot {
  /** 24-hour start in the schedule's zone, "17:30". */
  time: string;
  /** What the visitor reads and the webhook receives, "5:30 PM". */
  label: string;
  /** The instant the slot starts. */
  start: Date;
  /** The start on the visitor's clock ("10:30 AM", "12:00 AM, Wed 15 Apr"), or null when it reads the same. */
  localLabel: string | null;
  /** Booked earlier in this browser. */
  booked: boolean;
}

/** Every slot start of a day, "17:30" to "22:30". */
export function scheduleTimes(schedule: Schedule): string[] {
  const times: string[] = [];
  for (let m = minutesOfDay(schedule.firstSlot); m <= minutesOfDay(schedule.lastSlot); m += schedule.stepMinutes) {
    times.push(clockTime(m));
  }
  return times;
}

/** The key under which a date and slot label count as booked: date plus time. */
export function bookedKey(date: string, label: string): string {
  return `${date} ${label}`;
}

/** How a slot start reads on the visitor's clock, or null when it reads as in the schedule's zone. */
export function localSlotLabel(start: Date, date: string, label: string, visitorZone: string): string | null {
  const local = wallClock(start, visitorZone);
  const localTime = clockLabel(local.hour, local.minute);
  if (local.date === date && localTime === label) return null;
  return local.date === date ? localTime : `${localTime}, ${formatShortDate(local.date)}`;
}

export interface SlotContext {
  now: Date;
  visitorZone: string;
  booked: ReadonlySet<string>;
}

/** The slots offered on `date`: on today's date only those that have not started yet. */
export function daySlots(date: string, schedule: Schedule, { now, visitorZone, booked }: SlotContext): Slot[] {
  return scheduleTimes(schedule)
    .map((time) => {
      const label = timeLabel(time);
      const start = zonedToInstant(date, time, schedule.timeZone);
      return { time, label, start, localLabel: localSlotLabel(start, date, label, visitorZone), booked: booked.has(bookedKey(date, label)) };
    })
    .filter((slot) => slot.start.getTime() > now.getTime());
}

/** The last date bookings are open for: `horizonDays` after today in the schedule's zone (book_slot counts the same). */
export function lastBookableDate(schedule: Schedule, now: Date, horizonDays: number): string {
  return addDays(todayIn(schedule.timeZone, now), horizonDays);
}

/** Whether a date can be chosen: from today to the horizon in the schedule's zone, a weekday, with a slot still ahead. */
export function isBookableDate(date: string, schedule: Schedule, now: Date, horizonDays: number): boolean {
  if (isWeekend(date) || date < todayIn(schedule.timeZone, now) || date > lastBookableDate(schedule, now, horizonDays)) return false;
  const last = zonedToInstant(date, schedule.lastSlot, schedule.timeZone);
  return last.getTime() > now.getTime();
}
