/*
 * Reading a question by meaning: which concept of the legal vocabulary a question is about when it uses none of the
 * words the vocabulary names it by ("Whose courts decide what this deal means?" is about governing law). Each word of
 * the question counts towards the concepts whose words it is close to in meaning (GloVe word vectors, compiled by
 * `npm run lexicon` into lexicon.json: per word, only its closeness to each concept), weighted by how rare the word is,
 * less what an ordinary word scores for that concept. The table is loaded on the first question (`loadLexicon`), in the
 * search worker only; before that, and for words it lacks, the question is read by the vocabulary's phrases alone.
 */
import { meaningWords } from "./lexiconInput";

/** The compiled table as lexicon.json holds it. */
interface LexiconFile {
  input: string;
  concepts: string[];
  background: number[];
  words: string;
  closeness: string;
}

interface Lexicon {
  concepts: readonly string[];
  background: readonly number[];
  /** A word's place (frequent words first) and where its closeness entries start in `bytes`. */
  index: ReadonlyMap<string, { place: number; at: number }>;
  bytes: Uint8Array;
}

let lexicon: Lexicon | null = null;
let loading: Promise<void> | null = null;

/** Decodes the compiled table. */
export function decodeLexicon(file: LexiconFile): Lexicon {
  const binary = atob(file.closeness);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const index = new Map<string, { place: number; at: number }>();
  let at = 0;
  file.words.split(" ").forEach((word, place) => {
    index.set(word, { place, at });
    at += 1 + 2 * (bytes[at] ?? 0);
  });
  return { concepts: file.concepts, background: file.background, index, bytes };
}

/** Loads the table once (its own chunk, fetched on the first question); later calls wait for the same load. */
export function loadLexicon(): Promise<void> {
  loading ??= import("./lexicon.json").then((module) => {
    lexicon = decodeLexicon(module.default as LexiconFile);
  });
  return loading;
}

/** How much a word says: its place among the words by frequency (rarer, more); a word the table lacks is rare. */
const weightOf = (place: number): number => Math.log(2 + place / 40);

/**
 * How strongly a question is about each concept by meaning (concept id to score; higher is closer), or null while
 * the table is not loaded. A score is a weighted mean over the question's words, so it does not grow with length.
 */
export function meaningScores(query: string, table: Lexicon | null = lexicon): Map<string, number> | null {
  if (!table) return null;
  const sums = new Float64Array(table.concepts.length);
  let total = 0;
  for (const word of new Set(meaningWords(query))) {
    const entry = table.index.get(word);
    const weight = weightOf(entry?.place ?? table.index.size);
    total += weight;
    if (!entry) continue;
    const count = table.bytes[entry.at] ?? 0;
    for (let k = 0; k < count; k += 1) {
      const c = table.bytes[entry.at + 1 + 2 * k] ?? 0;
      sums[c] = (sums[c] ?? 0) + (weight * (table.bytes[entry.at + 2 + 2 * k] ?? 0)) / 255;
    }
  }
  // Every word counts an ordinary word's closeness against each concept: the total weight times its background.
  return new Map(table.concepts.map((id, c) => [id, total > 0 ? ((sums[c] ?? 0) - total * (table.background[c] ?? 0)) / total : 0]));
}
