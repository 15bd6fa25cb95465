import { parseChip, type ContextChip } from "./chips";
import { isRecordId, parseIdMap } from "./parse";
import type { ScopePreference } from "./preferences";

/** Where the assistant looks for an answer. */
export type ChatScope = "all" | "firm" | "case" | "kb" | "web";

/** The scope selector's options, in order, with their labels. */
export const CHAT_SCOPES: readonly { value: ChatScope; label: string }[] = [
  { value: "all", label: "All" },
  { value: "firm", label: "Firm" },
  { value: "case", label: "Case" },
  { value: "kb", label: "KB" },
  { value: "web", label: "Web" },
];

/** The scope a new chat starts with: the Default Chat Scope preference, else All. */
export const scopeFromPreference = (preference: ScopePreference | undefined): ChatScope => preference ?? "all";

/** What a citation points at: a page (or section) of a document, or a knowledge item. */
export type CitationRef = { kind: "page"; docId: string } | { kind: "knowledge"; itemId: string };

/**
 * A source the assistant's answer relies on: its title, its source (the case, or the knowledge type and source) and
 * its page. A grounded answer's citations also say what they point at and the passage quoted, so they open there.
 * The answer's text marks them [1], [2]... in this order.
 */
export interface Citation {
  id: string;
  title: string;
  page: number;
  source: string;
  ref?: CitationRef;
  /** The passage the answer quotes from it, as it stands in the page's text. */
  quote?: string;
}

/** One message of a conversation. */
export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** ISO time it was added. */
  timestamp: string;
  scope: ChatScope;
  citations?: Citation[];
  /** The context chips a question was asked with. */
  context?: ContextChip[];
}

/** A reply being "written": when it was asked for (ISO), and the answer it will replace (Regenerate). */
export interface PendingReply {
  since: string;
  replaces?: string;
}

/** The pending replies by conversation id. */
export type PendingReplies = ReadonlyMap<string, PendingReply>;

function parsePendingReply(value: unknown): PendingReply | null {
  const { since, replaces } = (value ?? {}) as Partial<Record<keyof PendingReply, unknown>>;
  if (typeof since !== "string" || Number.isNaN(Date.parse(since))) return null;
  if (replaces !== undefined && !isRecordId(replaces)) return null;
  return replaces === undefined ? { since } : { since, replaces };
}

/** Validates stored pending replies (an object by conversation id), or null. */
export const parsePendingReplies = (data: unknown): PendingReplies | null => parseIdMap(data, parsePendingReply);

/** Pending replies as they are stored: an object by conversation id. */
export const storedPendingReplies = (pending: PendingReplies): Record<string, PendingReply> => Object.fromEntries(pending);

/** The simulated assistant's delay before it answers (the specification's 2 s). */
export const REPLY_DELAY_MS = 2000;

/** The three suggested prompts of an empty chat. */
export const SUGGESTED_PROMPTS = [
  "Summarise the key terms and risks of this contract",
  "What are the Miranda rights requirements?",
  "Draft a motion to dismiss template",
] as const;

const CITATIONS: Citation[] = [
  { id: "cit-contract-law", title: "Contract Law, Cap. 149, section 10", page: 12, source: "Cyprus Bar Association Library" },
  { id: "cit-civil-procedure", title: "Civil Procedure Rules, Order 30", page: 87, source: "Supreme Court of Cyprus" },
  { id: "cit-gdpr", title: "Law 125(I)/2018 on the protection of personal data", page: 4, source: "Official Gazette of the Republic of Cyprus" },
];

const REPLIES = [
  `Here is what I found in the sources for this matter:

1. **Formation**: under **Cap. 149, section 10**, an agreement is a contract when made by the free consent of parties competent to contract, for a lawful consideration and object.
2. **Procedure**: the Civil Procedure Rules (Order 30) govern summons for directions before the District Court.
3. **Personal data**: any client data in the file falls under **Law 125(I)/2018**.

Check each point against the documents of the case before relying on it.`,
  `A second reading of the same sources:

- **Capacity and consent** come first: Cap. 149 voids an agreement made without free consent.
- **Timing**: apply for directions under Order 30 of the Civil Procedure Rules promptly.
- **Confidentiality**: process personal data only as Law 125(I)/2018 allows.

Please verify the citations below against the originals.`,
];

/** The answer Regenerate gives in place of `previous`: the next wording, with the same citations. */
export function regeneratedReply(previous: string): Pick<ChatMessage, "content" | "citations"> {
  return cannedReply(REPLIES.indexOf(previous) + 1);
}

/** An answer's text without markdown marks, on one line. */
export const plainText = (markdown: string): string =>
  markdown
    .replace(/[*_`#>]+/g, "")
    .replace(/^\s*(?:\d+\.|-)\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim();

/** How long an answer chip's label may be. */
const CHIP_LABEL_CHARS = 48;

/** The context chip 'Use in new chat' makes of an answer: the answer, as knowledge to build on. */
export function answerChip(message: Pick<ChatMessage, "id" | "content">): ContextChip {
  const text = plainText(message.content);
  const label = text.length > CHIP_LABEL_CHARS ? `${text.slice(0, CHIP_LABEL_CHARS - 1).trimEnd()}…` : text;
  return { type: "knowledge", id: message.id, label: `Answer: ${label}` };
}

/** The simulated assistant's answer: canned markdown with three sample citations; `variant` picks another wording. */
export function cannedReply(variant: number): Pick<ChatMessage, "content" | "citations"> {
  return { content: REPLIES[variant % REPLIES.length] ?? "", citations: CITATIONS.map((c) => ({ ...c })) };
}

const ROLES = ["user", "assistant"] as const;
const SCOPES = CHAT_SCOPES.map((s) => s.value);

function parseCitation(data: unknown): Citation | null {
  if (typeof data !== "object" || data === null) return null;
  const { id, title, page, source } = data as Partial<Citation>;
  if (!isRecordId(id) || typeof title !== "string" || typeof source !== "string" || typeof page !== "number") return null;
  return { id, title, page, source };
}

function parseMessage(data: unknown): ChatMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const { id, role, content, timestamp, scope, citations, context } = data as Partial<Record<keyof ChatMessage, unknown>>;
  if (!isRecordId(id) || typeof content !== "string" || typeof timestamp !== "string") return null;
  if (!ROLES.includes(role as ChatMessage["role"]) || !SCOPES.includes(scope as ChatScope)) return null;
  const message: ChatMessage = { id, role: role as ChatMessage["role"], content, timestamp, scope: scope as ChatScope };
  if (citations !== undefined) {
    const parsed = Array.isArray(citations) ? citations.map(parseCitation) : [null];
    if (!parsed.every((c): c is Citation => c !== null)) return null;
    message.citations = parsed;
  }
  if (context !== undefined) {
    const parsed = Array.isArray(context) ? context.map(parseChip) : [null];
    if (!parsed.every((c): c is ContextChip => c !== null)) return null;
    message.context = parsed;
  }
  return message;
}

/** Validates one conversation's stored messages, or null when any is malformed. */
export function parseMessages(data: unknown): ChatMessage[] | null {
  if (!Array.isArray(data)) return null;
  const list = data.map(parseMessage);
  return list.every((m): m is ChatMessage => m !== null) ? list : null;
}
