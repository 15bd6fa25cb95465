import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { addMonths, firstOfMonth, formatMonth, monthOf } from "../../lib/booking/calendarDates";
import { isBookableDate, lastBookableDate } from "../../lib/booking/slots";
import { formatLongDate, todayIn } from "../../lib/booking/zonedTime";
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
  const schedule = store.schedule;
  const today = todayIn(timeZone, now);
  const last = lastBookableDate(schedule, now, store.horizonDays);
  const [focusDate, setFocusDate] = useState(state.date ?? today);
  const headingId = useId();
  const noteId = useId();
  const shown = focusDate < today ? today : focusDate > last ? last : focusDate;
  const month = monthOf(shown);
  const atFirstMonth = month <= monthOf(today);
  // The calendar stops at the horizon: no month after the one holding its last day.
  const atLastMonth = month >= monthOf(last);

  const showMonth = (delta: number) => {
    const first = firstOfMonth(addMonths(shown, delta));
    setFocusDate(first < today ? today : first > last ? last : first);
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
          className="inline-flex size-11 items-center justify-center rounded-full border border-line hover:border-accent disabled:cursor-not-allowed disabled:opacity-40"
          aria-label="Next month"
          aria-describedby={atLastMonth ? noteId : undefined}
          disabled={atLastMonth}
          onClick={() => showMonth(1)}
        >
          <Icon name="arrowRight" />
        </button>
      </div>
      <CalendarGrid
        labelledBy={headingId}
        month={month}
        today={today}
        lastDate={last}
        focusDate={shown}
        selected={state.date}
        isBookable={(date) => isBookableDate(date, schedule, now, store.horizonDays)}
        onMove={setFocusDate}
        onSelect={store.selectDate}
      />
      <p id={noteId} className="mt-3 max-w-sm text-sm text-muted">
        Weekdays only, up to {store.horizonDays} days ahead (until {formatLongDate(last)}). Use the arrow keys to move between days.
      </p>
    </section>
  );
}
