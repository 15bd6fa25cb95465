import { useEffect, useMemo, useState } from "react";
import { randomId } from "../../lib/messageId";
import { localStorageOrNull } from "../../lib/storage";
import type { SharedBookings } from "../../lib/booking/sharedBookings";
import { visitorTimeZone } from "../../lib/booking/zonedTime";
import { reportError } from "../../lib/report";
import { createBookingStore } from "../../stores/booking";
import { useHydrated } from "../../ui/useHydrated";
import BookingFlow from "./BookingFlow";
import YourBookings from "./YourBookings";
import type { SupabaseProject } from "../../lib/supabaseProject";
import type { BookingConfig, BookingContact } from "./types";

interface BookingAppProps {
  /** Where bookings are posted without Supabase; null with it (the booking function tells the agency). */
  webhookUrl: string | null;
  config: BookingConfig;
  contact: BookingContact;
  /** The agency's Supabase project, whose bookings every visitor shares; null keeps bookings in this browser. */
  supabase: SupabaseProject | null;
}

/** How often the page re-reads the clock, so today's started slots drop out while it stays open. */
const CLOCK_REFRESH_MS = 30_000;

/** Loads the shared bookings' client (postgrest-js) only on a site that has them. */
async function loadShared(project: SupabaseProject, timeoutMs: number): Promise<SharedBookings> {
  const { createSharedBookings } = await import("../../lib/booking/sharedBookings");
  return createSharedBookings(project.url, project.anonKey, { timeoutMs });
}

/** The booking island: builds the store in the browser, then renders the calendar, slots and form. */
export default function BookingApp({ webhookUrl, config, contact, supabase }: BookingAppProps) {
  // Slots and dates depend on the visitor's clock and zone, which the static HTML cannot know.
  const hydrated = useHydrated();
  // undefined while the shared bookings' client loads; null without Supabase.
  const [shared, setShared] = useState<SharedBookings | null | undefined>(supabase ? undefined : null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    if (!supabase) return undefined;
    let live = true;
    loadShared(supabase, config.requestTimeoutMs).then(
      (client) => live && setShared(client),
      (error: unknown) => {
        reportError(error, "booking");
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [supabase, config.requestTimeoutMs]);

  const store = useMemo(
    () =>
      hydrated && shared !== undefined
        ? createBookingStore(
            { ...config, schedule: config, webhookUrl, visitorZone: visitorTimeZone() },
            { storage: localStorageOrNull(), now: () => new Date(), newId: () => randomId(), shared },
          )
        : null,
    [hydrated, shared, config, webhookUrl],
  );

  useEffect(() => {
    if (!store) return undefined;
    const timer = window.setInterval(store.refreshNow, CLOCK_REFRESH_MS);
    // Back on the page, the slots others booked meanwhile show as Booked.
    const onFocus = () => {
      store.refreshNow();
      void store.refreshTaken();
    };
    const onVisible = () => document.visibilityState === "visible" && onFocus();
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
      store.dispose();
    };
  }, [store]);

  if (loadFailed) {
    return (
      <p className="rounded-2xl border border-line bg-surface/80 p-6" role="alert">
        The calendar could not be loaded. Please reload the page, or e-mail us at{" "}
        <a className="text-accent underline" href={`mailto:${contact.email}`}>
          {contact.email}
        </a>
        .
      </p>
    );
  }
  if (!store) {
    return (
      <p className="min-h-96 rounded-2xl border border-line bg-surface/80 p-6 text-muted" role="status">
        Loading the calendar...
      </p>
    );
  }
  return (
    <>
      <BookingFlow store={store} config={config} contact={contact} />
      <YourBookings store={store} config={config} />
    </>
  );
}
