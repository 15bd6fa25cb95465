interface UpcomingBookingItemProps {
  /** When, in the schedule's zone with its label. */
  when: string;
  /** When on the visitor's clock, or null when it reads the same. */
  localTime: string | null;
  /** With shared bookings: its manage link (null when this browser kept no token); without: undefined. */
  manageHref: string | null | undefined;
  sending: boolean;
  onCancel: () => void;
}

/** One of this browser's upcoming bookings: its time in both zones, and its manage link or Cancel. */
export default function UpcomingBookingItem({ when, localTime, manageHref, sending, onCancel }: UpcomingBookingItemProps) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-semibold">{when}</p>
        {localTime && <p className="text-sm text-muted">{localTime} your time</p>}
      </div>
      {manageHref !== undefined ? (
        manageHref && (
          <a className="btn-secondary px-4 py-2 text-sm" href={manageHref}>
            Manage booking<span className="sr-only"> on {when}</span>
          </a>
        )
      ) : (
        <button
          type="button"
          className="btn-secondary px-4 py-2 text-sm aria-disabled:opacity-60"
          aria-disabled={sending || undefined}
          onClick={() => !sending && onCancel()}
        >
          {sending ? "Cancelling..." : "Cancel"}
          <span className="sr-only"> the call on {when}</span>
        </button>
      )}
    </li>
  );
}
