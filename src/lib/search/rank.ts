/*
 * The relevance rule: one standard for the browser's index and for the pages Postgres returns. Both hand it the
 * candidate passages (every passage in scope that has a word of the query or of its expansion), and it decides the
 * order, what is relevant, and whether the clause asked about is there at all. Worker-side (it stems).
 *
 * - The question's own words (stemmed, stop words and the words of any question about a contract aside) are scored
 *   with BM25 over the candidates: a word no candidate has weighs the mean of the others, so it never vetoes.
 * - A question that names a concept of the legal vocabulary (vocabulary.ts) also scores the wordings contracts use for
 *   it; a passage using one holds the clause. Own words count for more than the expansion (OWN_WEIGHT against
 *   EXPANSION_WEIGHT per word).
 * - A clause's heading ("10. GOVERNING LAW") counts with its clause; a clause of a contract's opening (title,
 *   parties, date) prefers the first passages, and the passage defining its term ('"Effective Date" means …').
 */
import { QUESTION_WORDS } from "./questionWords";
import { CONCEPTS, type Concept } from "./vocabulary";
import { termOf, textTerms, type TextTerm } from "./terms";
export type { TextTerm };
import { foldWord, tokenize, wordSpans } from "./tokens";
import { meaningScores } from "./understand";

/** A word of a wording: its stem, or a prefix of stems when written with a trailing `*`. */
interface WordMatcher {
  stem: string;
  prefix: boolean;
  /** Written with a leading `=`: this very word, not its other forms ("=term" is not "terms"). */
  exact?: string;
  /**
   * The stop words written around a wording's one kept word ("for any reason", "not assign"), folded: they must stand
   * in the text around it, in order, for the lone word to be the wording ("reasonably cured" is not "for any reason").
   */
  before?: string[];
  after?: string[];
}

interface CompiledConcept {
  concept: Concept;
  ask: string[][];
  says: WordMatcher[][];
  needs: WordMatcher[][];
  also: WordMatcher[][];
  except: WordMatcher[][];
}

/** The longest start two words share ("terminat" and its stem "termin": "termin"). */
function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return a.slice(0, i);
}

/**
 * Stop words that carry no meaning of their own in a wording (articles, pronouns, auxiliaries, modals): "will commence"
 * is any "commence" ("shall commence" too). The others (no, not, any, for, of, until…) frame a lone word.
 */
const FILLERS: ReadonlySet<string> = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself " +
    "they them their theirs themselves what which who whom this that these those am is are was were be been being have has had " +
    "having do does did doing a an the and but if or because as will can should just don s t now then once here there when " +
    "where why how so than too very"
  ).split(" "),
);

/** A phrase of the vocabulary as words to match: each word folded, stemmed (`*` kept), stop words and question words dropped. */
function compile(phrase: string, dropQuestionWords: boolean): WordMatcher[] {
  const matchers: WordMatcher[] = [];
  const stops: string[][] = [[]];
  for (const raw of phrase.split(/\s+/)) {
    const prefix = raw.endsWith("*");
    const exact = raw.startsWith("=");
    for (const word of tokenize(raw.replace(/\*$/, ""))) {
      const folded = foldWord(word);
      if (dropQuestionWords && QUESTION_WORDS.has(folded)) continue;
      const stem = termOf(folded);
      if (stem === null) {
        if (!FILLERS.has(folded)) (stops.at(-1) as string[]).push(folded);
        continue;
      }
      matchers.push({ stem: prefix ? commonPrefix(folded, stem) : stem, prefix, ...(exact ? { exact: folded } : {}) });
      stops.push([]);
    }
  }
  // A wording of one kept word keeps the stop words written around it: without them it is any use of the word.
  const [only] = matchers;
  if (!dropQuestionWords && only && matchers.length === 1) {
    const [before = [], after = []] = stops;
    if (before.length) only.before = before;
    if (after.length) only.after = after;
  }
  return matchers;
}

