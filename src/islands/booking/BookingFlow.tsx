import { useStore } from "@nanostores/react";
import { useEffect, useRef } from "react";
import type { BookingStore } from "../../stores/booking";
import BookingCalendar from "./BookingCalendar";
import BookingConfirmation from "./BookingConfirmation";
import BookingForm from "./BookingForm";
import TimeSlots from "./TimeSlots";
import type { BookingConfig, BookingContact } from "./types";

interface BookingFlowProps {
  store: BookingStore;
  config: BookingConfig;
  contact: BookingContact;
}

/** No date, then a date (slots appear), then a slot (the form appears), then the thank-you panel. */
export default function BookingFlow({ store, config, contact }: BookingFlowProps) {
  const state = useStore(store.$state);
  const slots = useStore(store.$slots);
  const calendarRef = useRef<HTMLDivElement>(null);
  const wasConfirmed = useRef(false);
  const confirmed = state.phase.kind === "confirmed";

  // When the thank-you panel goes, focus returns to the calendar instead of falling to the page.
  useEffect(() => {
    if (wasConfirmed.current && !confirmed) {
      calendarRef.current?.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]')?.focus();
    }
    wasConfirmed.current = confirmed;
  }, [confirmed]);

  if (state.phase.kind === "confirmed") {
    const { booking, start, manageToken } = state.phase;
    return (
      <BookingConfirmation booking={booking} start={start} manageToken={manageToken} visitorZone={store.visitorZone} config={config} contact={contact} />
    );
  }
  const slot = slots.find((s) => s.time === state.time);
  return (
    <div className="space-y-8">
      <div className="grid gap-8 lg:grid-cols-[auto_1fr]">
        <div ref={calendarRef}>
          <BookingCalendar store={store} timeZone={config.timeZone} />
        </div>
        {state.date ? (
          <TimeSlots store={store} date={state.date} config={config} />
        ) : (
          <p className="self-start rounded-2xl border border-line bg-surface/80 p-6 text-muted">
            Choose a weekday to see the times still free that day.
          </p>
        )}
      </div>
      {state.date && slot && <BookingForm store={store} date={state.date} slot={slot} config={config} email={contact.email} />}
    </div>
  );
}
