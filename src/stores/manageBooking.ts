import { atom } from "nanostores";
import { forgetBooking, loadRefs } from "../lib/booking/bookingStorage";
import type { CancelRefusal, ManagedBooking, SharedBookings } from "../lib/booking/sharedBookings";
import { describeFailure } from "../lib/http";
import { reportError } from "../lib/report";

export interface ManageBookingDeps {
  /** The shared bookings' client, loaded on first use (postgrest-js is not in the page's first bytes). */
  loadShared: () => Promise<SharedBookings>;
  storage: Storage | null;
  now: () => Date;
  /** Takes the fragment out of the address bar, so the token is in no later URL (history, Sentry's page URL). */
  clearFragment: () => void;
}

/** The booking a manage link names, once found. */
export interface FoundView {
  kind: "found";
  booking: ManagedBooking;
  /** Whether the call was still ahead when the booking was read. */
  upcoming: boolean;
  cancelling: boolean;
  refusal: CancelRefusal | null;
  error: string | null;
  cancelled: boolean;
}

export type ManageView = { kind: "loading" } | { kind: "no-token" } | { kind: "unknown" } | { kind: "failed"; reason: string } | FoundView;

/** The manage page's state and actions: read the link's token, look the booking up, cancel it after a confirmation. */
export function createManageBookingStore({ storageKey }: { storageKey: string }, deps: ManageBookingDeps) {
  const $view = atom<ManageView>({ kind: "loading" });
  // Kept here only: once read, the token leaves the address bar.
  let token = "";
  let client: Promise<SharedBookings> | null = null;
  const shared = () => (client ??= deps.loadShared());
  const failed = (reason: string, error: unknown) => {
    reportError(error, "booking");
    $view.set({ kind: "failed", reason });
  };

  const lookUp = async (): Promise<void> => {
    $view.set({ kind: "loading" });
    try {
      const answer = await (await shared()).find(token);
      if (answer.ok) {
        const upcoming = answer.value.start.getTime() > deps.now().getTime();
        $view.set({ kind: "found", booking: answer.value, upcoming, cancelling: false, refusal: null, error: null, cancelled: false });
      } else if ("failure" in answer) {
        const reason = describeFailure(answer.failure);
        failed(reason, new Error(`Could not look up a booking: ${reason}`));
      } else $view.set({ kind: "unknown" });
    } catch (error) {
      client = null;
      failed(describeFailure({ kind: "network", message: String(error) }), error);
    }
  };

  /** Reads a manage link's fragment (`#<token>`); a link without one keeps the token already read, if any. */
  const open = (fragment: string): void => {
    const read = decodeURIComponent(fragment.replace(/^#/, ""));
    if (read) deps.clearFragment();
    if (read) token = read;
    if (!token) $view.set({ kind: "no-token" });
    else if (read) void lookUp();
  };

  const update = (change: Partial<FoundView>) => {
    const view = $view.get();
    if (view.kind === "found") $view.set({ ...view, ...change });
  };

  /** Cancels the booking through the booking function, which frees the slot and tells the agency. */
  const cancel = async (): Promise<boolean> => {
    const view = $view.get();
    if (view.kind !== "found" || view.cancelling) return false;
    update({ cancelling: true, refusal: null, error: null });
    const answer = await (await shared()).cancel(token);
    if (!answer.ok) {
      update({ cancelling: false, ...("failure" in answer ? { error: describeFailure(answer.failure) } : { refusal: answer.refusal }) });
      return false;
    }
    update({ cancelling: false, cancelled: true, booking: { ...view.booking, status: "cancelled" } });
    // This browser's list of bookings forgets it.
    const slot = Object.entries(loadRefs(deps.storage, storageKey)).find(([, ref]) => ref.token === token)?.[0];
    if (slot) forgetBooking(deps.storage, storageKey, slot);
    return true;
  };

  return { $view, open, lookUp, cancel };
}

export type ManageBookingStore = ReturnType<typeof createManageBookingStore>;
