/*
 * What the question reader's table is compiled from (scripts/compile-lexicon.mjs, `npm run lexicon`) and how a text
 * becomes the words it is read by. Imports written with their extension: Node runs this file as it is at compile time.
 */
import { PHRASING_WORDS, QUESTION_WORDS } from "./questionWords.ts";
import { foldWord, STOP_WORDS, tokenize } from "./tokens.ts";
import { CONCEPTS } from "./vocabulary.ts";

/** How the table is compiled; part of its input, so a change here makes the committed table stale. */
export const LEXICON_SETTINGS = {
  /** The most frequent English words kept (GloVe lists its words by frequency), beside the vocabulary's own words. */
  frequentWords: 40_000,
  /** A word counts towards a concept from this cosine with one of the concept's words up. */
  closeness: 0.5,
  /** The closeness is raised to this power: a near-synonym counts far more than a loose associate. */
  power: 3,
  /** A concept's words' WordNet synonyms count too: those of each word's most common senses, this many per part of speech. */
  synonymSenses: 1,
  /** A question's word close to such a synonym counts this much of being as close to the concept's own word. */
  synonymWeight: 0.85,
  /** The ordinary words a concept's head start is measured on: every `backgroundStep`th kept word of these ranks. */
  backgroundFrom: 300,
  backgroundTo: 30_000,
  backgroundStep: 8,
} as const;

/** Whether a word is read for meaning: not a stop word, nor a word of every question, nor phrasing. */
export const keeps = (folded: string): boolean => folded.length > 1 && !STOP_WORDS.has(folded) && !QUESTION_WORDS.has(folded) && !PHRASING_WORDS.has(folded);

/** The words of a text read for meaning, folded, in order. */
export const meaningWords = (text: string): string[] => tokenize(text).map(foldWord).filter(keeps);

/** Each concept and the words it is known by: its name, question, ask phrases, wordings (marks dropped) and `means`. */
export function lexiconInput() {
  return {
    concepts: CONCEPTS.map((c) => ({
      id: c.id,
      words: [...new Set(meaningWords([c.name, c.question, ...c.ask, ...c.says.map((s) => s.replace(/[*=]/g, "")), c.means].join(" ")))].sort(),
    })),
  };
}

/** What the table depends on, as one text: the committed table records its hash, so a stale table is seen. */
export const lexiconKey = (): string => JSON.stringify([lexiconInput().concepts, LEXICON_SETTINGS]);
