/** One retrieved passage as the model sees it: its citation number and where it comes from. */
export interface AssistantPassage {
  /** The number the answer cites it by, [n]; the chat's citations use the same numbers. */
  n: number;
  title: string;
  source: string;
  page?: number;
  text: string;
}

/** One message of an OpenAI-compatible chat-completions request. */
export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

/** The body POSTed to the endpoint: no model unless asked, since the endpoint or the Edge Function picks it. */
export interface ChatRequest {
  model?: string;
  stream: true;
  messages: ChatMessage[];
}

/** What the model is told before the question: the passages are all it may use, and how to cite them. */
export const SYSTEM_INSTRUCTION = [
  "You answer questions for a lawyer using only the numbered passages in the user's message.",
  "Do not use any other knowledge, and do not guess.",
  "Cite every statement with the number of the passage it comes from, in square brackets, like [1] or [2, 3].",
  "Cite only the numbers of the passages given.",
  "If the passages do not answer the question, say so plainly and do not cite anything.",
].join(" ");

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

/** The streaming chat-completions request that asks for an answer from these passages only. */
export function buildChatRequest(
  question: string,
  passages: readonly AssistantPassage[],
  options: { model?: string } = {},
): ChatRequest {
  const messages: ChatMessage[] = [
    { role: "system", content: SYSTEM_INSTRUCTION },
    { role: "user", content: userMessage(question, passages) },
  ];
  return options.model ? { model: options.model, stream: true, messages } : { stream: true, messages };
}
