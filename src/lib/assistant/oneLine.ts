import { withinLimits, type AssistantPassage } from "../../../supabase/functions/assistant/prompt";
import { foldWord, STOP_WORDS, tokenize } from "../search/tokens";
import type { AssistantClient } from "./client";

/** The most characters a one-line answer keeps. */
export const ONE_LINE_CHARS = 160;

/** How long a one-line answer may take before it is given up (the item is then shown without one). */
export const ONE_LINE_MS = 20_000;

/**
 * A question asked for one short line: the question, then the ask, with examples of the lines wanted ('"Illinois",
 * "10 years from delivery"') and the passages it may use ("passage [1]", "passages [1] and [2]").
 */
export const oneLineQuestion = (question: string, examples: string, from = "passage [1]"): string =>
  `${question.trim()} Answer in one short line of at most 12 words (for example ${examples}), from ${from} only.`;

const MARKERS = /\s*\[[\d\s,;\-–]*\]/g;

/**
 * A model's one-line answer as it is shown, or null when it must be dropped: its first line without citation
 * markers, at most ONE_LINE_CHARS; dropped when it names nothing the passage says (none of its words is in the
 * passage) or names a number or a name the passage lacks.
 */
export function keptOneLine(modelText: string, passage: string): string | null {
  const line = (modelText.split("\n").find((l) => l.trim() !== "") ?? "").replace(MARKERS, "").replace(/^["“]|["”]$/g, "").trim();
  if (!line || line.length > ONE_LINE_CHARS) return null;
  const said = new Set(tokenize(passage).map(foldWord));
  const words = tokenize(line);
  const content = words.map(foldWord).filter((w) => !STOP_WORDS.has(w) && !/^(yes|no)$/.test(w));
  if (!content.some((w) => said.has(w))) return null;
  // Numbers anywhere, and capitalised words after the first, are names: each must be in the passage.
  const names = words.filter((w, i) => /^\d/.test(w) || (i > 0 && /^\p{Lu}/u.test(w)));
  return names.every((w) => said.has(foldWord(w))) ? line : null;
}

/**
 * Asks the model for one line from these passages only, and checks it against the text it was sent (keptOneLine);
 * null when it is dropped, fails, or takes longer than ONE_LINE_MS. The Review's cells and Compare's changes use it.
 */
export async function askOneLine(model: AssistantClient, question: string, passages: readonly AssistantPassage[], signal?: AbortSignal): Promise<string | null> {
  const timeout = AbortSignal.timeout(ONE_LINE_MS);
  try {
    const { text } = await model.answer({ question, passages, signal: signal ? AbortSignal.any([signal, timeout]) : timeout, onText: () => undefined });
    // Checked against the passages as the model was sent them (cut to the prompt's limits).
    return keptOneLine(text, withinLimits(question, passages).passages.map((p) => p.text).join("\n"));
  } catch {
    return null;
  }
}
