import { atom } from "nanostores";
import { addDays } from "../lib/booking/calendarDates";
import type { SharedBookings } from "../lib/booking/sharedBookings";
import { bookedKey, type Schedule } from "../lib/booking/slots";
import { clockLabel, wallClock, zonedToInstant } from "../lib/booking/zonedTime";
import { describeFailure } from "../lib/http";
import { reportError } from "../lib/report";

/** Whether the page knows which slots are taken: always without shared bookings; with them, once asked. */
export type Availability = "known" | "checking" | "unknown";

/** Which slots the shared bookings (Supabase) hold taken, day by day, as the booking page asks about them. */
export function createBookingAvailability(schedule: Schedule, shared: SharedBookings | null, chosenDate: () => string | null) {
  /** With shared bookings: the taken slots of each day asked about, by date, as bookedKeys. */
  const $taken = atom<ReadonlyMap<string, ReadonlySet<string>>>(new Map());
  const $availability = atom<Availability>("known");

  let asked = 0;
  /** Asks the shared bookings which slots of the chosen day are taken; the latest question's answer wins. */
  const refreshTaken = async (): Promise<void> => {
    const date = chosenDate();
    if (!shared || !date) return;
    const ticket = (asked += 1);
    $availability.set("checking");
    const day = [zonedToInstant(date, "00:00", schedule.timeZone), zonedToInstant(addDays(date, 1), "00:00", schedule.timeZone)] as const;
    const answer = await shared.takenSlots(...day);
    if (ticket !== asked) return;
    if (!answer.ok) {
      if ("failure" in answer) reportError(new Error(`Could not read the taken slots: ${describeFailure(answer.failure)}`), "booking");
      $availability.set("unknown");
      return;
    }
    const keys = answer.value.map((start) => {
      const local = wallClock(start, schedule.timeZone);
      return bookedKey(local.date, clockLabel(local.hour, local.minute));
    });
    $taken.set(new Map([...$taken.get(), [date, new Set(keys)]]));
    $availability.set("known");
  };
  /** Holds one slot taken before the shared bookings say so again (this visitor just booked it, or was refused it). */
  const markTaken = (date: string, label: string) => {
    const keys = new Set($taken.get().get(date));
    keys.add(bookedKey(date, label));
    $taken.set(new Map([...$taken.get(), [date, keys]]));
  };

  return { $taken, $availability, refreshTaken, markTaken };
}
