import { useId, useState } from "react";
import { bookingMessages } from "../../lib/booking/messages";
import { formatInZone, visitorTimeZone } from "../../lib/booking/zonedTime";
import type { FoundView } from "../../stores/manageBooking";
import ConfirmDialog from "../../ui/ConfirmDialog";
import FormBanner from "../../ui/FormBanner";
import Spinner from "../../ui/Spinner";
import type { BookingConfig } from "./types";
import ZoneTimes from "./ZoneTimes";

interface ManagedBookingCardProps {
  view: FoundView;
  config: BookingConfig;
  onCancel: () => void;
}

/** A manage link's booking in both zones, its status, and Cancel after a confirmation. */
export default function ManagedBookingCard({ view, config, onCancel }: ManagedBookingCardProps) {
  const [asking, setAsking] = useState(false);
  const id = useId();
  const { booking, upcoming, cancelling, refusal, error, cancelled } = view;
  const inZone = formatInZone(booking.start, config.timeZone);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-surface/80 p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Discovery call for {booking.name}
      </h2>
      <ZoneTimes start={booking.start} config={config} visitorZone={visitorTimeZone()} className="mt-4">
        <div>
          <dt className="text-sm text-muted">Status</dt>
          <dd className="font-semibold">{booking.status === "cancelled" ? "Cancelled" : upcoming ? "Booked" : "Taken place"}</dd>
        </div>
      </ZoneTimes>
      {booking.status === "confirmed" && upcoming && (
        <button
          type="button"
          className="mt-6 inline-flex items-center gap-2 rounded-full border border-danger/60 px-4 py-2 text-sm font-semibold text-danger hover:bg-danger/10 aria-disabled:opacity-60"
          aria-disabled={cancelling || undefined}
          onClick={() => !cancelling && setAsking(true)}
        >
          {cancelling && <Spinner />}
          {cancelling ? "Cancelling..." : "Cancel booking"}
        </button>
      )}
      {(refusal ?? error) !== null && (
        <FormBanner>{refusal ? bookingMessages.cancelRefusals[refusal] : `Failed to cancel the booking. ${error ?? ""} It is still booked: please try again.`}</FormBanner>
      )}
      <div role="status" className="mt-4 text-sm">
        {cancelled && (
          <p className="rounded-lg border border-success/40 bg-success/10 p-3 text-success">
            Your call is cancelled and the time is free again. You can{" "}
            <a className="underline" href={config.href}>
              book another
            </a>{" "}
            whenever it suits you.
          </p>
        )}
        {!cancelled && booking.status === "cancelled" && <p className="text-muted">{bookingMessages.cancelRefusals.already_cancelled}</p>}
      </div>
      <ConfirmDialog
        open={asking}
        title="Cancel this call?"
        description={`Your call on ${inZone} ${config.zoneLabel} will be cancelled and the time offered to others.`}
        confirmLabel="Cancel the call"
        dismissLabel="Keep it"
        onClose={() => setAsking(false)}
        onConfirm={onCancel}
      />
    </section>
  );
}
