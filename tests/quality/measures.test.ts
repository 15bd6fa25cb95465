/**
 * The quality benchmark's own rules (issue 42), on small made-up contracts and answers: where a quote is in its
 * contract, when it holds an expert's span (by place, and the old rule by its words), the figures, how a reply is read,
 * and the category → concept map. The benchmark's figures are only as good as these.
 */
import { describe, expect, it } from "vitest";
import { textPages } from "../../src/lib/documents/text";
import { CONCEPTS } from "../../src/lib/search/vocabulary";
import { PLAIN_QUESTIONS, readLabels, readPlainQuestions } from "../fixtures/cuadDev";
import { CATEGORY_CONCEPTS, clauseOf, conceptOf } from "./concepts";
import { figures, holds, type Answered, type Asked } from "./metrics";
import { collapse, holdsByPlace, locator, overlaps, type Place, type Span } from "./place";
import { mergeParts, verdictOf, type Answers } from "./run";

/** Three pages (form feeds), Windows line endings: the page texts are tidied, so their offsets are not the contract's. */
const CONTRACT = [
  'SERVICES AGREEMENT\r\n\r\nThis Agreement is made between Acme Corp. ("Acme") and Beta LLC ("Beta").\r\n',
  "\r\n1. Governing law. This Agreement is governed by the laws of\r\nNew York.\r\n",
  "2. Assignment. Acme may not assign this Agreement. Acme shall give notice.\r\n",
].join("\f");
const PAGES = textPages(CONTRACT);
const at = locator(CONTRACT, PAGES);

/** The place of the n-th copy (0-based) of a text in the contract. */
function placeIn(text: string, nth = 0): Place {
  let start = -1;
  for (let i = 0; i <= nth; i += 1) start = CONTRACT.indexOf(text, start + 1);
  return { start, end: start + text.length };
}
const stretch = (from: string, to: string): Place => ({ start: CONTRACT.indexOf(from), end: CONTRACT.indexOf(to) + to.length });

describe("where a quote is in its contract", () => {
  it("reads the contract as three pages", () => {
    expect(PAGES).toHaveLength(3);
  });

  it.each([
    { a: { start: 0, end: 10 }, b: { start: 5, end: 15 }, overlap: true },
    { a: { start: 5, end: 15 }, b: { start: 0, end: 10 }, overlap: true },
    { a: { start: 0, end: 10 }, b: { start: 2, end: 3 }, overlap: true },
    { a: { start: 0, end: 10 }, b: { start: 10, end: 20 }, overlap: false },
    { a: { start: 20, end: 30 }, b: { start: 0, end: 10 }, overlap: false },
  ])("$a and $b overlap: $overlap", ({ a, b, overlap }) => {
    expect(overlaps(a, b)).toBe(overlap);
  });

  it.each([
    { text: "a  b\r\n c", collapsed: "a b c", at: [0, 1, 3, 4, 7] },
    { text: "\n  lead and trail \n", collapsed: "lead and trail", at: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] },
  ])("collapses $text", ({ text, collapsed, at: offsets }) => {
    expect(collapse(text)).toEqual({ text: collapsed, at: offsets });
  });

  it.each([
    { case: "a quote on its page", page: 1, quote: 'Acme Corp. ("Acme")', hint: undefined, place: placeIn('Acme Corp. ("Acme")') },
    { case: "a quote across a line break (\\r\\n in the contract, \\n on the page)", page: 2, quote: "governed by the laws of\nNew York.", hint: undefined, place: stretch("governed by", "New York.") },
    { case: "a quote whose white space differs from the page's", page: 2, quote: "the laws of   New York", hint: undefined, place: stretch("the laws of", "New York") },
    { case: "words on three pages: the cited page's copy", page: 2, quote: "This Agreement", hint: undefined, place: placeIn("This Agreement", 1) },
    { case: "words twice on one page, no offset: the first copy", page: 3, quote: "Acme", hint: undefined, place: placeIn("Acme", 2) },
    { case: "words twice on one page: the copy the citation's offset names", page: 3, quote: "Acme", hint: PAGES[2]?.lastIndexOf("Acme"), place: placeIn("Acme", 3) },
    { case: "a quote its cited page does not hold", page: 2, quote: "Beta LLC", hint: undefined, place: null },
    { case: "a page the contract does not have", page: 4, quote: "Acme", hint: undefined, place: null },
    { case: "an empty quote", page: 1, quote: "  ", hint: undefined, place: null },
  ])("places $case", ({ page, quote, hint, place }) => {
    expect(at.quote(page, quote, hint)).toEqual(place);
  });

  it.each([
    { case: "a word of page 2", page: 2, from: "governed", to: "governed", place: placeIn("governed") },
    { case: "the whole of page 3", page: 3, from: "2. Assignment", to: "notice.", place: stretch("2. Assignment", "notice.") },
    { case: "nothing", page: 1, from: "SERVICES", to: "", place: null },
  ])("places a page's offsets: $case", ({ page, from, to, place }) => {
    const text = PAGES[page - 1] ?? "";
    const start = text.indexOf(from);
    const end = to ? text.indexOf(to) + to.length : start;
    expect(at.range(page, start, end)).toEqual(place);
  });

  it("refuses pages that are not the contract's", () => {
    expect(() => locator(CONTRACT, ["no such text"])).toThrow(/page 1/);
  });
});