let compiled: CompiledConcept[] | null = null;
/** The vocabulary, stemmed once on first use. */
function vocabulary(): CompiledConcept[] {
  compiled ??= CONCEPTS.map((concept) => ({
    concept,
    ask: concept.ask.map((p) => compile(p, true).map((m) => m.stem)).filter((p) => p.length > 0),
    says: concept.says.map((p) => compile(p, false)).filter((p) => p.length > 0),
    needs: (concept.needs ?? []).map((p) => compile(p, false)).filter((p) => p.length > 0),
    also: (concept.also ?? []).map((p) => compile(p, false)).filter((p) => p.length > 0),
    except: (concept.except ?? []).map((p) => compile(p, false)).filter((p) => p.length > 0),
  }));
  return compiled;
}

/** What a question asks: its own terms and the concepts it names. */
export interface QueryPlan {
  own: string[];
  concepts: CompiledConcept[];
  /** A question of question words alone ("this contract"): any passage with one of them is relevant. */
  broad?: boolean;
  /**
   * Set when the concepts were read by meaning without the confidence to say one is absent ("No governing-law clause
   * was found"): several close ones, or one without a phrase of it and without a clear lead. Unset: sure.
   */
  unsure?: boolean;
  /** Set when a concept was read by meaning, with no phrase of the vocabulary naming it. */
  byMeaning?: boolean;
}

/** A phrase of the vocabulary in the question adds this to its concept's score by meaning (shared on a tie). */
const PHRASE_SHARE = 0.1;
/**
 * Below this score by meaning, and with no phrase naming it, no concept is read: the question's own words alone are
 * searched. 0.1 before WordNet's synonyms, which bring every concept a little closer to any word: "Who do the olive
 * groves of Tala pass to?" then read 0.12 for assignment and change of control, whose wordings outranked the page about
 * the groves. No plain question of the dev set scores between the two.
 */
const MEANING_FLOOR = 0.13;
/**
 * Concepts within this of the best are searched together (three at most): the passages decide between them. 0.08 until
 * 2026-12-03; at 0.1 the even half's plain questions found their clause in the first three quotes 77.4 times in 100
 * (76.3), with "nothing" 4.2 (4.8); 0.12 and 0.14 cost first quotes, four concepts cost both.
 */
const PAIR_MARGIN = 0.1;
const PAIR_MOST = 3;
/** A concept read by meaning alone, with no phrase of it in the question, is said absent only with this lead. */
const ABSENT_MARGIN = 0.2;

/** The concepts a question's phrases name: those whose matched `ask` phrases cover the most of its words. */
function namedByPhrase(own: readonly string[]): CompiledConcept[] {
  const present = new Set(own);
  let best = 0;
  let named: CompiledConcept[] = [];
  for (const entry of vocabulary()) {
    const covered = new Set<string>();
    for (const phrase of entry.ask) if (phrase.every((stem) => present.has(stem))) phrase.forEach((stem) => covered.add(stem));
    if (covered.size === 0 || covered.size < best) continue;
    if (covered.size > best) [best, named] = [covered.size, []];
    named.push(entry);
  }
  // On a tie a clause wins over what every contract opens with ("a party" in a question is not about the parties).
  const clauses = named.filter((c) => !c.concept.opening);
  return clauses.length ? clauses : named;
}

/** Whether a concept's phrases cover every one of the question's own terms: the question is only its name. */
const phraseCovers = (entry: CompiledConcept, own: readonly string[]): boolean =>
  own.every((stem) => entry.ask.some((phrase) => phrase.includes(stem) && phrase.every((s) => own.includes(s))));

/**
 * The concepts a question is about when meaning is read too (understand.ts): each concept's score by meaning, plus
 * PHRASE_SHARE for one its phrases name. The best is taken when it leads by PAIR_MARGIN; closer ones are searched
 * with it. It may be said absent when a phrase names it or it leads by ABSENT_MARGIN.
 */
