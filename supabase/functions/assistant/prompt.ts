/**
 * The one prompt builder: the instruction, the question and the numbered passages, made into a chat-completions
 * request. The Edge Function builds it from the `{ question, passages }` the browser sends it; the browser builds it
 * itself only for a model it calls directly (Ollama, vLLM). It has no imports, so Deno and the site's bundle both
 * load it as it is.
 */

/** One retrieved passage as the model sees it: its citation number and where it comes from. */
export interface AssistantPassage {
  /** The number the answer cites it by, [n]; the chat's citations use the same numbers. */
  n: number;
  title: string;
  source: string;
  page?: number;
  text: string;
  /** The id of the document whose page (`page`) the text is cut from; the Edge Function finds the text there. */
  document?: string;
  /** The id of the knowledge item whose description or body the text is cut from, for a knowledge passage. */
  item?: string;
}

/** What the browser sends the Edge Function, and all it may send: the question and the passages found for it. */
export interface AssistantQuestion {
  question: string;
  passages: AssistantPassage[];
}

/** One message of an OpenAI-compatible chat-completions request. */
export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

/** The body POSTed to a model: no model name unless asked, since the endpoint or the Edge Function picks it. */
export interface ChatRequest {
  model?: string;
  stream: true;
  messages: ChatMessage[];
}

/** The most a question may carry: the Edge Function refuses more, and the browser never sends more. */
export const PROMPT_LIMITS = {
  /** Passages per question (an answer quotes at most 10). */
  passages: 12,
  /** Characters of one passage's text (a passage is cut at about 800). */
  passageChars: 2_000,
  /** Characters of a passage's title and of its source. */
  labelChars: 300,
  /** Characters of the question. */
  questionChars: 2_000,
  /** The highest page number. */
  page: 100_000,
  /** Characters of a document's or knowledge item's id (the database's own limit). */
  idChars: 256,
} as const;

/** The `error.code` of the Edge Function's 429 once a user's daily quota is used up; the chat then quotes the passages. */
export const DAILY_LIMIT = "daily_limit";

/** What the model is told before the question: the passages are all it may use, and how to cite them. */
export const SYSTEM_INSTRUCTION = [
  "You answer questions for a lawyer using only the numbered passages in the user's message.",
  "Do not use any other knowledge, and do not guess.",
  "Cite every statement with the number of the passage it comes from, in square brackets, like [1] or [2, 3].",
  "Cite only the numbers of the passages given.",
  "If the passages do not answer the question, say so plainly and do not cite anything.",
].join(" ");

