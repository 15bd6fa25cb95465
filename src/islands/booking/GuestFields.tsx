import { useStore } from "@nanostores/react";
import { useEffect, useId, useRef, useState } from "react";
import { guestFieldName } from "../../lib/booking/bookingForm";
import type { BookingStore } from "../../stores/booking";
import Icon from "../../ui/Icon";
import TextField from "../../ui/TextField";

interface GuestFieldsProps {
  store: BookingStore;
}

/** Optional guest e-mails: rows added and removed by the visitor, focus kept where they work. */
export default function GuestFields({ store }: GuestFieldsProps) {
  const { fields, errors } = useStore(store.$state);
  const id = useId();
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [focusRow, setFocusRow] = useState<string | null>(null);

  // A new row takes focus once it exists.
  useEffect(() => {
    if (!focusRow) return;
    fieldsetRef.current?.querySelector<HTMLElement>(`[name="${guestFieldName(focusRow)}"]`)?.focus();
  }, [focusRow]);

  const remove = (rowId: string) => {
    store.removeGuest(rowId);
    addRef.current?.focus();
  };

  return (
    <fieldset ref={fieldsetRef} className="space-y-3">
      <legend className="field-label">Guests (optional)</legend>
      {fields.guests.map((row, index) => (
        <div key={row.id} className="flex items-end gap-2">
          <div className="flex-1">
            <TextField
              id={`${id}-${row.id}`}
              name={guestFieldName(row.id)}
              type="email"
              label={`Guest ${index + 1} email`}
              autoComplete="off"
              value={row.email}
              onChange={(e) => store.setGuest(row.id, e.target.value)}
              error={errors.guests?.[row.id] || undefined}
            />
          </div>
          <button
            type="button"
            className="mb-0.5 inline-flex size-12 items-center justify-center rounded-lg border border-line hover:border-danger"
            aria-label={`Remove guest ${index + 1}`}
            onClick={() => remove(row.id)}
          >
            <Icon name="close" />
          </button>
        </div>
      ))}
      <button ref={addRef} type="button" className="btn-secondary px-4 py-2 text-sm" onClick={() => setFocusRow(store.addGuest())}>
        <Icon name="users" />
        Add guest
      </button>
    </fieldset>
  );
}