function namedByMeaning(named: readonly CompiledConcept[], whole: boolean, scores: ReadonlyMap<string, number>): { concepts: CompiledConcept[]; unsure: boolean } {
  const ranked = vocabulary()
    .map((entry) => ({ entry, score: (scores.get(entry.concept.id) ?? 0) + (named.includes(entry) ? PHRASE_SHARE / named.length : 0) }))
    .sort((a, b) => b.score - a.score);
  const [first, second] = ranked;
  if (!first || (!named.includes(first.entry) && first.score < MEANING_FLOOR)) return { concepts: [], unsure: true };
  // A question that is only the name of one clause asks about that one ("rofr/rofo/rofn": no word of it has a vector).
  if (whole && named.length === 1 && named[0] === first.entry) return { concepts: [first.entry], unsure: false };
  const lead = first.score - (second?.score ?? 0);
  if (lead < PAIR_MARGIN) {
    return { concepts: ranked.slice(0, PAIR_MOST).filter((r) => r.score >= first.score - PAIR_MARGIN).map((r) => r.entry), unsure: true };
  }
  return { concepts: [first.entry], unsure: !named.includes(first.entry) && lead < ABSENT_MARGIN };
}

/**
 * Reads a question: its own terms (distinct, in order) and the concepts it names. A concept is named when the
 * question holds every word of one of its `ask` phrases; the concepts whose matched phrases cover the most of the
 * question's words win (several on a tie). Once the meaning table is loaded (understand.ts), a question is also read
 * by meaning, and the concept that leads by meaning and phrase together is the one asked about.
 */
export function planQuery(query: string, { meaning = true }: { meaning?: boolean } = {}): QueryPlan {
  const words = tokenize(query).map(foldWord);
  const terms = (list: readonly string[]) => [...new Set(list.flatMap((w) => termOf(w) ?? []))];
  const own = terms(words.filter((w) => !QUESTION_WORDS.has(w)));
  const named = namedByPhrase(own);
  const scores = meaning ? meaningScores(query) : null;
  // A question of question words alone ("Summarise this contract") searches for them after all, a contract and an
  // agreement being one thing.
  const fallback = () => terms(words.flatMap((w) => (w === "contract" || w === "agreement" ? ["contract", "agreement"] : [w])));
  if (!own.length && !named.length) return { own: fallback(), concepts: [], broad: true };
  if (!scores) return { own, concepts: named };
  const read = namedByMeaning(named, named.length > 0 && phraseCovers(named[0] as CompiledConcept, own), scores);
  const byMeaning = read.concepts.some((c) => !named.includes(c));
  return { own, concepts: read.concepts, ...(read.unsure ? { unsure: true } : {}), ...(byMeaning ? { byMeaning: true } : {}) };
}

/** The concepts a question names (their ids), for tests and the Review's presets. */
export const conceptsOf = (query: string): string[] => planQuery(query).concepts.map((c) => c.concept.id);

/** What a candidate search looks for: stems, and prefixes of stems or words (a wording's word written with `*`). */
export interface SearchTerms {
  terms: string[];
  prefixes: string[];
}

/** The terms a candidate search looks for: own terms, and each wording's words (a prefix where written with `*`). */
export function searchTerms(plan: QueryPlan): SearchTerms {
  const terms = new Set(plan.own);
  const prefixes = new Set<string>();
  for (const { says } of plan.concepts) {
    for (const phrase of says) for (const word of phrase) (word.prefix ? prefixes : terms).add(word.stem);
  }
  return { terms: [...terms], prefixes: [...prefixes] };
}

/** A passage to be ranked: its text, and where it sits in its document (0 for the document's first passage). */
export interface Candidate {
  text: string;
  /** The passage's place among its document's passages: the first is 0. */
  position: number;
  /** The passage's kept words (terms.ts's textTerms of `text`) when the caller has read them already. */
  terms?: readonly TextTerm[];
  /** The title of its document or knowledge item: a question's word in it counts for each of its passages, a little. */
  title?: string;
}

