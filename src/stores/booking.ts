import { atom, computed } from "nanostores";
import {
  EMPTY_FIELDS,
  buildBookingPayload,
  toStoredBooking,
  validateBooking,
  type BookingErrors,
  type BookingFields,
  type BookingPayload,
  type StoredBooking,
} from "../lib/booking/bookingForm";
import { loadBookings, loadRefs, recordBooking, removeBooking, storeRef, type BookingRef } from "../lib/booking/bookingStorage";
import { addDays } from "../lib/booking/calendarDates";
import { bookingMessages } from "../lib/booking/messages";
import type { BookRefusal, SharedBookings } from "../lib/booking/sharedBookings";
import { bookedKey, daySlots, scheduleTimes, type Schedule } from "../lib/booking/slots";
import { clockLabel, timeLabel, wallClock, zonedToInstant } from "../lib/booking/zonedTime";
import { describeFailure, postJson, type PostFailure } from "../lib/http";
import { draftFor, type Draft } from "../lib/messageId";
import { reportError } from "../lib/report";

export interface BookingSettings {
  /** Where this browser posts its bookings without shared bookings; with them the booking function tells the agency. */
  webhookUrl: string | null;
  schedule: Schedule;
  /** How many days ahead bookings are open (site.booking.horizonDays). */
  horizonDays: number;
  storageKey: string;
  confirmationMs: number;
  requestTimeoutMs: number;
  visitorZone: string;
}

export interface BookingDeps {
  storage: Storage | null;
  now: () => Date;
  newId: () => string;
  fetchImpl?: typeof fetch;
  /** The bookings every visitor shares (Supabase), when the site has them: they decide what is Booked. */
  shared?: SharedBookings | null;
}

export type Phase =
  | { kind: "editing" }
  | { kind: "submitting" }
  /** `refusal`: the shared bookings said no (the slot was just taken...), and `reason` is their sentence alone. */
  | { kind: "failed"; reason: string; refusal?: BookRefusal }
  /** `manageToken`: with shared bookings, the secret of the booking's manage link. */
  | { kind: "confirmed"; booking: BookingPayload; start: Date; manageToken: string | null };

/** Whether the page knows which slots are taken: always without shared bookings; with them, once asked. */
export type Availability = "known" | "checking" | "unknown";

/** Where cancelling one of this browser's bookings stands (local mode: the webhook hears of it first). */
export type Cancelling = { key: string; phase: "sending" } | { key: string; phase: "failed"; reason: string } | null;

export interface BookingState {
  date: string | null;
  /** Chosen slot start, 24-hour "17:30" in the schedule's zone. */
  time: string | null;
  fields: BookingFields;
  errors: BookingErrors;
  phase: Phase;
  /** The id last sent with its content: a retry of the same booking repeats it, a changed one gets a new id. */
  draft: Draft | null;
}

export type SubmitResult = "busy" | "invalid" | "sent" | "failed" | "refused";

const INITIAL: BookingState = { date: null, time: null, fields: EMPTY_FIELDS, errors: {}, phase: { kind: "editing" }, draft: null };

