import { useEffect, useId, useRef } from "react";
import type { BookingPayload } from "../../lib/booking/bookingForm";
import { bookingEvent, googleCalendarUrl } from "../../lib/booking/calendarEvent";
import { buildIcs, icsDataUrl } from "../../lib/booking/ics";
import { formatInZone } from "../../lib/booking/zonedTime";
import Icon from "../../ui/Icon";
import type { BookingConfig, BookingContact } from "./types";

interface BookingConfirmationProps {
  booking: BookingPayload;
  start: Date;
  visitorZone: string;
  config: BookingConfig;
  contact: BookingContact;
}

/** The thank-you panel: when the call is, in both zones, and ways to put it in a calendar. */
export default function BookingConfirmation({ booking, start, visitorZone, config, contact }: BookingConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const inZone = formatInZone(start, config.timeZone);
  const local = formatInZone(start, visitorZone);
  const event = bookingEvent(booking, start, { ...contact, minutes: config.eventMinutes });
  const ics = buildIcs(event, `-//${contact.brand}//Booking//EN`, new Date(booking.timestamp));

  // The form the visitor was in is gone: move focus (and the screen reader) to the result.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-2xl rounded-2xl border border-success/40 bg-surface p-6 text-center sm:p-8">
      <Icon name="check" className="mx-auto size-10 text-success" />
      <h2 ref={headingRef} id={`${id}-title`} tabIndex={-1} className="mt-3 text-2xl font-bold outline-none">
        Thank you, {booking.name}! Your call is booked.
      </h2>
      <dl className="mt-6 space-y-3">
        <div>
          <dt className="text-sm text-muted">
            {config.zoneLabel} ({config.timeZone})
          </dt>
          <dd className="text-lg font-semibold">{inZone}</dd>
        </div>
        {local !== inZone && (
          <div>
            <dt className="text-sm text-muted">Your time ({visitorZone})</dt>
            <dd className="text-lg font-semibold">{local}</dd>
          </div>
        )}
      </dl>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a className="btn-primary" href={icsDataUrl(ics)} download={`discovery-call-${booking.date}.ics`}>
          <Icon name="calendar" />
          Add to calendar (.ics)
        </a>
        <a className="btn-secondary" href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
          Add to Google Calendar
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </section>
  );
}