/** How a candidate ranked. */
export interface Ranked<C extends Candidate> {
  candidate: C;
  score: number;
  /** The question's own terms and the wordings' words the passage matched, as written in it (folded): for marking. */
  words: string[];
  /** Whether the passage uses a wording of a concept the question names: it holds the clause. */
  clause: boolean;
  /** The share of the question's own-word weight the passage matched (1 for a passage holding the clause). */
  coverage: number;
  /**
   * Whether the passage holds the clause by more than one lone word: a wording of two words or more, two wordings, or
   * one beside another needed word.
   */
  strong: boolean;
}

/** What the rule concludes for a question over its candidates. */
export interface Ranking<C extends Candidate> {
  /** Relevant passages, best first. */
  results: Ranked<C>[];
  /** The concept asked about, when the question names one that may be said to be absent. */
  asked: Concept | null;
  /** True when a concept was asked about and no candidate holds it. */
  absent: boolean;
  /**
   * True when candidates hold it by lone words only ("competitor", "contest", "minimum"), none by a wording of two
   * words or more or by two wordings: a mention, not the clause. The Review's one-cell verdict says Not found then.
   */
  faint: boolean;
}

const K1 = 1.2;
const B = 0.75;
/** Own words count for more than the vocabulary's expansion. */
const OWN_WEIGHT = 1;
const EXPANSION_WEIGHT = 0.6;
/** A question's word in a passage's title counts this much of the same word in the passage. */
const TITLE_SHARE = 0.5;
/** A heading naming the concept ("GOVERNING LAW") adds this much of a wording's score. */
const HEADING_SHARE = 0.5;
/**
 * A passage defining a wording of an opening's concept as its term ('"Effective Date" means …') adds this much of the
 * wording's score: uses of the term are everywhere, its definition is the clause. Only for what a contract opens with
 * (its date, parties): elsewhere a definition is seldom the clause ('"Applicable Law" means …' is no choice of law;
 * given to every concept, it cost governing law 8 first quotes of 190 on the even half and gained nothing else).
 */
const DEFINITION_SHARE = 4;
/** How much a passage must match of the question's own weight to be relevant without holding a clause. */
const MIN_COVERAGE = 0.5;
/** How many passages from a document's start count as its opening. */
const OPENING_PASSAGES = 100;
/** How far apart the words of a wording may be: other kept words between two of them. */
const GAP = 2;

/** Whether a word of a passage is a word of a wording: the same stem, or (with `*`) a word or stem starting so. */
const matches = (term: TextTerm, word: WordMatcher): boolean =>
  word.exact !== undefined
    ? term.folded === word.exact
    : word.prefix
      ? term.term.startsWith(word.stem) || term.folded.startsWith(word.stem)
      : term.term === word.stem;

/** Whether `words` holds `wanted` in order, other words between them allowed. */
function inOrder(words: readonly string[], wanted: readonly string[]): boolean {
  let w = 0;
  for (const word of words) if (word === wanted[w]) w += 1;
  return w >= wanted.length;
}

/** Whether the stop words a lone word's wording writes around it are in the passage's text around its `i`th term. */
function surrounded(text: string, terms: readonly TextTerm[], i: number, word: WordMatcher): boolean {
  const folded = (from: number, to: number) => wordSpans(text.slice(from, to)).map((s) => s.folded);
  const term = terms[i] as TextTerm;
  if (word.before && !inOrder(folded(terms[i - GAP - 1]?.end ?? 0, term.start), word.before)) return false;
  return !word.after || inOrder(folded(term.end, terms[i + GAP + 1]?.start ?? text.length), word.after);
}

/** Whether a wording is one kept word framed by stop words ("for any reason"). */
const framed = (phrase: readonly WordMatcher[]): boolean => phrase.length === 1 && (phrase[0]?.before !== undefined || phrase[0]?.after !== undefined);

