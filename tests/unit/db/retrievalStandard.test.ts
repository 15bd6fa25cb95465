import { readdirSync, readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stemOf, termOf } from "../../../src/lib/search/terms";
import { STOP_WORDS, tokenize } from "../../../src/lib/search/tokens";
import { contractsFolder } from "../../fixtures/cuadDev";
import { migratedDb } from "./harness";

// One retrieval standard (issue 29): the browser's words are Postgres's. The stop words of tokens.ts are those of the
// `english` text search configuration, and terms.ts stems every word of the dev contracts as its Snowball stemmer
// does, so search_pages (document_pages.tsv) and the browser's index hold the same terms.

const CONTRACTS = contractsFolder();
const BATCH = 2000;

/** Every distinct word of the CUAD dev contracts written in the letters a-z only, lower-cased. */
function contractWords(): string[] {
  const words = new Set<string>();
  for (const file of readdirSync(CONTRACTS).filter((f) => f.endsWith(".txt"))) {
    for (const word of tokenize(readFileSync(new URL(file, CONTRACTS), "utf8"))) {
      const folded = word.toLowerCase();
      if (/^[a-z]+$/.test(folded)) words.add(folded);
    }
  }
  return [...words].sort();
}

let db: PGlite;
let words: string[];
/** Each word's lexemes in Postgres: to_tsvector('english', word), as document_pages.tsv is made. */
const lexemes = new Map<string, string[]>();

beforeAll(async () => {
  db = await migratedDb();
  words = contractWords();
  const all = [...new Set([...words, ...STOP_WORDS])];
  for (let i = 0; i < all.length; i += BATCH) {
    const { rows } = await db.query<{ word: string; lexemes: string[] }>(
      "select w as word, tsvector_to_array(to_tsvector('english', w)) as lexemes from unnest($1::text[]) as w",
      [all.slice(i, i + BATCH)],
    );
    for (const row of rows) lexemes.set(row.word, row.lexemes);
  }
}, 120_000);

afterAll(() => db?.close());

describe("the browser's words are Postgres's", () => {
  it("every stop word gives an empty to_tsvector('english', word)", () => {
    const kept = [...STOP_WORDS].filter((word) => (lexemes.get(word) ?? ["?"]).length > 0);
    expect(kept).toEqual([]);
  });

  it("the 127 words Postgres's english configuration drops are exactly STOP_WORDS", async () => {
    expect(STOP_WORDS.size).toBe(127);
    // Among the stop words and the contracts' words, those Postgres drops.
    const dropped = [...lexemes].filter(([, found]) => found.length === 0).map(([word]) => word);
    expect(dropped.sort()).toEqual([...STOP_WORDS].sort());
    // And its stop list itself, as PGlite ships it beside the data directory.
    const { rows } = await db.query<{ list: string }>(
      "select pg_read_file(current_setting('data_directory') || '/../share/postgresql/tsearch_data/english.stop') as list",
    );
    const list = (rows[0]?.list ?? "").split("\n").map((w) => w.trim()).filter(Boolean);
    expect(list.sort()).toEqual([...STOP_WORDS].sort());
  });

  it("stemOf gives Postgres's english lexeme for every distinct word of the dev contracts", () => {
    expect(words.length).toBeGreaterThan(5000);
    const differ: string[] = [];
    for (const word of words) {
      const found = lexemes.get(word) ?? [];
      if (found.length === 0) {
        if (termOf(word) !== null) differ.push(`${word}: Postgres drops it, the browser keeps ${String(termOf(word))}`);
      } else if (found.length !== 1 || stemOf(word) !== found[0] || termOf(word) !== found[0]) {
        differ.push(`${word}: Postgres ${found.join(" ")}, the browser ${stemOf(word)}`);
      }
    }
    expect(differ).toEqual([]);
  });
});
