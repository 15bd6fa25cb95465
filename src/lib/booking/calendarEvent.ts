/** A booked call as a calendar event: what the .ics file and the Google Calendar link describe. */
export interface CalendarEvent {
  /** Globally unique: the booking id at the site's host. */
  uid: string;
  title: string;
  description: string;
  start: Date;
  minutes: number;
}

/** The event's end. */
export function eventEnd(event: CalendarEvent): Date {
  return new Date(event.start.getTime() + event.minutes * 60_000);
}

/** A UTC date-time in the basic ISO form both iCalendar and Google use: 20260414T143000Z. */
export function utcStamp(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
}

const GOOGLE_TEMPLATE = "https://calendar.google.com/calendar/render";

/** A link that opens Google Calendar with the event filled in, ready to save. */
export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${utcStamp(event.start)}/${utcStamp(eventEnd(event))}`,
    details: event.description,
  });
  return `${GOOGLE_TEMPLATE}?${params.toString()}`;
}

export interface EventContext {
  brand: string;
  email: string;
  /** The site's host name, which makes the UID globally unique. */
  host: string;
  minutes: number;
}

/**
 * The calendar event of a delivered booking. With shared bookings it carries the booking's manage link (the
 * page that cancels it); otherwise the way to change it is an e-mail.
 */
export function bookingEvent(
  booking: { id: string; guests: string[] },
  start: Date,
  { brand, email, host, minutes }: EventContext,
  manageUrl: string | null = null,
): CalendarEvent {
  const guests = booking.guests.length > 0 ? `\nGuests: ${booking.guests.join(", ")}` : "";
  const change = manageUrl ? `Manage booking: ${manageUrl}\nTo change it, e-mail ${email}.` : `To change or cancel it, e-mail ${email}.`;
  return {
    uid: `${booking.id}@${host}`,
    title: `Discovery call with ${brand}`,
    description: `Your free discovery call with ${brand}.${guests}\n${change}`,
    start,
    minutes,
  };
}

/** A booking's manage link: `/book/manage#<token>` on the site's origin. */
export function manageUrl(origin: string, manageHref: string, token: string): string {
  return new URL(`${manageHref}#${encodeURIComponent(token)}`, origin).href;
}
