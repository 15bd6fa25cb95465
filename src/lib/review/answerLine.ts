import { foldWord, STOP_WORDS, tokenize } from "../search/tokens";

/** The most characters a cell's one-line answer keeps. */
export const ANSWER_LINE_CHARS = 160;

/** The question the model is asked for a cell: the column's, asking for one short line from the one passage. */
export const oneLineQuestion = (question: string): string =>
  `${question.trim()} Answer in one short line of at most 12 words (for example "Illinois", "10 years from delivery", "Yes, with prior written consent"), from passage [1] only.`;

const MARKERS = /\s*\[[\d\s,;\-–]*\]/g;

/**
 * A model's one-line answer as a cell shows it, or null when it must be dropped: its first line without citation
 * markers, at most ANSWER_LINE_CHARS; dropped when it names nothing the passage says (none of its words is in the
 * passage) or names a number or a name the passage lacks.
 */
export function keptAnswerLine(modelText: string, passage: string): string | null {
  const line = (modelText.split("\n").find((l) => l.trim() !== "") ?? "").replace(MARKERS, "").replace(/^["“]|["”]$/g, "").trim();
  if (!line || line.length > ANSWER_LINE_CHARS) return null;
  const said = new Set(tokenize(passage).map(foldWord));
  const words = tokenize(line);
  const content = words.map(foldWord).filter((w) => !STOP_WORDS.has(w) && !/^(yes|no)$/.test(w));
  if (!content.some((w) => said.has(w))) return null;
  // Numbers anywhere, and capitalised words after the first, are names: each must be in the passage.
  const names = words.filter((w, i) => /^\d/.test(w) || (i > 0 && /^\p{Lu}/u.test(w)));
  return names.every((w) => said.has(foldWord(w))) ? line : null;
}
