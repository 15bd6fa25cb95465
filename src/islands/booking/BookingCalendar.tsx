import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { addMonths, firstOfMonth, formatMonth, monthOf } from "../../lib/booking/calendarDates";
import { isBookableDate } from "../../lib/booking/slots";
import { todayIn } from "../../lib/booking/zonedTime";
import type { BookingStore } from "../../stores/booking";
import Icon from "../../ui/Icon";
import CalendarGrid from "./CalendarGrid";

interface BookingCalendarProps {
  store: BookingStore;
  timeZone: string;
}

/** The month calendar: month heading, previous/next month, and the date grid. */
export default function BookingCalendar({ store, timeZone }: BookingCalendarProps) {
  const state = useStore(store.$state);
  const now = useStore(store.$now);
  const today = todayIn(timeZone, now);
  const [focusDate, setFocusDate] = useState(state.date ?? today);
  const headingId = useId();
  const shown = focusDate < today ? today : focusDate;
  const month = monthOf(shown);
  const atFirstMonth = month <= monthOf(today);
  const schedule = store.schedule;

  const showMonth = (delta: number) => {
    const first = firstOfMonth(addMonths(shown, delta));
    setFocusDate(first < today ? today : first);
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface/80 p-4 sm:p-6">
      <div className="mb-4 flex items-center justify-between gap-2">
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-full border border-line hover:border-accent disabled:cursor-not-allowed disabled:opacity-40"
          aria-label="Previous month"
          disabled={atFirstMonth}
          onClick={() => showMonth(-1)}
        >
          <Icon name="arrowLeft" />
        </button>
        <h2 id={headingId} className="text-lg font-semibold" aria-live="polite">
          {formatMonth(shown)}
        </h2>
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-full border border-line hover:border-accent"
          aria-label="Next month"
          onClick={() => showMonth(1)}
        >
          <Icon name="arrowRight" />
        </button>
      </div>
      <CalendarGrid
        labelledBy={headingId}
        month={month}
        today={today}
        focusDate={shown}
        selected={state.date}
        isBookable={(date) => isBookableDate(date, schedule, now)}
        onMove={setFocusDate}
        onSelect={store.selectDate}
      />
      <p className="mt-3 text-sm text-muted">Weekdays only. Use the arrow keys to move between days.</p>
    </section>
  );
}
