import { isRecordId } from "./parse";

/** A chat conversation as the sidebar lists it. */
export interface Conversation {
  id: string;
  title: string;
  pinned: boolean;
  /** ISO time of the last change (a message, a rename). */
  updatedAt: string;
}

/** The title of a conversation before its first message. */
export const NEW_CONVERSATION_TITLE = "New conversation";
/** How long a title made from the first message may be. */
export const TITLE_MAX_CHARS = 60;

/** A title from the first message: one line, trimmed to about 60 characters at a word boundary, with an ellipsis. */
export function titleFromMessage(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= TITLE_MAX_CHARS) return line || NEW_CONVERSATION_TITLE;
  const cut = line.slice(0, TITLE_MAX_CHARS - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A rename's title, trimmed, or null when it is blank (refused). */
export function cleanTitle(text: string): string | null {
  const title = text.replace(/\s+/g, " ").trim();
  return title ? title.slice(0, 200) : null;
}

/** The sidebar's two groups: pinned, then the rest, each newest first. */
export function groupConversations(conversations: readonly Conversation[]): { pinned: Conversation[]; recent: Conversation[] } {
  const sorted = [...conversations].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  return { pinned: sorted.filter((c) => c.pinned), recent: sorted.filter((c) => !c.pinned) };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday", "last week": how long ago `iso` was, seen from `now`. */
export function relativeDate(iso: string, now: Date): string {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}

/** Validates one conversation read back from storage. */
function parseConversation(data: unknown): Conversation | null {
  if (typeof data !== "object" || data === null) return null;
  const { id, title, pinned, updatedAt } = data as Partial<Conversation>;
  if (!isRecordId(id) || typeof title !== "string" || typeof pinned !== "boolean") return null;
  if (typeof updatedAt !== "string" || Number.isNaN(Date.parse(updatedAt))) return null;
  return { id, title, pinned, updatedAt };
}

/** Validates the stored list of conversations, or null when any entry is malformed. */
export function parseConversations(data: unknown): Conversation[] | null {
  if (!Array.isArray(data)) return null;
  const list = data.map(parseConversation);
  return list.every((c): c is Conversation => c !== null) ? list : null;
}
