/** Accents of Latin and Greek letters once decomposed (acute, grave, diaeresis, tonos...); other scripts keep their marks. */
const ACCENTS = /[\u0300-\u036f]/g;
const ASCII = /^[\x20-\x7e]*$/;

/**
 * English function words, too common to tell passages apart: dropped from the index and from queries. Exactly the
 * stop words of Postgres's `english` text search configuration (Snowball's English list, 127 words), so the browser and
 * search in Postgres drop the same words (tests/unit/db/retrievalStandard.test.ts compares them).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it " +
    "its itself they them their theirs themselves what which who whom this that these those am is are was were be been " +
    "being have has had having do does did doing a an the and but if or because as until while of at by for with about " +
    "against between into through during before after above below to from up down in out on off over under again " +
    "further then once here there when where why how all any both each few more most other some such no nor not only " +
    "own same so than too very s t can will just don should now"
  ).split(" "),
);

/**
 * A word as the index compares it: lower case, compatibility forms folded, Latin and Greek accents removed and the
 * Greek final sigma made a sigma, so "Λεμεσός", "ΛΕΜΕΣΟΣ" and "λεμεσος" are one word.
 */
export function foldWord(word: string): string {
  if (ASCII.test(word)) return word.toLowerCase();
  return word.normalize("NFKD").replace(ACCENTS, "").normalize("NFC").toLowerCase().replace(/ς/g, "σ");
}

/** Letters and digits among the first 128 code points: most characters of most pages are looked up here only. */
const ASCII_WORD = Array.from({ length: 128 }, (_, code) => /[A-Za-z0-9]/.test(String.fromCharCode(code)));
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;

/**
 * Finds the words of a text: runs of letters, digits and combining marks, so "125(I)/2018" is 125, I, 2018. Only
 * characters past ASCII are checked against the Unicode tables (a regular expression with Unicode classes over a whole
 * page is three times slower, and a search makes ten snippets). `ascii` says the word needs no accent folding.
 */
function scanWords(text: string, visit: (start: number, end: number, ascii: boolean) => void): void {
  let start = -1;
  let ascii = true;
  for (let i = 0; i <= text.length; ) {
    const code = i < text.length ? (text.codePointAt(i) as number) : -1;
    const inWord = code < 0 ? false : code < 128 ? (ASCII_WORD[code] as boolean) : WORD_CHAR.test(String.fromCodePoint(code));
    if (inWord && start < 0) [start, ascii] = [i, true];
    if (inWord && code >= 128) ascii = false;
    if (!inWord && start >= 0) {
      visit(start, i, ascii);
      start = -1;
    }
    i += code > 0xffff ? 2 : 1;
  }
}

/** Splits a text into words as written (not yet folded). */
export function tokenize(text: string): string[] {
  const words: string[] = [];
  scanWords(text, (start, end) => words.push(text.slice(start, end)));
  return words;
}

/** A word of a text, where it starts and ends, and its folded form. */
export interface WordSpan {
  start: number;
  end: number;
  folded: string;
}

/** Every word of a text with its position and folded form: what snippets are cut on and what marking compares. */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  scanWords(text, (start, end, ascii) => {
    const word = text.slice(start, end);
    spans.push({ start, end, folded: ascii ? word.toLowerCase() : foldWord(word) });
  });
  return spans;
}
