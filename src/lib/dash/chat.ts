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
  /** The passage's id ("page:doc-1:3#120", "knowledge:kb-1#d"): two passages of one page are two citations. */
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
  /** An answer that could not search its scope (Web) offers to ask again in this one. */
  offerScope?: ChatScope;
  /** A question asked from a comparison ("Ask about these changes"): its two versions, answered from their changes. */
  compare?: ComparePair;
}

/** The two versions of a comparison, by document id: A the older, B the newer. */
export interface ComparePair {
  a: string;
  b: string;
}

/** An answer's text and the sources its markers [1], [2]... name, in order. */
export type ReplyContent = Pick<ChatMessage, "content" | "offerScope"> & { citations?: Citation[] };

/** What writing an answer needs: the question as it was asked, the conversation before it, and a way to stop. */
export interface ReplyRequest {
  question: ChatMessage;
  /** The conversation's messages before the question. */
  history: ChatMessage[];
  signal: AbortSignal;
  /** The answer so far, while a model streams it. */
  onText: (text: string) => void;
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

/** The assistant's delay before it answers (the specification's 2 s): a floor, a slower answer lands when written. */
export const REPLY_DELAY_MS = 2000;

/** The three suggested prompts of an empty chat. */
export const SUGGESTED_PROMPTS = [
  "Summarise the key terms and risks of this contract",
  "What are the Miranda rights requirements?",
  "Draft a motion to dismiss template",
] as const;

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

const ROLES = ["user", "assistant"] as const;
const SCOPES = CHAT_SCOPES.map((s) => s.value);

function parseCitationRef(data: unknown): CitationRef | null {
  const { kind, docId, itemId } = (data ?? {}) as { kind?: unknown; docId?: unknown; itemId?: unknown };
  if (kind === "page" && isRecordId(docId)) return { kind, docId };
  if (kind === "knowledge" && isRecordId(itemId)) return { kind, itemId };
  return null;
}

/**
 * A citation's id: a record id (what answers wrote before they quoted passages), or a passage's, which adds `#` and
 * where the passage starts. It names no stored record and is never part of a storage key.
 */
const isCitationId = (value: unknown): value is string => {
  if (typeof value !== "string") return false;
  const at = value.lastIndexOf("#");
  return at < 0 ? isRecordId(value) : isRecordId(value.slice(0, at)) && /^(?:\d{1,7}|d)$/.test(value.slice(at + 1));
};

function parseCitation(data: unknown): Citation | null {
  if (typeof data !== "object" || data === null) return null;
  const { id, title, page, source, ref, quote } = data as Partial<Record<keyof Citation, unknown>>;
  if (!isCitationId(id) || typeof title !== "string" || typeof source !== "string" || typeof page !== "number") return null;
  const citation: Citation = { id, title, page, source };
  if (ref !== undefined) {
    const parsed = parseCitationRef(ref);
    if (!parsed) return null;
    citation.ref = parsed;
  }
  if (quote !== undefined) {
    if (typeof quote !== "string") return null;
    citation.quote = quote;
  }
  return citation;
}

function parseMessage(data: unknown): ChatMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const { id, role, content, timestamp, scope, citations, context, offerScope, compare } = data as Partial<Record<keyof ChatMessage, unknown>>;
  if (!isRecordId(id) || typeof content !== "string" || typeof timestamp !== "string") return null;
  if (!ROLES.includes(role as ChatMessage["role"]) || !SCOPES.includes(scope as ChatScope)) return null;
  const message: ChatMessage = { id, role: role as ChatMessage["role"], content, timestamp, scope: scope as ChatScope };
  if (citations !== undefined) {
    const parsed = Array.isArray(citations) ? citations.map(parseCitation) : [null];
    if (!parsed.every((c): c is Citation => c !== null)) return null;
    message.citations = parsed;
  }
  if (offerScope !== undefined) {
    if (!SCOPES.includes(offerScope as ChatScope)) return null;
    message.offerScope = offerScope as ChatScope;
  }
  if (context !== undefined) {
    const parsed = Array.isArray(context) ? context.map(parseChip) : [null];
    if (!parsed.every((c): c is ContextChip => c !== null)) return null;
    message.context = parsed;
  }
  if (compare !== undefined) {
    const { a, b } = (typeof compare === "object" && compare !== null ? compare : {}) as Partial<Record<keyof ComparePair, unknown>>;
    if (!isRecordId(a) || !isRecordId(b)) return null;
    message.compare = { a, b };
  }
  return message;
}

/** Validates one conversation's stored messages, or null when any is malformed. */
export function parseMessages(data: unknown): ChatMessage[] | null {
  if (!Array.isArray(data)) return null;
  const list = data.map(parseMessage);
  return list.every((m): m is ChatMessage => m !== null) ? list : null;
}
