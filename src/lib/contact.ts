import { compactErrors, messages, validateEmail, validateRequired } from "./validation";

export interface ContactFields {
  name: string;
  email: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactFields, string>>;

/** What the contact webhook receives. */
export interface ContactPayload extends ContactFields {
  /** Random UUID of this message, the same on a retry, so the receiver can drop duplicates. */
  id: string;
  page: string;
  timestamp: string;
}

export const CONTACT_TIMEOUT_MS = 15_000;

/** Field messages for the Get in Touch form; an empty object means it can be sent. */
export function validateContact(fields: ContactFields): ContactErrors {
  return compactErrors({
    name: validateRequired(fields.name, messages.nameRequired),
    email: validateEmail(fields.email),
    message: validateRequired(fields.message, messages.messageRequired),
  });
}

/** What is sent of the fields: each trimmed. Also what decides whether a retry is the same message. */
export function contactContent(fields: ContactFields): ContactFields {
  return { name: fields.name.trim(), email: fields.email.trim(), message: fields.message.trim() };
}

/** The JSON body for the contact webhook, with trimmed fields and the message's id. */
export function buildContactPayload(fields: ContactFields, page: string, now: Date, id: string): ContactPayload {
  return { id, ...contactContent(fields), page, timestamp: now.toISOString() };
}

/** A mailto: link that opens the visitor's mail app with the message ready to send. */
export function buildContactMailto(to: string, fields: ContactFields, brand: string): string {
  const subject = `Enquiry from ${fields.name.trim()} via ${brand}`;
  const body = `${fields.message.trim()}\n\n${fields.name.trim()}\n${fields.email.trim()}`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
