import { useEffect, useMemo } from "react";
import { randomId } from "../../lib/messageId";
import { localStorageOrNull } from "../../lib/booking/bookingStorage";
import { visitorTimeZone } from "../../lib/booking/zonedTime";
import { createBookingStore } from "../../stores/booking";
import { useHydrated } from "../../ui/useHydrated";
import BookingFlow from "./BookingFlow";
import type { BookingConfig, BookingContact } from "./types";

interface BookingAppProps {
  webhookUrl: string;
  config: BookingConfig;
  contact: BookingContact;
}

/** How often the page re-reads the clock, so today's started slots drop out while it stays open. */
const CLOCK_REFRESH_MS = 30_000;

/** The booking island: builds the store in the browser, then renders the calendar, slots and form. */
export default function BookingApp({ webhookUrl, config, contact }: BookingAppProps) {
  // Slots and dates depend on the visitor's clock and zone, which the static HTML cannot know.
  const hydrated = useHydrated();
  const store = useMemo(
    () =>
      hydrated
        ? createBookingStore(
            { ...config, schedule: config, webhookUrl, visitorZone: visitorTimeZone() },
            { storage: localStorageOrNull(), now: () => new Date(), newId: () => randomId() },
          )
        : null,
    [hydrated, config, webhookUrl],
  );

  useEffect(() => {
    if (!store) return undefined;
    const timer = window.setInterval(store.refreshNow, CLOCK_REFRESH_MS);
    return () => {
      window.clearInterval(timer);
      store.dispose();
    };
  }, [store]);

  if (!store) {
    return (
      <p className="min-h-96 rounded-2xl border border-line bg-surface/80 p-6 text-muted" role="status">
        Loading the calendar...
      </p>
    );
  }
  return <BookingFlow store={store} config={config} contact={contact} />;
}