/** The expert span of a made-up question: the parties' names in the preamble. */
const PARTY: Span = { text: "Acme Corp.", start: CONTRACT.indexOf("Acme Corp.") };
const LAW: Span = { text: "This Agreement is governed by the laws of\r\nNew York.", start: CONTRACT.indexOf("This Agreement is governed") };

/** A quote at a place (its text is the contract's there). */
const quoteAt = (place: Place | null) => ({ text: place ? CONTRACT.slice(place.start, place.end) : "", place });
const ELSEWHERE = quoteAt(stretch("Acme Corp. (", "LLC")); // the preamble, beside the party span
const ASSIGNMENT = quoteAt(stretch("Acme may not", "notice.")); // names "Acme", far from the preamble
const LAW_QUOTE = quoteAt(stretch("1. Governing law.", "New York."));
const NAME_ONLY = { text: "Acme Corp.", place: placeIn("Acme Corp.") };

function asked(over: { spans?: Span[]; impossible?: boolean; quotes?: { text: string; place: Place | null }[]; verdict?: Answered["verdict"]; absentClause?: string; ms?: number }): Asked {
  const quotes = over.quotes ?? [];
  return {
    category: "Governing Law",
    clause: "governing-law",
    spans: over.spans ?? [],
    impossible: over.impossible ?? (over.spans ?? []).length === 0,
    answered: { quotes: quotes.map((q) => q.text), places: quotes.map((q) => q.place), verdict: over.verdict ?? "found", absentClause: over.absentClause, ms: over.ms ?? 1 },
  };
}

