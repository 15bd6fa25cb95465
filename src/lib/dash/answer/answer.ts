import type { ChatMessage, ChatScope, Citation, ReplyContent } from "../chat";
import type { ContextChip } from "../chips";
import { KNOWLEDGE_TYPE_LABELS, type KnowledgeType } from "../knowledge";
import { entryId } from "../../search/entries";
import { passageId, passagesFor, sourceOf } from "../../search/passages";
import type { SearchScope } from "../../search/scope";
import type { AskedClause, Findings, SearchResult } from "../../search/results";

/** What the workspace knows that deciding a question's scope needs. */
export interface ScopeContext {
  /** A document's case id, when the document exists. */
  caseOf: (docId: string) => string | undefined;
  /** A case's title, when the case exists. */
  caseTitle: (caseId: string) => string | undefined;
  /** Whether an id names a knowledge item (an answer's chip names a message instead). */
  isKnowledgeItem: (id: string) => boolean;
}

/** Where a question is searched, in words for the reply ("your documents and knowledge base"), or why it is not. */
export type ScopeDecision = { kind: "search"; scope: SearchScope; where: string } | { kind: "ask-case" } | { kind: "web" };

/** The case a conversation is about: the latest case chip, or document chip's case, of its questions; null when none. */
export function conversationCase(messages: readonly Pick<ChatMessage, "role" | "context">[], context: Pick<ScopeContext, "caseOf">): string | null {
  for (const message of [...messages].reverse()) {
    if (message.role !== "user") continue;
    for (const chip of [...(message.context ?? [])].reverse()) {
      const caseId = chip.type === "case" ? chip.id : chip.type === "document" ? context.caseOf(chip.id) : undefined;
      if (caseId) return caseId;
    }
  }
  return null;
}

const WHERE: Record<"all" | "firm" | "kb", string> = {
  all: "your documents and knowledge base",
  firm: "the firm's documents and internal knowledge",
  kb: "the knowledge base",
};

/**
 * Where a question is searched. Web is not available; Case takes the case of a case or document chip, else the
 * case the conversation is about, and asks which case when there is none. In the other scopes, chips narrow the
 * search to what they name: a document chip to that document, a case chip to its documents, a knowledge chip to
 * that item (an answer's chip names no record and narrows nothing).
 */
export function decideScope(scope: ChatScope, chips: readonly ContextChip[], conversationCaseId: string | null, context: ScopeContext): ScopeDecision {
  if (scope === "web") return { kind: "web" };
  if (scope === "case") {
    const fromChips = conversationCase([{ role: "user", context: [...chips] }], context);
    const caseId = fromChips ?? conversationCaseId;
    if (!caseId) return { kind: "ask-case" };
    return { kind: "search", scope: { kind: "case", caseId }, where: `the documents of ${context.caseTitle(caseId) ?? "this case"}` };
  }
  const docIds = chips.filter((c) => c.type === "document").map((c) => c.id);
  const caseIds = chips.filter((c) => c.type === "case").map((c) => c.id);
  const itemIds = chips.filter((c) => c.type === "knowledge" && context.isKnowledgeItem(c.id)).map((c) => c.id);
  const named = chips.filter((c) => c.type !== "knowledge" || context.isKnowledgeItem(c.id));
  if (named.length) {
    const where = named.length === 1 ? `“${named[0]?.label ?? ""}”` : "the documents and items you attached";
    return { kind: "search", scope: { kind: "chips", docIds, caseIds, itemIds }, where };
  }
  return { kind: "search", scope: { kind: scope }, where: WHERE[scope] };
}

/** The passages an answer quotes unless the question asks for more. */
export const DEFAULT_PASSAGES = 3;
/** The most passages any answer quotes. */
export const MAX_PASSAGES = 10;
/** How many "all" or "more" passages is. */
const MORE_PASSAGES = 6;

const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const PASSAGE_NOUNS = "(?:passages?|quotes?|quotations?|excerpts?|extracts?|sources?|results?|citations?|clauses?|references?)";

/** The words asking for a number of passages: "quote five passages about", "show all sources on". */
const COUNT_REQUEST = new RegExp(
  `\\b(?:(?:quote|show|give|list|cite|find)\\s+(?:me\\s+)?)?(?:\\d+|${Object.keys(NUMBER_WORDS).join("|")}|all(?:\\s+the)?|more|every)\\s+(?:more\\s+|other\\s+|relevant\\s+)?${PASSAGE_NOUNS}(?:\\s+(?:about|on|for|of|from|in))?\\b`,
  "gi",
);

