import { useStore } from "@nanostores/react";
import { useId, useRef, type SubmitEvent } from "react";
import { firstInvalidField } from "../../lib/booking/bookingForm";
import type { Slot } from "../../lib/booking/slots";
import { formatLongDate } from "../../lib/booking/zonedTime";
import type { BookingStore } from "../../stores/booking";
import NameEmailFields from "../../ui/NameEmailFields";
import TextField from "../../ui/TextField";
import FormBanner from "../../ui/FormBanner";
import { focusField } from "../../ui/focusField";
import GuestFields from "./GuestFields";
import type { BookingConfig } from "./types";

interface BookingFormProps {
  store: BookingStore;
  date: string;
  slot: Slot;
  config: BookingConfig;
  /** Where to write when online booking fails. */
  email: string;
}

/** The details form for the chosen slot: name, e-mail, guests, message, and the submit outcome. */
export default function BookingForm({ store, date, slot, config, email }: BookingFormProps) {
  const state = useStore(store.$state);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const { fields, errors, phase } = state;
  const submitting = phase.kind === "submitting";

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await store.submit();
    if (result !== "invalid") return;
    const { errors: found, fields: current } = store.$state.get();
    focusField(formRef.current, firstInvalidField(found, current));
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-2xl border border-line bg-surface/80 p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Your details
      </h2>
      <p className="text-muted">
        {formatLongDate(date)} at {slot.label} {config.zoneLabel}
        {slot.localLabel && ` (${slot.localLabel} your time)`}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <NameEmailFields idPrefix={id} values={fields} errors={errors} onChange={(field, value) => store.setField(field, value)} />
      </div>
      <GuestFields store={store} />
      <TextField
        id={`${id}-message`}
        name="message"
        label="Message (optional)"
        multiline
        rows={4}
        value={fields.message}
        onChange={(e) => store.setField("message", e.target.value)}
      />
      {/* aria-disabled keeps focus on the button while it waits; the store refuses a second submit. */}
      <button
        type="submit"
        className="btn-primary w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
        aria-disabled={submitting || undefined}
      >
        {submitting ? "Booking..." : "Confirm Booking"}
      </button>
      <FormBanner>
        {phase.kind === "failed" && phase.refusal && phase.reason}
        {phase.kind === "failed" && !phase.refusal && (
          <>
            Failed to submit booking. {phase.reason} Everything you entered is still here: please try again, or e-mail us at{" "}
            <a className="underline" href={`mailto:${email}`}>
              {email}
            </a>
            .
          </>
        )}
      </FormBanner>
    </form>
  );
}