/**
 * Where a wording occurs in a passage's terms, from `from` on: the index of each of its words, or null. With `text`,
 * a lone word framed by stop words counts only where they frame it in that text.
 */
function find(terms: readonly TextTerm[], phrase: readonly WordMatcher[], from = 0, text?: string): number[] | null {
  const first = phrase[0] as WordMatcher;
  const frame = text !== undefined && framed(phrase);
  for (let i = from; i < terms.length; i += 1) {
    if (!matches(terms[i] as TextTerm, first)) continue;
    if (frame && !surrounded(text, terms, i, first)) continue;
    const at = [i];
    let j = i;
    for (let w = 1; w < phrase.length; w += 1) {
      let k = j + 1;
      while (k < terms.length && k - j <= GAP + 1 && !matches(terms[k] as TextTerm, phrase[w] as WordMatcher)) k += 1;
      if (k >= terms.length || k - j > GAP + 1) break;
      at.push(k);
      j = k;
    }
    if (at.length === phrase.length) return at;
  }
  return null;
}

/**
 * A passage's terms without those of the concept's excepted wordings ("exclusive jurisdiction" for exclusivity). An
 * excepted lone word is read where its stop words frame it, in the chat too ("not exclusive" masks no other "exclusive").
 */
function withoutExcepted(terms: readonly TextTerm[], except: readonly WordMatcher[][], text: string): readonly TextTerm[] {
  if (!except.length) return terms;
  const masked = new Set<number>();
  for (const phrase of except) {
    for (let at = find(terms, phrase, 0, text); at; at = find(terms, phrase, (at[0] as number) + 1, text)) {
      for (let i = at[0] as number; i <= (at.at(-1) as number); i += 1) masked.add(i);
    }
  }
  return masked.size ? terms.filter((_, i) => !masked.has(i)) : terms;
}