/** The question and passages cut to PROMPT_LIMITS: what the browser sends, so the function never refuses it. */
export function withinLimits(question: string, passages: readonly AssistantPassage[]): AssistantQuestion {
  const cut = (text: string, max: number) => text.trim().slice(0, max);
  return {
    question: cut(question, PROMPT_LIMITS.questionChars),
    passages: passages.slice(0, PROMPT_LIMITS.passages).map(({ n, title, source, page, text, document, item }) => ({
      n,
      title: cut(title, PROMPT_LIMITS.labelChars),
      source: cut(source, PROMPT_LIMITS.labelChars),
      ...(page === undefined ? {} : { page }),
      text: cut(text, PROMPT_LIMITS.passageChars),
      ...(document === undefined ? {} : { document }),
      ...(item === undefined ? {} : { item }),
    })),
  };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const QUESTION_FIELDS = new Set(["question", "passages"]);
const PASSAGE_FIELDS = new Set(["n", "title", "source", "page", "text", "document", "item"]);
const isText = (value: unknown, max: number, empty = false): value is string =>
  typeof value === "string" && value.length <= max && (empty || value.trim() !== "");
const isWhole = (value: unknown, max: number): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max;

/** Why one passage is refused, or undefined when it is a passage within the limits. */
function passageFault(value: unknown): string | undefined {
  if (!isObject(value) || Object.keys(value).some((key) => !PASSAGE_FIELDS.has(key)))
    return "A passage holds only n, title, source, page, text, and its document or knowledge item.";
  const { n, title, source, page, text, document, item } = value;
  if (!isWhole(n, PROMPT_LIMITS.passages)) return `A passage's n is a whole number from 1 to ${PROMPT_LIMITS.passages}.`;
  if (!isText(title, PROMPT_LIMITS.labelChars, true) || !isText(source, PROMPT_LIMITS.labelChars, true))
    return `A passage's title and source are texts of at most ${PROMPT_LIMITS.labelChars} characters.`;
  if (page !== undefined && !isWhole(page, PROMPT_LIMITS.page)) return "A passage's page is a whole number from 1.";
  if (!isText(text, PROMPT_LIMITS.passageChars)) return `A passage's text is 1 to ${PROMPT_LIMITS.passageChars} characters.`;
  const fromPage = isText(document, PROMPT_LIMITS.idChars) && item === undefined && page !== undefined;
  const fromItem = isText(item, PROMPT_LIMITS.idChars) && document === undefined && page === undefined;
  if (!fromPage && !fromItem) return "A passage names the document and page, or the knowledge item, it is quoted from.";
  return undefined;
}

/**
 * The Edge Function's reading of a request body: exactly `{ question, passages }` within PROMPT_LIMITS, at least one
 * passage, each numbered once, or the reason it is refused. A role, a message, a model or any other field is refused.
 */
export function parseQuestion(body: unknown): AssistantQuestion | { refused: string } {
  if (!isObject(body) || Object.keys(body).some((key) => !QUESTION_FIELDS.has(key))) return { refused: "The request holds only a question and its passages." };
  const { question, passages } = body;
  if (!isText(question, PROMPT_LIMITS.questionChars)) return { refused: `The question is 1 to ${PROMPT_LIMITS.questionChars} characters.` };
  if (!Array.isArray(passages) || passages.length > PROMPT_LIMITS.passages) return { refused: `The passages are a list of at most ${PROMPT_LIMITS.passages}.` };
  // A question alone would make the model a general-purpose one: the browser asks only with passages it found.
  if (passages.length === 0) return { refused: "A question comes with the passages of your documents it is asked about." };
  for (const passage of passages) {
    const fault = passageFault(passage);
    if (fault) return { refused: fault };
  }
  const valid = passages as AssistantPassage[];
  if (new Set(valid.map((p) => p.n)).size !== valid.length) return { refused: "Each passage has its own n." };
  return { question, passages: valid };
}

/** A passage's heading line: its number, title, source and page, so the model can tell passages apart. */
function heading(passage: AssistantPassage): string {
  const where = passage.page === undefined ? passage.source : `${passage.source}, page ${passage.page}`;
  return `[${passage.n}] ${passage.title} (${where})`;
}

/** The user message: the question, then only the passages, each under its number. */
function userMessage(question: string, passages: readonly AssistantPassage[]): string {
  const numbered = passages.map((passage) => `${heading(passage)}\n${passage.text.trim()}`);
  const body = numbered.length > 0 ? numbered.join("\n\n") : "(no passages were found)";
  return `Question: ${question.trim()}\n\nPassages:\n\n${body}`;
}

/** The two messages a model is given: the fixed instruction, then the question with its passages. */
export function buildMessages(question: string, passages: readonly AssistantPassage[]): ChatMessage[] {
  return [
    { role: "system", content: SYSTEM_INSTRUCTION },
    { role: "user", content: userMessage(question, passages) },
  ];
}

/** The streaming chat-completions request that asks for an answer from these passages only. */
export function buildChatRequest(question: string, passages: readonly AssistantPassage[], options: { model?: string | undefined } = {}): ChatRequest {
  const messages = buildMessages(question, passages);
  return options.model ? { model: options.model, stream: true, messages } : { stream: true, messages };
}
