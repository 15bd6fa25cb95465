import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import type { StoredBooking } from "../../lib/booking/bookingForm";
import { manageUrl } from "../../lib/booking/calendarEvent";
import { bookedKey } from "../../lib/booking/slots";
import { formatInZone } from "../../lib/booking/zonedTime";
import type { BookingStore } from "../../stores/booking";
import ConfirmDialog from "../../ui/ConfirmDialog";
import FormBanner from "../../ui/FormBanner";
import type { BookingConfig } from "./types";
import UpcomingBookingItem from "./UpcomingBookingItem";

interface YourBookingsProps {
  store: BookingStore;
  config: BookingConfig;
}

/**
 * This browser's upcoming bookings, below the calendar, behind a button (on a shared computer, the next visitor does
 * not see them at a glance). Without shared bookings each has Cancel (after a confirmation): the webhook hears of it,
 * then the slot is free again. With them, each links to its manage page.
 */
export default function YourBookings({ store, config }: YourBookingsProps) {
  const upcoming = useStore(store.$upcoming);
  const cancelling = useStore(store.$cancelling);
  const [asking, setAsking] = useState<StoredBooking | null>(null);
  const [cancelled, setCancelled] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const id = useId();

  const when = (start: Date) => `${formatInZone(start, config.timeZone)} ${config.zoneLabel}`;
  const local = (start: Date) => {
    const mine = formatInZone(start, store.visitorZone);
    return mine === formatInZone(start, config.timeZone) ? null : mine;
  };

  if (upcoming.length === 0 && !cancelled) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 rounded-2xl border border-line bg-surface/80 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Your upcoming bookings
        </h2>
        {upcoming.length > 0 && (
          <button type="button" className="btn-secondary px-4 py-2 text-sm" aria-expanded={shown} aria-controls={`${id}-list`} onClick={() => setShown(!shown)}>
            {shown ? "Hide bookings made on this browser" : "Show bookings made on this browser"}
          </button>
        )}
      </div>
      {shown && upcoming.length > 0 && (
        <p className="mt-1 text-sm text-muted">
          {store.shared ? "Booked from this browser. Each has its own link to manage it." : "Kept in this browser only."}
        </p>
      )}
      {shown && upcoming.length > 0 && (
        <ul id={`${id}-list`} className="mt-4 divide-y divide-line">
          {upcoming.map(({ booking, start, ref }) => {
            const key = bookedKey(booking.date, booking.time);
            return (
              <UpcomingBookingItem
                key={key}
                when={when(start)}
                localTime={local(start)}
                manageHref={store.shared ? (ref?.token ? manageUrl(window.location.origin, config.manageHref, ref.token) : null) : undefined}
                sending={cancelling?.key === key && cancelling.phase === "sending"}
                onCancel={() => setAsking(booking)}
              />
            );
          })}
        </ul>
      )}
      {cancelling?.phase === "failed" && <FormBanner>{`Failed to cancel the booking. ${cancelling.reason} It is still booked: please try again.`}</FormBanner>}
      <div role="status" className="text-sm">
        {cancelled && <p className="mt-3 rounded-lg border border-success/40 bg-success/10 p-3 text-success">{cancelled}</p>}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title="Cancel this call?"
        description={asking ? `Your call on ${when(store.startOf(asking.date, asking.time))} will be cancelled and the time offered to others.` : ""}
        confirmLabel="Cancel the call"
        dismissLabel="Keep it"
        onClose={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          const start = store.startOf(asking.date, asking.time);
          setCancelled(null);
          void store.cancelLocal(asking).then((done) => done && setCancelled(`Your call on ${when(start)} is cancelled.`));
        }}
      />
    </section>
  );
}
