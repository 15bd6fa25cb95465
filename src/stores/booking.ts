import { atom, computed } from "nanostores";
import {
  EMPTY_FIELDS,
  buildBookingPayload,
  toStoredBooking,
  validateBooking,
  type BookingErrors,
  type BookingFields,
  type BookingPayload,
} from "../lib/booking/bookingForm";
import { deliverBooking } from "../lib/booking/deliverBooking";
import { bookingMessages } from "../lib/booking/messages";
import type { BookRefusal, SharedBookings } from "../lib/booking/sharedBookings";
import { bookedKey, daySlots, type Schedule } from "../lib/booking/slots";
import { timeLabel, zonedToInstant } from "../lib/booking/zonedTime";
import { describeFailure, type PostFailure } from "../lib/http";
import { draftFor, type Draft } from "../lib/messageId";
import { reportError } from "../lib/report";
import { createBookingAvailability } from "./bookingAvailability";
import { createBrowserBookings } from "./browserBookings";

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
  const { $bookings, $upcoming, $cancelling, startOf, record, cancelLocal } = createBrowserBookings({ ...settings, ...deps, $now });
  const { $taken, $availability, refreshTaken, markTaken } = createBookingAvailability(schedule, shared, () => $state.get().date);
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

    const delivered = await deliverBooking(built, draft.id, start, { shared, webhookUrl, timeoutMs: settings.requestTimeoutMs, fetchImpl: deps.fetchImpl });
    if (!delivered.ok) {
      if ("failure" in delivered) return fail(delivered.failure, "Failed to submit booking");
      update({ phase: { kind: "failed", reason: bookingMessages.refusals[delivered.refusal], refusal: delivered.refusal } });
      if (delivered.refusal === "slot_taken") markTaken(choice.date, choice.time);
      void refreshTaken();
      return "refused";
    }
    const ref = delivered.value;
    const payload: BookingPayload = { ...built, id: ref.id };
    record(toStoredBooking(payload), bookedKey(choice.date, choice.time), ref);
    if (shared) markTaken(choice.date, choice.time);
    update({ phase: { kind: "confirmed", booking: payload, start, manageToken: ref.token ?? null } });
    resetTimer = setTimeout(reset, settings.confirmationMs);
    return "sent";
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
