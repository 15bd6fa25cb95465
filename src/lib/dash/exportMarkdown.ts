import type { ChatMessage, Citation } from "./chat";

const SPEAKERS: Record<ChatMessage["role"], string> = { user: "You", assistant: "Assistant" };

/** A citation marker, `[n]`, unless it is a link's text (`[1](url)`, `[1][ref]`) or a definition (`[1]:`); `[1][2]` is two. */
const MARKER = /\[(\d{1,3})\](?![(:]|\[(?!\d{1,3}\]))/g;
/** Fenced code blocks and inline code spans: their text is shown as is, so no marker in them is a citation. */
const CODE = /(^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\2[^\n]*$|(?![\s\S]))|`+[^`\n]*`+)/gm;
/** An ATX heading outside code: an answer's headings go two levels down, under the speaker's level-2 heading. */
const HEADING = /^( {0,3})(#{1,6})(?=\s|$)/gm;

/** ASCII punctuation Markdown may read as a mark anywhere in a line: a backslash keeps each one literal. */
const INLINE_MARKS = /[\\`*_{}[\]<>#|~]/g;
/** What starts a list, a thematic break or a setext underline at the start of a line. */
const BLOCK_START = /^(?:[-+=]|\d+(?=[.)]))/;

/** One line of plain text as Markdown that shows it as it is. */
const literal = (line: string): string => line.trim().replace(INLINE_MARKS, "\\$&");

/** A question as it was typed: plain text, its line breaks kept, no character read as Markdown. */
function plainMarkdown(text: string): string {
  const literalLine = (line: string) => literal(line).replace(BLOCK_START, (start) => (/\d/.test(start) ? `${start}\\` : `\\${start}`));
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split("\n").map(literalLine).join("\\\n"))
    .join("\n\n");
}

/** Plain text on one line (a heading, a footnote), shown as it is. */
const oneLine = (text: string): string => literal(text.replace(/\s+/g, " "));

/** A citation as a footnote's text: `<title>, <source>, p. <page>: "<quote>"` (no quote when it has none). */
function footnoteText({ title, source, page, quote }: Citation): string {
  const where = `${oneLine(title)}, ${oneLine(source)}, p. ${String(page)}`;
  return quote?.trim() ? `${where}: "${oneLine(quote)}"` : where;
}

/** Applies `edit` to the parts of `markdown` outside code, leaving code exactly as written (split's captures: code, fence). */
function outsideCode(markdown: string, edit: (prose: string) => string): string {
  return markdown
    .split(CODE)
    .map((part, index) => (index % 3 === 0 ? edit(part) : index % 3 === 1 ? part : ""))
    .join("");
}

/** An answer's Markdown with its markers as footnote references from `first`, and the citations it never marks. */
function answerBody(message: ChatMessage, first: number): string {
  const citations = message.citations ?? [];
  const marked = new Set<number>();
  const body = outsideCode(message.content.trim(), (prose) =>
    prose
      .replace(HEADING, (_, indent: string, hashes: string) => `${indent}${"#".repeat(Math.min(6, hashes.length + 2))}`)
      .replace(MARKER, (marker, n: string) => {
        const index = Number(n) - 1;
        if (index < 0 || index >= citations.length) return marker;
        marked.add(index);
        return `[^${String(first + index)}]`;
      }),
  );
  // A footnote no text refers to is not shown by GitHub and most renderers: the unmarked sources are listed.
  const unmarked = citations.map((_, index) => index).filter((index) => !marked.has(index));
  if (!unmarked.length) return body;
  return `${body}\n\nSources: ${unmarked.map((index) => `[^${String(first + index)}]`).join(" ")}`;
}

/** An exported conversation's date line: the moment, to the minute, in UTC, so the file reads the same anywhere. */
const exportedLine = (exportedAt: Date): string => `*Exported ${exportedAt.toISOString().slice(0, 16).replace("T", " ")} UTC*`;

/**
 * A conversation as Markdown: its title, each question and answer in order under the speaker's name (an answer's
 * own Markdown kept), and its citations as footnotes numbered across the conversation, listed at the end.
 */
export function conversationMarkdown(title: string, messages: readonly ChatMessage[], exportedAt: Date): string {
  const sections = [`# ${oneLine(title) || "Conversation"}`, exportedLine(exportedAt)];
  const footnotes: string[] = [];
  for (const message of messages) {
    sections.push(`## ${SPEAKERS[message.role]}`);
    if (message.role === "user") {
      const context = message.context?.map((chip) => chip.label).join("; ");
      if (context) sections.push(`*Context: ${oneLine(context)}*`);
      sections.push(plainMarkdown(message.content));
      continue;
    }
    sections.push(answerBody(message, footnotes.length + 1));
    for (const citation of message.citations ?? []) footnotes.push(`[^${String(footnotes.length + 1)}]: ${footnoteText(citation)}`);
  }
  if (footnotes.length) sections.push(footnotes.join("\n"));
  return `${sections.join("\n\n")}\n`;
}

/** Names Windows keeps for devices, which no file may take, whatever its extension. */
const RESERVED = /^(?:con|prn|aux|nul|com\d|lpt\d)$/;
/** How many characters of the title a file name keeps. */
const NAME_CHARS = 80;

/** A title as a safe file name's stem: kebab-case, at most NAME_CHARS characters; null when nothing usable is left. */
export function fileStem(title: string): string | null {
  const words = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let name = "";
  for (const word of words) {
    const next = name ? `${name}-${word}` : word;
    if (Array.from(next).length > NAME_CHARS) break;
    name = next;
  }
  if (!name && words[0]) name = Array.from(words[0]).slice(0, NAME_CHARS).join("");
  return name && !RESERVED.test(name) ? name : null;
}

/** A safe file name for an exported conversation: its title in kebab-case, `.md`; `conversation.md` when nothing is left. */
export const exportFileName = (title: string): string => `${fileStem(title) ?? "conversation"}.md`;