describe("the figures of a set of answers", () => {
  it.each([
    {
      case: "the span's place quoted first",
      asked: asked({ spans: [LAW], quotes: [LAW_QUOTE] }),
      figures: { hitAt1: 100, hitAt3: 100, hitAt1Text: 100, hitAt3Text: 100, wrongQuotes: 0, falseNothing: 0 },
    },
    {
      case: "a party's name quoted from another clause: a hit by the old rule only",
      asked: asked({ spans: [{ text: "Acme", start: CONTRACT.indexOf("Acme") }], quotes: [ASSIGNMENT] }),
      figures: { hitAt1: 0, hitAt3: 0, hitAt1Text: 100, hitAt3Text: 100, wrongQuotes: 100 },
    },
    {
      case: "a quote beside the span that shares its place",
      asked: asked({ spans: [PARTY], quotes: [ELSEWHERE] }),
      figures: { hitAt1: 100, hitAt1Text: 100 },
    },
    {
      case: "the span's exact words quoted where the experts marked them",
      asked: asked({ spans: [PARTY], quotes: [NAME_ONLY] }),
      figures: { hitAt1: 100, hitAt1Text: 100 },
    },
    {
      case: "the span quoted second",
      asked: asked({ spans: [LAW], quotes: [ASSIGNMENT, LAW_QUOTE] }),
      figures: { hitAt1: 0, hitAt3: 100, wrongQuotes: 0 },
    },
    {
      case: "the span quoted fourth: three wrong quotes",
      asked: asked({ spans: [LAW], quotes: [ASSIGNMENT, ELSEWHERE, ASSIGNMENT, LAW_QUOTE] }),
      figures: { hitAt3: 0, hitAt3Text: 0, wrongQuotes: 100, falseNothing: 0 },
    },
    {
      case: "a quote not found on its page",
      asked: asked({ spans: [LAW], quotes: [{ text: LAW_QUOTE.text, place: null }] }),
      figures: { hitAt1: 0, hitAt1Text: 100, wrongQuotes: 100, unplaced: 1 },
    },
    {
      case: "nothing found although there is a clause",
      asked: asked({ spans: [LAW], verdict: "nothing" }),
      figures: { hitAt3: 0, falseNothing: 100, wrongQuotes: 0, wrongAbsent: 0, otherAbsent: 0 },
    },
    {
      case: "the clause asked about said absent although the experts marked it",
      asked: asked({ spans: [LAW], verdict: "absent", absentClause: "governing-law", quotes: [LAW_QUOTE] }),
      figures: { hitAt1: 0, falseNothing: 100, wrongAbsent: 100, wrongQuotes: 0, otherAbsent: 0 },
    },
    {
      case: "another clause said absent although the experts marked this one",
      asked: asked({ spans: [LAW], verdict: "absent", absentClause: "unlimited-licence" }),
      figures: { falseNothing: 100, wrongAbsent: 0, otherAbsent: 100 },
    },
    {
      case: "the clause asked about said absent, rightly",
      asked: asked({ verdict: "absent", absentClause: "governing-law" }),
      figures: { absentSaid: 100, otherAbsent: 0, hitAt1: 0, falseNothing: 0 },
    },
    {
      case: "another clause said absent where the one asked about is absent",
      asked: asked({ verdict: "absent", absentClause: "unlimited-licence" }),
      figures: { absentSaid: 0, otherAbsent: 100 },
    },
    {
      case: "a passage quoted where there is no such clause",
      asked: asked({ quotes: [ASSIGNMENT] }),
      figures: { absentSaid: 0, otherAbsent: 0, wrongQuotes: 0 },
    },
  ])("$case", ({ asked: one, figures: expected }) => {
    expect(figures([one])).toMatchObject({ ...expected, questions: 1 });
  });

  it("shares out of the questions each figure is about, to one decimal, and the 95th percentile of the time", () => {
    const set = [
      asked({ spans: [LAW], quotes: [LAW_QUOTE], ms: 3 }),
      asked({ spans: [LAW], quotes: [ASSIGNMENT], ms: 5 }),
      asked({ spans: [LAW], verdict: "nothing", ms: 1 }),
      asked({ verdict: "absent", absentClause: "governing-law", ms: 2 }),
      asked({ quotes: [ASSIGNMENT], ms: 40 }),
    ];
    expect(figures(set)).toEqual({
      hitAt1: 33.3,
      hitAt3: 33.3,
      hitAt1Text: 33.3,
      hitAt3Text: 33.3,
      falseNothing: 33.3,
      wrongQuotes: 33.3,
      wrongAbsent: 0,
      absentSaid: 50,
      otherAbsent: 0,
      p95ms: 40,
      questions: 5,
      unplaced: 0,
    });
  });

  it.each([
    { quote: "governed by the LAWS of New York", span: "the laws of new york", holds: true },
    { quote: "Acme", span: "Acme Corp.", holds: false },
    { quote: "… This Agreement is governed by the laws of", span: "This Agreement is governed by the laws of\r\nNew York, without regard to its conflict rules.", holds: true },
  ])("by the old rule, $quote holds $span: $holds", ({ quote, span, holds: expected }) => {
    expect(holds(quote, span)).toBe(expected);
  });

  it("counts a span by place whichever of its spans a quote overlaps", () => {
    expect(holdsByPlace(LAW_QUOTE.place, [PARTY, LAW])).toBe(true);
    expect(holdsByPlace(null, [PARTY, LAW])).toBe(false);
  });
});

