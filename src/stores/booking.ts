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
import { loadBookings, recordBooking } from "../lib/booking/bookingStorage";
import { bookedKey, daySlots, type Schedule } from "../lib/booking/slots";
import { timeLabel, zonedToInstant } from "../lib/booking/zonedTime";
import { describeFailure, postJson } from "../lib/http";
import { draftFor, type Draft } from "../lib/messageId";
import { reportError } from "../lib/report";

export interface BookingSettings {
  webhookUrl: string;
  schedule: Schedule;
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
}

export type Phase =
  | { kind: "editing" }
  | { kind: "submitting" }
  | { kind: "failed"; reason: string }
  | { kind: "confirmed"; booking: BookingPayload; start: Date };

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

export type SubmitResult = "busy" | "invalid" | "sent" | "failed";

const INITIAL: BookingState = { date: null, time: null, fields: EMPTY_FIELDS, errors: {}, phase: { kind: "editing" }, draft: null };

/** The booking page's state and actions: choose a date and slot, fill in details, deliver, record. */
export function createBookingStore(settings: BookingSettings, deps: BookingDeps) {
  const { schedule } = settings;
  const $state = atom<BookingState>(INITIAL);
  const $now = atom<Date>(deps.now());
  const $bookings = atom(loadBookings(deps.storage, settings.storageKey));
  const $booked = computed($bookings, (list) => new Set(list.map((b) => bookedKey(b.date, b.time))));
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
    const payload: BookingPayload = { ...built, id: draft.id };
    update({ errors: {}, draft, phase: { kind: "submitting" } });
    const result = await postJson(settings.webhookUrl, payload, { timeoutMs: settings.requestTimeoutMs, fetchImpl: deps.fetchImpl });
    if (!result.ok) {
      const reason = describeFailure(result.failure);
      reportError(new Error(`Failed to submit booking: ${reason}`), "booking", { failure: result.failure });
      update({ phase: { kind: "failed", reason } });
      return "failed";
    }
    const recorded = recordBooking(deps.storage, settings.storageKey, toStoredBooking(payload), $bookings.get(), deps.now());
    if (recorded.skipped) reportError(new Error(`Booking not kept in this browser: ${recorded.skipped}`), "booking");
    $bookings.set(recorded.bookings);
    const start = zonedToInstant(choice.date, state.time, schedule.timeZone);
    update({ phase: { kind: "confirmed", booking: payload, start } });
    resetTimer = setTimeout(reset, settings.confirmationMs);
    return "sent";
  };

  return {
    schedule,
    visitorZone: settings.visitorZone,
    $state,
    $now,
    $slots,
    $booked,
    $bookings,
    selectDate,
    selectTime,
    setField,
    addGuest,
    setGuest,
    removeGuest,
    submit,
    reset,
    /** Re-reads the clock, so slots that have started drop out while the page stays open. */
    refreshNow: () => $now.set(deps.now()),
    dispose: () => clearTimeout(resetTimer),
  };
}

export type BookingStore = ReturnType<typeof createBookingStore>;