/** The booking page's state and actions: choose a date and slot, fill in details, deliver, record. */
export function createBookingStore(settings: BookingSettings, deps: BookingDeps) {
  const { schedule, webhookUrl } = settings;
  if (!deps.shared && !webhookUrl) throw new Error("A booking store needs the shared bookings or a webhook to deliver to.");
  const $state = atom<BookingState>(INITIAL);
  const $now = atom<Date>(deps.now());
  const { shared = null } = deps;
  const $bookings = atom(loadBookings(deps.storage, settings.storageKey));
  const $refs = atom(loadRefs(deps.storage, settings.storageKey));
  /** With shared bookings: the taken slots of each day asked about, by date, as bookedKeys. */
  const $taken = atom<ReadonlyMap<string, ReadonlySet<string>>>(new Map());
  const $availability = atom<Availability>("known");
  const $cancelling = atom<Cancelling>(null);
  const $booked = computed([$bookings, $taken], (list, taken) =>
    shared ? new Set([...taken.values()].flatMap((keys) => [...keys])) : new Set(list.map((b) => bookedKey(b.date, b.time))),
  );
  const $slots = computed([$state, $now, $booked], (state, now, booked) =>
    state.date ? daySlots(state.date, schedule, { now, visitorZone: settings.visitorZone, booked }) : [],
  );
  let resetTimer: ReturnType<typeof setTimeout> | undefined;

  const busy = () => {
    const kind = $state.get().phase.kind;
    return kind === "submitting" || kind === "confirmed";
  };
  /** Changes the state; an edit after a failure clears the failure message. */
  const update = (change: Partial<BookingState>) => {
    const state = $state.get();
    $state.set({ ...state, ...change, phase: change.phase ?? (state.phase.kind === "failed" ? { kind: "editing" } : state.phase) });
  };
  const reset = () => {
    clearTimeout(resetTimer);
    $state.set(INITIAL);
  };

  /** The instant a slot of `date` starts: `time` is "17:30" or a label, "5:30 PM". */
  const startOf = (date: string, time: string) =>
    zonedToInstant(date, scheduleTimes(schedule).find((t) => t === time || timeLabel(t) === time) ?? time, schedule.timeZone);

  let asked = 0;
  /** Asks the shared bookings which slots of the chosen day are taken; the latest question's answer wins. */
  const refreshTaken = async (): Promise<void> => {
    const { date } = $state.get();
    if (!shared || !date) return;
    const ticket = (asked += 1);
    $availability.set("checking");
    const day = [zonedToInstant(date, "00:00", schedule.timeZone), zonedToInstant(addDays(date, 1), "00:00", schedule.timeZone)] as const;
    const answer = await shared.takenSlots(...day);
    if (ticket !== asked) return;
    if (!answer.ok) {
      if ("failure" in answer) reportError(new Error(`Could not read the taken slots: ${describeFailure(answer.failure)}`), "booking");
      $availability.set("unknown");
      return;
    }
    const keys = answer.value.map((start) => {
      const local = wallClock(start, schedule.timeZone);
      return bookedKey(local.date, clockLabel(local.hour, local.minute));
    });
    $taken.set(new Map([...$taken.get(), [date, new Set(keys)]]));
    $availability.set("known");
  };
  const markTaken = (date: string, label: string) => {
    const keys = new Set($taken.get().get(date));
    keys.add(bookedKey(date, label));
    $taken.set(new Map([...$taken.get(), [date, keys]]));
  };

  const selectDate = (date: string) => {
    if (busy() || $state.get().date === date) return;
    update({ date, time: null });
    void refreshTaken();
  };
  const selectTime = (time: string) => {
    if (busy() || $state.get().time === time) return;
    update({ time });
  };
  const setField = (key: "name" | "email" | "message", value: string) => {
    const { fields, errors } = $state.get();
    update({ fields: { ...fields, [key]: value }, errors: { ...errors, [key]: undefined } });
  };
  const addGuest = (): string => {
    const id = deps.newId();
    const { fields } = $state.get();
    update({ fields: { ...fields, guests: [...fields.guests, { id, email: "" }] } });
    return id;
  };
  const setGuest = (id: string, email: string) => {
    const { fields, errors } = $state.get();
    const guests = fields.guests.map((row) => (row.id === id ? { ...row, email } : row));
    update({ fields: { ...fields, guests }, errors: { ...errors, guests: { ...errors.guests, [id]: "" } } });
  };
  const removeGuest = (id: string) => {
    const { fields } = $state.get();
    update({ fields: { ...fields, guests: fields.guests.filter((row) => row.id !== id) } });
  };

  const submit = async (): Promise<SubmitResult> => {
    if (busy()) return "busy";
    const state = $state.get();
    if (!state.date || !state.time) return "invalid";
    const errors = validateBooking(state.fields);
    if (Object.keys(errors).length > 0) {
      update({ errors });
      return "invalid";
    }
    const choice = { date: state.date, time: timeLabel(state.time) };
    const built = buildBookingPayload({ id: "", fields: state.fields, choice, timeZone: schedule.timeZone, now: deps.now() });
    // What the visitor wrote and chose decides the id; the send time does not.
    const draft = draftFor(state.draft, { ...built, id: null, timestamp: null }, deps.newId);
    update({ errors: {}, draft, phase: { kind: "submitting" } });
    const start = zonedToInstant(choice.date, state.time, schedule.timeZone);
    const fail = (failure: PostFailure, what: string) => {
      const reason = describeFailure(failure);
      reportError(new Error(`${what}: ${reason}`), "booking", { failure });
      update({ phase: { kind: "failed", reason } });
      return "failed" as const;
    };

    // With shared bookings the booking function takes the slot (atomically: no double booking) within the limits,
    // and the server tells the agency, so a tab closed now loses nothing; its id is the booking's.
    let ref: BookingRef = { id: draft.id };
    if (shared) {
      const taken = await shared.book({ ...built, start, submittedAt: new Date(built.timestamp) });
      if (!taken.ok) {
        if ("failure" in taken) return fail(taken.failure, "Failed to submit booking");
        update({ phase: { kind: "failed", reason: bookingMessages.refusals[taken.refusal], refusal: taken.refusal } });
        if (taken.refusal === "slot_taken") markTaken(choice.date, choice.time);
        void refreshTaken();
        return "refused";
      }
      ref = taken.value;
    } else {
      const result = await postJson(webhookUrl ?? "", { ...built, id: ref.id }, { timeoutMs: settings.requestTimeoutMs, fetchImpl: deps.fetchImpl });
      if (!result.ok) return fail(result.failure, "Failed to submit booking");
    }
    const payload: BookingPayload = { ...built, id: ref.id };
    const recorded = recordBooking(deps.storage, settings.storageKey, toStoredBooking(payload), $bookings.get(), deps.now());
    if (recorded.skipped) reportError(new Error(`Booking not kept in this browser: ${recorded.skipped}`), "booking");
    $refs.set(storeRef(deps.storage, settings.storageKey, bookedKey(choice.date, choice.time), ref));
    $bookings.set(recorded.bookings);
    if (shared) markTaken(choice.date, choice.time);
    update({ phase: { kind: "confirmed", booking: payload, start, manageToken: ref.token ?? null } });
    resetTimer = setTimeout(reset, settings.confirmationMs);
    return "sent";
  };

  /** This browser's bookings that have not started, soonest first, each with its ref when one was kept. */
  const $upcoming = computed([$bookings, $refs, $now], (list, refs, now) =>
    list
      .map((booking) => ({ booking, start: startOf(booking.date, booking.time), ref: refs[bookedKey(booking.date, booking.time)] ?? null }))
      .filter((entry) => entry.start.getTime() > now.getTime())
      .sort((a, b) => a.start.getTime() - b.start.getTime()),
  );

  /**
   * Cancels one of this browser's bookings without shared bookings: the webhook hears `{ type: "cancelled", id }`
   * first, and only then is the local record removed and its slot freed.
   */
  const cancelLocal = async (booking: StoredBooking): Promise<boolean> => {
    const key = bookedKey(booking.date, booking.time);
    if ($cancelling.get()?.phase === "sending") return false;
    const ref = $refs.get()[key];
    $cancelling.set({ key, phase: "sending" });
    if (ref) {
      const result = await postJson(webhookUrl ?? "", { type: "cancelled", id: ref.id }, { timeoutMs: settings.requestTimeoutMs, fetchImpl: deps.fetchImpl });
      if (!result.ok) {
        const reason = describeFailure(result.failure);
        reportError(new Error(`Failed to cancel booking: ${reason}`), "booking", { failure: result.failure });
        $cancelling.set({ key, phase: "failed", reason });
        return false;
      }
    }
    $bookings.set(removeBooking(deps.storage, settings.storageKey, booking, $bookings.get()));
    $refs.set(storeRef(deps.storage, settings.storageKey, key, null));
    $cancelling.set(null);
    return true;
  };

  return {
    schedule,
    horizonDays: settings.horizonDays,
    visitorZone: settings.visitorZone,
    $state,
    $now,
    $slots,
    $booked,
    $bookings,
    $upcoming,
    $availability,
    $cancelling,
    /** Whether the bookings are shared (Supabase) rather than kept in this browser. */
    shared: shared !== null,
    selectDate,
    selectTime,
    setField,
    addGuest,
    setGuest,
    removeGuest,
    submit,
    reset,
    refreshTaken,
    cancelLocal,
    startOf,
    /** Re-reads the clock, so slots that have started drop out while the page stays open. */
    refreshNow: () => $now.set(deps.now()),
    dispose: () => clearTimeout(resetTimer),
  };
}

export type BookingStore = ReturnType<typeof createBookingStore>;
