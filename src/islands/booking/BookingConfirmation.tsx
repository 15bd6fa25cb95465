import { useEffect, useId, useRef } from "react";
import type { BookingPayload } from "../../lib/booking/bookingForm";
import { bookingEvent, googleCalendarUrl, manageUrl } from "../../lib/booking/calendarEvent";
import { buildIcs, icsDataUrl } from "../../lib/booking/ics";
import Icon from "../../ui/Icon";
import type { BookingConfig, BookingContact } from "./types";
import ZoneTimes from "./ZoneTimes";

interface BookingConfirmationProps {
  booking: BookingPayload;
  start: Date;
  visitorZone: string;
  config: BookingConfig;
  contact: BookingContact;
  /** With shared bookings, the secret of the booking's manage link. */
  manageToken: string | null;
}

/** The thank-you panel: when the call is, in both zones, and ways to put it in a calendar. */
export default function BookingConfirmation({ booking, start, visitorZone, config, contact, manageToken }: BookingConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const manage = manageToken ? manageUrl(window.location.origin, config.manageHref, manageToken) : null;
  const event = bookingEvent(booking, start, { ...contact, minutes: config.eventMinutes }, manage);
  const ics = buildIcs(event, `-//${contact.brand}//Booking//EN`, new Date(booking.timestamp));

  // The form the visitor was in is gone: move focus (and the screen reader) to the result.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-2xl rounded-2xl border border-success/40 bg-surface p-6 text-center sm:p-8">
      <Icon name="check" className="mx-auto size-10 text-success" />
      <h2 ref={headingRef} id={`${id}-title`} tabIndex={-1} className="mt-3 text-2xl font-bold outline-none">
        Thank you, {booking.name}! Your call is booked.
      </h2>
      <ZoneTimes start={start} config={config} visitorZone={visitorZone} className="mt-6" />
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
      {manage && (
        <p className="mt-6 text-sm text-muted">
          Can no longer make it?{" "}
          <a className="font-semibold text-accent underline" href={manage}>
            Manage booking
          </a>{" "}
          (keep this link: it is the way to cancel).
        </p>
      )}
    </section>
  );
}
