import { useStore } from "@nanostores/react";
import { formatLongDate } from "../../lib/booking/zonedTime";
import { bookingMessages } from "../../lib/booking/messages";
import type { BookingStore } from "../../stores/booking";
import type { BookingConfig } from "./types";

interface TimeSlotsProps {
  store: BookingStore;
  date: string;
  config: BookingConfig;
}

/** The day's slots as a radio group: one tab stop, arrow keys move, booked slots disabled. */
export default function TimeSlots({ store, date, config }: TimeSlotsProps) {
  const state = useStore(store.$state);
  const slots = useStore(store.$slots);
  const availability = useStore(store.$availability);
  const submitting = state.phase.kind === "submitting";
  const showsLocal = slots.some((slot) => slot.localLabel !== null);

  return (
    <fieldset aria-busy={availability === "checking"} className="min-w-0 self-start rounded-2xl border border-line bg-surface/80 p-4 sm:p-6">
      <legend className="float-left mb-1 w-full text-lg font-semibold">Times on {formatLongDate(date)}</legend>
      <p className="mb-4 text-sm text-muted">
        {config.zoneLabel} ({config.timeZone}){showsLocal ? ", with your time beside each." : "."}
      </p>
      {availability === "unknown" && <p className="mb-4 text-sm text-muted">{bookingMessages.availabilityUnknown}</p>}
      {slots.length === 0 ? (
        <p>No times are left on this day. Please choose another date.</p>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {slots.map((slot) => (
            <label
              key={slot.time}
              className={`flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-center transition has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent ${
                state.time === slot.time
                  ? "border-white bg-white text-black"
                  : slot.booked
                    ? "border-line bg-surface-2 text-muted"
                    : "border-line text-ink hover:border-accent"
              }`}
            >
              <input
                type="radio"
                name="slot"
                value={slot.time}
                className="sr-only"
                checked={state.time === slot.time}
                disabled={slot.booked || submitting}
                onChange={() => store.selectTime(slot.time)}
              />
              <span className="font-semibold">{slot.label}</span>
              {slot.localLabel && <span className="text-xs">({slot.localLabel} your time)</span>}
              {slot.booked && <span className="text-xs font-semibold tracking-wide uppercase">Booked</span>}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
