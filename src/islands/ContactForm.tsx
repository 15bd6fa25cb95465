import { useId, useRef, useState, type SubmitEvent } from "react";
import {
  CONTACT_TIMEOUT_MS,
  buildContactMailto,
  buildContactPayload,
  contactContent,
  validateContact,
  type ContactErrors,
  type ContactFields,
} from "../lib/contact";
import { describeFailure, postJson } from "../lib/http";
import { draftFor, type Draft } from "../lib/messageId";
import NameEmailFields from "../ui/NameEmailFields";
import TextField from "../ui/TextField";
import { useHydrated } from "../ui/useHydrated";
import FormBanner from "../ui/FormBanner";
import { focusField } from "../ui/focusField";
import { firstInvalid } from "../lib/validation";

interface ContactFormProps {
  /** The contact webhook; without it the form opens the visitor's mail app instead. */
  webhookUrl?: string | undefined;
  email: string;
  brand: string;
  /** Id of the heading that names the form. */
  labelledBy: string;
}

type Outcome =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "sent"; name: string }
  | { kind: "failed"; reason: string }
  | { kind: "mailto"; href: string };

const EMPTY: ContactFields = { name: "", email: "", message: "" };
const FIELD_ORDER: (keyof ContactFields)[] = ["name", "email", "message"];

/** The Get in Touch form: validated, sent to the contact webhook, or handed to the mail app. */
export default function ContactForm({ webhookUrl, email, brand, labelledBy }: ContactFormProps) {
  const [fields, setFields] = useState<ContactFields>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const formRef = useRef<HTMLFormElement>(null);
  // The message's id: the same for every retry of the same text, new once it is sent or changed.
  const draft = useRef<Draft | null>(null);
  const id = useId();
  const hydrated = useHydrated();

  const update = (key: keyof ContactFields, value: string) => {
    setFields((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => ({ ...prev, [key]: undefined }));
    if (outcome.kind !== "sending") setOutcome({ kind: "idle" });
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (outcome.kind === "sending") return;
    const found = validateContact(fields);
    setErrors(found);
    const invalid = firstInvalid(FIELD_ORDER, found);
    if (invalid) {
      focusField(formRef.current, invalid);
      return;
    }
    if (!webhookUrl) {
      const href = buildContactMailto(email, fields, brand);
      setOutcome({ kind: "mailto", href });
      window.location.href = href;
      return;
    }
    setOutcome({ kind: "sending" });
    draft.current = draftFor(draft.current, contactContent(fields));
    const payload = buildContactPayload(fields, window.location.pathname, new Date(), draft.current.id);
    const result = await postJson(webhookUrl, payload, { timeoutMs: CONTACT_TIMEOUT_MS });
    if (result.ok) {
      draft.current = null;
      setOutcome({ kind: "sent", name: fields.name.trim() });
      setFields(EMPTY);
    } else {
      setOutcome({ kind: "failed", reason: describeFailure(result.failure) });
    }
  };

  const sending = outcome.kind === "sending";

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      aria-labelledby={labelledBy}
      aria-describedby={`${id}-outcome`}
    >
      <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
        <NameEmailFields idPrefix={id} values={fields} errors={errors} onChange={update} />
        <TextField
          id={`${id}-message`}
          name="message"
          label="Message"
          multiline
          rows={5}
          value={fields.message}
          onChange={(event) => update("message", event.target.value)}
          error={errors.message}
        />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending}>
          {sending ? "Sending..." : "Send Message"}
        </button>
      </fieldset>
      <div id={`${id}-outcome`}>
        <div role="status" className="text-sm">
          {outcome.kind === "sent" && (
            <p className="rounded-lg border border-success/40 bg-success/10 p-3 text-success">
              Thank you, {outcome.name}! Your message has been sent. We will reply within one business day.
            </p>
          )}
          {outcome.kind === "mailto" && (
            <p className="rounded-lg border border-line bg-surface-2 p-3 text-ink">
              Your e-mail app should open with your message ready to send. If it did not,{" "}
              <a className="text-accent underline" href={outcome.href}>
                open it here
              </a>{" "}
              or write to <a className="text-accent underline" href={`mailto:${email}`}>{email}</a>.
            </p>
          )}
        </div>
        <FormBanner>
          {outcome.kind === "failed" && (
            <>
              Your message could not be sent. {outcome.reason} Your text is still here: please try again, or e-mail us
              at <a className="underline" href={`mailto:${email}`}>{email}</a>.
            </>
          )}
        </FormBanner>
      </div>
    </form>
  );
}