/** How many passages the question asks for: "quote five passages" is 5, "show all sources" is 6, otherwise 3. */
export function requestedPassages(question: string): number {
  const counted = new RegExp(`\\b(\\d+|${Object.keys(NUMBER_WORDS).join("|")})\\s+(?:more\\s+|other\\s+|relevant\\s+)?${PASSAGE_NOUNS}\\b`, "i").exec(question);
  if (counted?.[1]) {
    const n = NUMBER_WORDS[counted[1].toLowerCase()] ?? Number(counted[1]);
    return Math.min(Math.max(n, 1), MAX_PASSAGES);
  }
  if (new RegExp(`\\b(?:more|all|every)\\b[^.?!]*\\b${PASSAGE_NOUNS}\\b`, "i").test(question)) return MORE_PASSAGES;
  return DEFAULT_PASSAGES;
}

/** Text quoted into Markdown stays text: its marks are escaped, its lines joined. */
export const escapeMarkdown = (text: string): string => text.replace(/\s+/g, " ").replace(/[\\`*_{}[\]<>#|~]/g, "\\$&");

/** A knowledge item's source as a citation gives it: its type and origin ('Law · CyLaw'), or 'Internal' once. */
export function knowledgeSource(item: { type: KnowledgeType; source: string }): string {
  const type = KNOWLEDGE_TYPE_LABELS[item.type];
  return item.source === type ? type : `${type} · ${item.source}`;
}

/** The citation of a search result: a document's page (source: its case) or a knowledge item (source: type and origin). */
export function citationOf(result: SearchResult): Citation {
  const { entry, snippet } = result;
  if (entry.kind === "page") {
    return { id: passageId(result), title: entry.title, page: entry.page, source: entry.caseTitle, ref: { kind: "page", docId: entry.docId }, quote: snippet.text };
  }
  return {
    id: passageId(result),
    title: entry.title,
    page: 1,
    source: knowledgeSource(entry),
    ref: { kind: "knowledge", itemId: entry.itemId },
    quote: snippet.text,
  };
}

/** Where a citation sits, as a reply says it: "p. 2", "section 3", or nothing for a knowledge item. */
export function placeOf(result: SearchResult): string {
  if (result.entry.kind !== "page") return "";
  return result.entry.unit === "section" ? `section ${String(result.entry.page)}` : `p. ${String(result.entry.page)}`;
}

const plural = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? "" : "s"}`;

/** A quoted passage of an answer: the whole clause or paragraph, as it stands in its text. */
const quoted = (result: SearchResult): string => escapeMarkdown(result.snippet.text);

/** A reply of the assistant: its Markdown and the sources its markers [1], [2]... name, in order. */
export type Reply = ReplyContent;

/**
 * The answer without a model: one sentence saying what was found, then each passage quoted with its marker, its
 * title and where it is. Every citation is a page or item the search returned; nothing is ever invented.
 */
export function extractiveAnswer(passages: readonly SearchResult[], where: string, summary = false): Reply {
  if (passages.length === 0) return noResultReply(where);
  const sources = new Set(passages.map((p) => (p.entry.kind === "page" ? p.entry.docId : entryId(p.entry)))).size;
  const first = passages[0]?.entry.title ?? "";
  const intro =
    summary && sources === 1
      ? `I found ${plural(passages.length, "passage")} of “${escapeMarkdown(first)}” that set out its key terms, quoted in page order.`
      : `I found ${plural(passages.length, "relevant passage")} in ${where}${sources > 1 ? `, from ${plural(sources, "source")}` : ""}.`;
  const quotes = passages.map((passage, i) => {
    const place = placeOf(passage);
    const heading = `**${escapeMarkdown(passage.entry.title)}**${place ? `, ${place}` : ""}`;
    return `${heading}\n\n> ${quoted(passage)} [${String(i + 1)}]`;
  });
  return { content: [intro, ...quotes].join("\n\n"), citations: passages.map(citationOf) };
}

/** The reply's first sentence when the clause asked about is in none of the scope's passages. */
export const absentSentence = (asked: Pick<AskedClause, "clause">, where: string): string => `No ${asked.clause} clause was found in ${where}.`;

/** What introduces the closest passages after an absent clause: related, never the answer. */
export const RELATED_INTRO = "The closest passages are related, not such a clause:";

/** How many related passages follow an absent clause. */
const RELATED_PASSAGES = 2;

/**
 * The reply when the scope's documents hold no such clause: said plainly ("No governing-law clause was found in …"),
 * then the closest passages, labelled as related, with their citations.
 */
export function absentReply(asked: Pick<AskedClause, "clause">, related: readonly SearchResult[], where: string): Reply {
  const first = absentSentence(asked, where);
  if (related.length === 0) return { content: first };
  const quoted = extractiveAnswer(related, where);
  const quotes = quoted.content.split("\n\n").slice(1);
  return { content: [first, RELATED_INTRO, ...quotes].join("\n\n"), citations: quoted.citations ?? [] };
}

/** The reply when nothing relevant was found: said plainly, with a wider scope suggested, and no citation. */
export const noResultReply = (where: string): Reply => ({
  content: `I found nothing in ${where} that answers this. Try a wider scope (All searches every document and knowledge item you hold) or other words.`,
});

/** The reply in Case scope when no case is chosen. */
export const askCaseReply: Reply = {
  content:
    "Which case is this about? Add the case, or one of its documents, with Attach or with Open in Chat on the Cases screen, or choose another scope.",
};

/** The reply in Web scope. */
export const webReply: Reply = {
  content: "Web search is not available here: I answer only from your firm's own documents and knowledge base. Ask in All to search everything you hold.",
  offerScope: "all",
};

/** A question asking for a summary of a document ("Summarise the key terms of this contract"). */
const SUMMARY = /\b(?:summari[sz]e|summary|overview|outline|key\s+(?:terms|points|clauses|provisions))\b/i;
/** The words of a summary request that name the request rather than its subject. */
const REQUEST_WORDS =
  /\b(?:summari[sz]e|summary|overview|outline|give|me|an?|the|this|that|these|of|and|key|main|terms|points|clauses|provisions|risks?|please)\b/gi;

/** What to search for a question: a summary request searches its subject ("contract") and quotes one document's clauses. */
export function retrievalQuery(question: string): { query: string; summary: boolean } {
  // "Quote five passages about X" searches X.
  const asked = question.replace(COUNT_REQUEST, " ").replace(/\s+/g, " ").trim() || question;
  if (!SUMMARY.test(asked)) return { query: asked === question.trim() ? question : asked, summary: false };
  const subject = asked.replace(/[^\p{L}\p{N}\s().'-]/gu, " ").replace(REQUEST_WORDS, " ").replace(/\s+/g, " ").trim();
  return { query: subject || question, summary: true };
}

/** What a summary looks for in the document it summarises: the clauses that set a contract's key terms. */
export const KEY_TERMS_QUERY = "parties term payment termination liability";

/** The passages a summary quotes: up to `max` of one document's, in reading order. */
export const summaryPassages = (results: readonly SearchResult[], max: number): SearchResult[] =>
  passagesFor(results, max, { perDocument: max, minShare: 0 }).sort((a, b) =>
    a.entry.kind === "page" && b.entry.kind === "page" ? a.entry.page - b.entry.page || a.snippet.start - b.snippet.start : 0,
  );

/**
 * A summary request: the document its subject finds best ("this contract"), then that document's key clauses
 * (KEY_TERMS_QUERY), quoted in reading order; with no document found, the knowledge items found are quoted.
 */
async function summarise(subject: string, scope: SearchScope, max: number, retriever: Parameters<typeof answerQuestion>[2]): Promise<SearchResult[]> {
  const { results } = await retriever.search(subject, { scope, limit: SEARCH_DEPTH });
  const best = results.find((r) => r.entry.kind === "page");
  if (best?.entry.kind !== "page") return passagesFor(results, max);
  const inDocument = await retriever.search(KEY_TERMS_QUERY, { scope: { kind: "documents", docIds: [best.entry.docId] }, limit: SEARCH_DEPTH });
  return summaryPassages(inDocument.results.length ? inDocument.results : results.filter((r) => sourceOf(r) === sourceOf(best)), max);
}

/**
 * Answers a question from the user's own sources without a model: searches within the decided scope and quotes the
 * best passages (a summary quotes one document's). Returns the reply and the passages it quotes, which a model, when
 * one is configured, is given instead.
 */
export async function answerQuestion(
  question: string,
  decision: ScopeDecision,
  retriever: { search: (query: string, options?: { scope?: SearchScope; limit?: number }) => Promise<Findings> },
): Promise<{ reply: Reply; passages: SearchResult[] }> {
  if (decision.kind === "web") return { reply: webReply, passages: [] };
  if (decision.kind === "ask-case") return { reply: askCaseReply, passages: [] };
  const { query, summary } = retrievalQuery(question);
  const wanted = requestedPassages(question);
  if (summary) {
    const passages = await summarise(query, decision.scope, wanted, retriever);
    return { reply: extractiveAnswer(passages, decision.where, true), passages };
  }
  const { results, asked } = await retriever.search(query, { scope: decision.scope, limit: SEARCH_DEPTH });
  if (asked?.absent) {
    // Related passages are quoted for the reader; a model is given none, since none answers the question.
    const related = passagesFor(results, RELATED_PASSAGES, { minShare: 0.5 });
    return { reply: absentReply(asked, related, decision.where), passages: [] };
  }
  // Asked for more, one document may give them all; else at most two each, leaving room for another source.
  const passages = passagesFor(results, wanted, wanted > DEFAULT_PASSAGES ? { perDocument: wanted, minShare: 0.1 } : {});
  return { reply: extractiveAnswer(passages, decision.where), passages };
}

/** How many results an answer chooses its passages from. */
const SEARCH_DEPTH = 30;