const idf = (df: number, n: number): number => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** The first line of a passage when it reads as a heading (short, no sentence in it). */
function headingTerms(text: string, terms: readonly TextTerm[]): TextTerm[] {
  const newline = text.indexOf("\n");
  const end = newline > 0 && newline <= 100 ? newline : -1;
  if (end < 0) {
    // "10. Governing Law. This Agreement…": a run-in heading ends at its first full stop after a capitalised phrase.
    const runIn = /^\s*(?:[0-9]{1,3}(?:\.[0-9]{1,3})*\.?\s+)?((?:[A-Z][A-Za-z'-]*\s*){1,5})[.:]/.exec(text);
    if (!runIn) return [];
    const stop = runIn[0].length;
    return terms.filter((t) => t.end <= stop);
  }
  return terms.filter((t) => t.end <= end);
}

/** A wording a contract defines reads as a term in quotation marks, then "means", "shall mean", "has the meaning"… */
const DEFINED_AFTER = /^[\s,]*(?:shall\s+|will\s+)?(?:means?|ha(?:s|ve)\s+the\s+meaning|refers?\s+to|is\s+defined)\b/i;
/** …or is named in parentheses after what it stands for: (the "Effective Date"), (hereinafter "the Term"). */
const DEFINED_BEFORE = /\((?:\s*(?:the|hereinafter|herein|each|collectively|individually|together)\b[\s,]*)*(?:referred\s+to\s+as\s+|called\s+)?(?:the\s+)?$/i;
const OPENING_QUOTE = /["“'‘]\s*$/;
const CLOSING_QUOTE = /^\s*["”'’]/;

/**
 * Whether the text defines the words from `start` to `end` as its own term: written in quotation marks and followed by
 * "means" ('"Effective Date" means October 31, 2019'), or named in parentheses ('(the "Effective Date")'). A contract
 * that defines a concept's term sets the clause out there; elsewhere it only uses the term.
 */
function defines(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 40);
  if (!OPENING_QUOTE.test(before) || !CLOSING_QUOTE.test(after)) return false;
  const rest = after.replace(CLOSING_QUOTE, "");
  return DEFINED_AFTER.test(rest) || DEFINED_BEFORE.test(before.replace(OPENING_QUOTE, ""));
}

/** Where the first of some wordings is in a passage's terms: [] when there are none to find, null when none is there. */
function firstFound(terms: readonly TextTerm[], wordings: readonly WordMatcher[][], text?: string): number[] | null {
  if (!wordings.length) return [];
  for (const wording of wordings) {
    const at = find(terms, wording, 0, text);
    if (at) return at;
  }
  return null;
}

/**
 * Ranks candidate passages for a question: relevant ones best first, whether they hold the clause asked about, and
 * whether that clause is absent from every candidate. Deterministic: the same candidates give the same ranking, in
 * whichever order they come (ties keep the order given, which callers make the reading order).
 *
 * `strict` (a Review cell's one verdict): a wording of one kept word holds the clause only where the stop words written
 * around it frame it ("for any reason", not "reasonably"). The chat, which quotes three passages, reads wordings loosely.
 */
export function rankPassages<C extends Candidate>(plan: QueryPlan, candidates: readonly C[], strict = false): Ranking<C> {
  const analysed = candidates.map((candidate) => ({ candidate, terms: candidate.terms ?? textTerms(candidate.text) }));
  const n = analysed.length;
  // Document frequencies over the candidates: of the question's own terms, and of every term when a concept's
  // wordings (any word, by prefix too) are to be weighed.
  const counted = plan.concepts.length ? null : new Set(plan.own);
  const df = new Map<string, number>();
  const seenIn = new Map<string, number>();
  analysed.forEach(({ terms }, i) => {
    for (const { term } of terms) {
      if ((counted && !counted.has(term)) || seenIn.get(term) === i) continue;
      seenIn.set(term, i);
      df.set(term, (df.get(term) ?? 0) + 1);
    }
  });
  const avgLength = n ? analysed.reduce((sum, a) => sum + a.terms.length, 0) / n : 1;
  const present = plan.own.filter((t) => (df.get(t) ?? 0) > 0);
  const weights = new Map(present.map((t) => [t, idf(df.get(t) ?? 0, n)]));
  const meanWeight = present.length ? [...weights.values()].reduce((a, b) => a + b, 0) / present.length : 0;
  const ownTotal = present.length ? [...weights.values()].reduce((a, b) => a + b, 0) + (plan.own.length - present.length) * meanWeight : 0;
  /** A word's BM25 contribution for a term frequency in a passage of this many terms. */
  const bm25 = (weight: number, tf: number, length: number) => (weight * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / avgLength));
  const opening = plan.concepts.some((c) => c.concept.opening);

  const ranked: Ranked<C>[] = [];
  const titles = new Map<string, Set<string>>();
  const titleTerms = (title: string) => {
    let found = titles.get(title);
    if (!found) titles.set(title, (found = new Set(textTerms(title).map((t) => t.term))));
    return found;
  };
  for (const { candidate, terms } of analysed) {
    const inTitle = candidate.title === undefined ? null : titleTerms(candidate.title);
    const tf = new Map<string, number>();
    const words = new Set<string>();
    for (const t of terms) {
      if (!weights.has(t.term)) continue;
      tf.set(t.term, (tf.get(t.term) ?? 0) + 1);
      words.add(t.folded);
    }
    let own = 0;
    let matched = 0;
    for (const [term, weight] of weights) {
      const count = tf.get(term) ?? 0;
      if (inTitle?.has(term)) {
        own += TITLE_SHARE * weight;
        if (!count) matched += weight;
      }
      if (!count) continue;
      own += bm25(weight, count, terms.length);
      matched += weight;
    }
    let expansion = 0;
    let clause = false;
    let strong = false;
    const heading = plan.concepts.length ? headingTerms(candidate.text, terms) : [];
    const framing = strict ? candidate.text : undefined;
    for (const entry of plan.concepts) {
      const usable = withoutExcepted(terms, entry.except, candidate.text);
      const needed = firstFound(usable, entry.needs, framing);
      if (needed === null) continue;
      if (firstFound(usable, entry.also, framing) === null) continue;
      const found: number[] = [];
      // How firmly the passage holds the clause: a wording of two words or more counts two, a lone word one, and a
      // word of `needs` that no wording matched one more (not one of `also`: a "may", a "use" says nothing of the
      // clause by itself). Below two it is a mention ("a direct competitor"), not the clause.
      let firmness = 0;
      const said = new Set<string>();
      for (const phrase of entry.says) {
        const at = find(usable, phrase, 0, framing);
        if (!at) continue;
        const hit = at.map((i) => usable[i] as TextTerm);
        // A wording scores its words' weight over the candidates (a rarer wording says more), longer ones more.
        const weight = hit.reduce((sum, t) => sum + idf(df.get(t.term) ?? 0, n), 0);
        found.push(weight * (1 + 0.25 * (phrase.length - 1)));
        firmness += phrase.length >= 2 ? 2 : 1;
        for (const t of hit) {
          words.add(t.folded);
          said.add(t.term);
        }
        if (hit.some((t) => heading.includes(t))) found.push(weight * HEADING_SHARE);
        if (entry.concept.opening && phrase.length >= 2 && defines(candidate.text, (hit[0] as TextTerm).start, (hit.at(-1) as TextTerm).end)) found.push(weight * DEFINITION_SHARE);
      }
      if (!found.length) continue;
      clause = true;
      if (needed.some((i) => !said.has((usable[i] as TextTerm).term))) firmness += 1;
      if (firmness >= 2) strong = true;
      // Several wordings add up. For a question read by meaning each counts whole: it names its clause in none of the
      // vocabulary's words, so its own words tell little about which passage is the clause, and one saying the clause
      // in several ways is it more often (the even half's plain questions, 2026-12-03: the clause quoted first 60.8
      // to 64.2 times in 100, its wordings now weighing 0.6 of an own word as a sure reading's do, not 0.45). For one
      // naming its clause, with diminishing returns (the best whole, the next half, and so on): its other words then
      // decide between the passages holding it ("Which law governs this agreement in Illinois?"), and counted whole,
      // four of the Review's presets quoted the experts' clause once less.
      found.sort((a, b) => b - a);
      expansion += found.reduce((sum, w, i) => sum + (plan.byMeaning ? w : w / 2 ** i), 0);
    }
    const coverage = clause ? 1 : ownTotal > 0 ? matched / ownTotal : 0;
    if (!clause && (plan.broad ? matched === 0 : coverage < MIN_COVERAGE)) continue;
    const score = OWN_WEIGHT * own + EXPANSION_WEIGHT * expansion;
    ranked.push({ candidate, score, words: [...words].sort(), clause, coverage, strong });
  }
  if (opening) {
    // A contract's name, parties and date open it: its first passages gain up to the best score found.
    const best = Math.max(0, ...ranked.map((r) => r.score));
    for (const r of ranked) if (r.candidate.position < OPENING_PASSAGES) r.score += best / (1 + r.candidate.position);
  }
  // A clause the question names comes first; one read by meaning alone competes on score with the question's own words.
  const clauseFirst = !plan.byMeaning;
  ranked.sort((a, b) => (clauseFirst ? Number(b.clause) - Number(a.clause) : 0) || b.score - a.score);
  const sayable = plan.unsure ? [] : plan.concepts.filter((c) => c.concept.sayAbsent);
  const asked = sayable.length === plan.concepts.length && sayable.length > 0 ? (sayable[0] as CompiledConcept).concept : null;
  const absent = asked !== null && !ranked.some((r) => r.clause);
  const faint = asked !== null && !absent && !ranked.some((r) => r.strong);
  return { results: ranked, asked, absent, faint };
}