describe("how a reply is read", () => {
  const locators = new Map([["doc-1", at]]);
  const citation = (page: number, quote: string, id = `page:doc-1:${String(page)}#0`) => ({ id, title: "doc-1", page, source: "Benchmark", ref: { kind: "page" as const, docId: "doc-1" }, quote });

  it.each([
    { case: "nothing found", content: "I found nothing in “doc-1” that answers this. Try a wider scope.", verdict: "nothing", absentClause: undefined },
    { case: "an absence", content: "No governing-law clause was found in “doc-1”.\n\nThe closest passages are related, not such a clause:", verdict: "absent", absentClause: "governing-law" },
    { case: "an absence whose clause has a space", content: "No licensor-affiliate licence clause was found in “doc-1”.", verdict: "absent", absentClause: "licensor-affiliate licence" },
    { case: "quotes", content: "I found 1 relevant passage in “doc-1”.\n\n> No assignment … [1]", verdict: "found", absentClause: undefined },
  ])("$case", ({ content, verdict, absentClause }) => {
    const read = verdictOf({ content }, 2, locators);
    expect(read).toEqual({ quotes: [], places: [], verdict, ms: 2, ...(absentClause ? { absentClause } : {}) });
  });

  it("places each citation's quote on its page, by the offset its id ends with", () => {
    const page3 = PAGES[2] ?? "";
    const read = verdictOf(
      {
        content: "I found 3 relevant passages in “doc-1”.",
        citations: [citation(2, "governed by the laws of\nNew York."), citation(3, "Acme", `page:doc-1:3#${String(page3.lastIndexOf("Acme"))}`), { ...citation(1, "Acme"), ref: { kind: "page" as const, docId: "doc-2" } }],
      },
      2,
      locators,
    );
    expect(read.places).toEqual([stretch("governed by", "New York."), placeIn("Acme", 3), null]);
  });
});

describe("the answers of parts of the questions", () => {
  const a = (n: number) => asked({ ms: n });
  it.each([
    { parts: [{ browser: { details: [a(0), a(2), a(4)] } }, { browser: { details: [a(1), a(3)] } }], ms: [0, 1, 2, 3, 4] },
    { parts: [{ browser: { details: [a(0)] } }], ms: [0] },
  ])("are put back in the questions' order", ({ parts, ms }) => {
    expect(mergeParts(parts as Answers[]).browser?.details?.map((x) => x.answered.ms)).toEqual(ms);
  });
});

describe("CUAD's categories and the vocabulary's concepts", () => {
  const categories = [...new Set(readLabels().map((l) => l.category))];

  it("maps each of the dev set's 41 categories to a concept of the vocabulary", () => {
    expect(categories).toHaveLength(41);
    expect(categories.filter((c) => !conceptOf(c))).toEqual([]);
    expect(Object.keys(CATEGORY_CONCEPTS).sort()).toEqual([...categories].sort());
  });

  it("names a different clause for each category, so one absence is not taken for another", () => {
    const clauses = categories.map(clauseOf);
    expect(new Set(clauses).size).toBe(41);
  });

  it.each([
    { category: "Governing Law", concept: "governing-law" },
    { category: "Anti-Assignment", concept: "anti-assignment" },
    { category: "Expiration Date", concept: "expiration-date" },
    { category: "Unlimited/All-You-Can-Eat-License", concept: "unlimited-license" },
    { category: "Rofr/Rofo/Rofn", concept: "rofr" },
    { category: "Competitive Restriction Exception", concept: "competitive-restriction-exception" },
  ])("$category is $concept, and its absence names that concept's clause", ({ category, concept }) => {
    expect(conceptOf(category)?.id).toBe(concept);
    expect(clauseOf(category)).toBe(CONCEPTS.find((c) => c.id === concept)?.clause);
  });

  it("has no concept for a category outside CUAD", () => {
    expect(conceptOf("Indemnity")).toBeUndefined();
  });

  it("has five plain questions for each category, in CUAD's order (Document Name 1, odd; Parties 2, even)", () => {
    const plain = readPlainQuestions(PLAIN_QUESTIONS);
    expect(plain.categories).toEqual(categories);
    expect(plain.categories.slice(0, 2)).toEqual(["Document Name", "Parties"]);
    expect(Object.values(plain.questions).map((q) => q.length)).toEqual(Array(41).fill(5));
  });
});
