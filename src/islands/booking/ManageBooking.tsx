import { useStore } from "@nanostores/react";
import { useEffect, useMemo } from "react";
import { localStorageOrNull } from "../../lib/storage";
import { bookingMessages } from "../../lib/booking/messages";
import type { SupabaseProject } from "../../lib/supabaseProject";
import { createManageBookingStore } from "../../stores/manageBooking";
import FormBanner from "../../ui/FormBanner";
import Spinner from "../../ui/Spinner";
import { useHydrated } from "../../ui/useHydrated";
import ManagedBookingCard from "./ManagedBookingCard";
import type { BookingConfig } from "./types";

interface ManageBookingProps {
  config: BookingConfig;
  email: string;
  supabase: SupabaseProject;
}

/** The manage link's page: the token is the URL's fragment, read once and taken out of the address bar. */
export default function ManageBooking({ config, email, supabase }: ManageBookingProps) {
  const hydrated = useHydrated();
  const store = useMemo(
    () =>
      createManageBookingStore(config, {
        loadShared: () =>
          import("../../lib/booking/sharedBookings").then(({ createSharedBookings }) =>
            createSharedBookings(supabase.url, supabase.anonKey, { timeoutMs: config.requestTimeoutMs }),
          ),
        storage: localStorageOrNull(),
        now: () => new Date(),
        clearFragment: () => window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search),
      }),
    [config, supabase],
  );
  const view = useStore(store.$view);

  useEffect(() => {
    if (!hydrated) return undefined;
    // Read at once, and again when another link is opened in this tab (only the fragment changes).
    const read = () => store.open(window.location.hash);
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [hydrated, store]);

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
        <button type="button" className="btn-secondary px-4 py-2 text-sm" onClick={() => void store.lookUp()}>
          Try again
        </button>
      </div>
    );
  }
  return <ManagedBookingCard view={view} config={config} onCancel={() => void store.cancel()} />;
}
