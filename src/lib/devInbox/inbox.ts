import type { InboxKind, InboxRecord } from "./validate";

/** Where the dev server takes each kind in (POST) and lists it (GET), and the file it appends to. */
export const INBOX = {
  booking: { label: "bookings", route: "/__inbox/bookings", file: "bookings.jsonl", webhookVar: "PUBLIC_BOOKING_WEBHOOK_URL" },
  contact: { label: "messages", route: "/__inbox/messages", file: "messages.jsonl", webhookVar: "PUBLIC_CONTACT_WEBHOOK_URL" },
} as const satisfies Record<InboxKind, { label: string; route: string; file: string; webhookVar: string }>;

export const INBOX_KINDS = Object.keys(INBOX) as InboxKind[];

/** The inbox folder, relative to the project: `.inbox`, or DEV_INBOX_DIR (internal: lets a test use a folder of its own). */
export function inboxDir(env: Record<string, string | undefined>): string {
  return env["DEV_INBOX_DIR"] || ".inbox";
}

/** Where a page sends one kind in development, and the file a developer finds it in. */
export interface DevInbox {
  /** What arrives there: "bookings", "messages". */
  label: string;
  url: string;
  file: string;
}

/**
 * The development inbox standing in for an unset webhook: only under `astro dev` (import.meta.env.DEV
 * is false in a build, so a built page never names it) and only when `webhookUrl` is unset.
 */
export function devInboxFor(kind: InboxKind, webhookUrl: string | undefined): DevInbox | undefined {
  if (!import.meta.env.DEV || webhookUrl) return undefined;
  const { label, route, file } = INBOX[kind];
  return { label, url: route, file: `${inboxDir(process.env)}/${file}` };
}

const EXCERPT_LENGTH = 60;

/** The message on one line, cut at EXCERPT_LENGTH characters. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
}

/** The dev server's terminal line for an accepted message: who, what, when. */
export function summaryLine<K extends InboxKind>(kind: K, record: InboxRecord[K]): string {
  const who = `${record.name} <${record.email}>`;
  if (kind === "booking") {
    const booking = record as InboxRecord["booking"];
    const guests = booking.guests.length === 1 ? ", 1 guest" : booking.guests.length > 1 ? `, ${booking.guests.length} guests` : "";
    return `Booking from ${who}${guests}: ${booking.date} ${booking.time} (${booking.timezone}), sent ${booking.timestamp}`;
  }
  const message = record as InboxRecord["contact"];
  return `Message from ${who} on ${message.page}: "${excerpt(message.message)}", sent ${message.timestamp}`;
}
