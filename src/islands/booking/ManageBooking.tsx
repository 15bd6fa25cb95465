import { useCallback, useEffect, useId, useRef, useState } from "react";
import { forgetBooking, loadRefs, localStorageOrNull } from "../../lib/booking/bookingStorage";
import { bookingMessages } from "../../lib/booking/messages";
import type { CancelRefusal, ManagedBooking, SharedBookings } from "../../lib/booking/sharedBookings";
import { formatInZone, visitorTimeZone } from "../../lib/booking/zonedTime";
import { describeFailure, postJson } from "../../lib/http";
import { reportError } from "../../lib/report";
import type { SupabaseProject } from "../../lib/supabaseProject";
import ConfirmDialog from "../../ui/ConfirmDialog";
import FormBanner from "../../ui/FormBanner";
import Spinner from "../../ui/Spinner";
import { useHydrated } from "../../ui/useHydrated";
import type { BookingConfig } from "./types";
import ZoneTimes from "./ZoneTimes";

interface ManageBookingProps {
  config: BookingConfig;
  email: string;
  supabase: SupabaseProject;
  /** Where the cancellation is announced, as the booking was: `{ type: "cancelled", id }`. */
  webhookUrl: string | null;
}

type View =
  | { kind: "loading" }
  | { kind: "no-token" }
  | { kind: "unknown" }
  | { kind: "failed"; reason: string }
  | {
      kind: "found";
      booking: ManagedBooking;
      /** Whether the call was still ahead when the booking was read. */
      upcoming: boolean;
      cancelling: boolean;
      refusal: CancelRefusal | null;
      error: string | null;
      cancelled: boolean;
    };

/** The manage link's page: the booking in both zones, and Cancel after a confirmation. The token is the URL's fragment. */
export default function ManageBooking({ config, email, supabase, webhookUrl }: ManageBookingProps) {
  const hydrated = useHydrated();
  const [view, setView] = useState<View>({ kind: "loading" });
  const [asking, setAsking] = useState(false);
  const client = useRef<Promise<SharedBookings> | null>(null);
  const token = useRef("");
  const id = useId();

  const shared = useCallback(
    () =>
      (client.current ??= import("../../lib/booking/sharedBookings").then(({ createSharedBookings }) =>
        createSharedBookings(supabase.url, supabase.anonKey, { timeoutMs: config.requestTimeoutMs }),
      )),
    [supabase, config.requestTimeoutMs],
  );

  const lookUp = useCallback(async () => {
    setView({ kind: "loading" });
    try {
      const answer = await (await shared()).find(token.current);
      if (answer.ok) {
        const upcoming = answer.value.start.getTime() > Date.now();
        setView({ kind: "found", booking: answer.value, upcoming, cancelling: false, refusal: null, error: null, cancelled: false });
      }
      else if ("failure" in answer) setView({ kind: "failed", reason: describeFailure(answer.failure) });
      else setView({ kind: "unknown" });
    } catch (error) {
      reportError(error, "booking");
      client.current = null;
      setView({ kind: "failed", reason: describeFailure({ kind: "network", message: String(error) }) });
    }
  }, [shared]);

  useEffect(() => {
    if (!hydrated) return undefined;
    // Read at once, and again when another link is opened in this tab (only the fragment changes).
    const read = () => {
      token.current = decodeURIComponent(window.location.hash.slice(1));
      if (token.current) void lookUp();
      else setView({ kind: "no-token" });
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [hydrated, lookUp]);

  const cancel = async (booking: ManagedBooking) => {
    const update = (change: Partial<Extract<View, { kind: "found" }>>) =>
      setView((current) => (current.kind === "found" ? { ...current, ...change } : current));
    update({ cancelling: true, refusal: null, error: null });
    const answer = await (await shared()).cancel(token.current);
    if (!answer.ok) {
      update({ cancelling: false, ...("failure" in answer ? { error: describeFailure(answer.failure) } : { refusal: answer.refusal }) });
      return;
    }
    update({ cancelling: false, cancelled: true, booking: { ...booking, status: "cancelled" } });
    // This browser's list of bookings forgets it; the agency hears of it as it heard of the booking.
    const storage = localStorageOrNull();
    const slot = Object.entries(loadRefs(storage, config.storageKey)).find(([, ref]) => ref.token === token.current)?.[0];
    if (slot) forgetBooking(storage, config.storageKey, slot);
    if (webhookUrl) {
      const sent = await postJson(webhookUrl, { type: "cancelled", id: answer.value.id }, { timeoutMs: config.requestTimeoutMs });
      if (!sent.ok) reportError(new Error(`The booking webhook did not take a cancellation: ${describeFailure(sent.failure)}`), "booking", { id: answer.value.id });
    }
  };

  if (view.kind === "loading") {
    return (
      <p role="status" className="flex items-center gap-2 text-muted">
        <Spinner /> Looking up your booking...
      </p>
    );
  }
  if (view.kind === "no-token") {
    return (
      <p className="text-muted">
        This page opens from the Manage booking link of your confirmation (the .ics file or Google Calendar event has it too). Without it, e-mail
        us at{" "}
        <a className="text-accent underline" href={`mailto:${email}`}>
          {email}
        </a>
        .
      </p>
    );
  }
  if (view.kind === "unknown") return <FormBanner>{bookingMessages.cancelRefusals.unknown_token}</FormBanner>;
  if (view.kind === "failed") {
    return (
      <div className="space-y-3">
        <FormBanner>{`We could not look up your booking. ${view.reason}`}</FormBanner>
        <button type="button" className="btn-secondary px-4 py-2 text-sm" onClick={() => void lookUp()}>
          Try again
        </button>
      </div>
    );
  }

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
        onConfirm={() => void cancel(booking)}
      />
    </section>
  );
}
