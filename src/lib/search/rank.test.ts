import { detailsOf, readLabels } from "../../../tests/fixtures/cuadDev";
import { CATEGORY_CONCEPTS } from "../../../tests/quality/concepts";
import { describe, expect, it } from "vitest";
import { passageRanges } from "./worker/clauses";
import { conceptsOf, planQuery, rankPassages, searchTerms, type Candidate } from "./rank";

/** CUAD's 41 categories (tests/fixtures/cuad-dev/labels.json) and the concept of the vocabulary each names. */
const CUAD_CONCEPTS = Object.entries(CATEGORY_CONCEPTS);

/** Each category's question in CUAD's own words: the text after "Details:". */
const DETAILS: ReadonlyMap<string, string> = new Map(readLabels().map(({ category, question }) => [category, detailsOf(question)]));

/** Passages as the index hands them to the rule: in reading order, each with its place in its document. */
const candidates = (...texts: string[]): Candidate[] => texts.map((text, i) => ({ text, position: i }));
const firstOf = (question: string, list: readonly Candidate[]) => rankPassages(planQuery(question), list).results[0]?.candidate.text;

const FILLER = [
  "The Supplier shall deliver the goods to the Buyer's warehouse in Springfield.",
  "Each party shall keep the other party's confidential information secret.",
  "The Buyer shall pay each invoice within thirty days of receiving it.",
];

const CONTRACT = `DISTRIBUTION AGREEMENT

This Distribution Agreement is made on 1 March 2021 between Northwind Foods Inc. (the "Supplier") and Harbor Trading LLC (the "Distributor").

1. APPOINTMENT
The Supplier appoints the Distributor as its distributor of the Products in the Territory, and the Distributor accepts the appointment.

2. PRICE AND PAYMENT
The Distributor shall pay the prices in Schedule A within thirty days of each invoice.

3. TERM
This Agreement shall commence on the Effective Date and shall continue for a period of five years, unless terminated earlier under clause 4.

4. TERMINATION
Either party may terminate this Agreement for material breach on thirty days' written notice, if the breach is not cured within that time.

5. NOTICES
Notices shall be in writing and sent by courier to the addresses above.

6. GOVERNING LAW
This Agreement shall be governed by and construed in accordance with the laws of the State of New York.`;

describe("the vocabulary names CUAD's 41 categories", () => {
  it("the table lists every category of the dev set once, and each names its own concept", () => {
    expect(CUAD_CONCEPTS.map(([category]) => category).sort()).toEqual([...DETAILS.keys()].sort());
    expect(new Set(CUAD_CONCEPTS.map(([, concept]) => concept)).size).toBe(CUAD_CONCEPTS.length);
  });

  it.each(CUAD_CONCEPTS)("%s -> %s, asked in CUAD's words or in short", (category, concept) => {
    expect(conceptsOf(DETAILS.get(category) ?? "")).toEqual([concept]);
    expect(conceptsOf(`What does this contract say about ${category.toLowerCase()}?`)).toEqual([concept]);
  });
});

describe("rankPassages: the relevance rule", () => {
  it("a word no passage contains does not veto an answer", () => {
    const clause = "This Agreement is to be construed according to the laws of the State of Illinois.";
    expect(firstOf("What does this contract say about governing law?", candidates(...FILLER, clause))).toBe(clause);
    const ranking = rankPassages(planQuery("What is the notice period for quokka deliveries?"), candidates(...FILLER, "Notice of a delivery shall be given within a period of five days."));
    expect(ranking.results.map((r) => r.candidate.text)).toContain("Notice of a delivery shall be given within a period of five days.");
  });

  it("the question's own words count for more than the vocabulary's expansion", () => {
    const own = "This Agreement is governed by the laws of the State of Illinois.";
    const expanded = "This Agreement is governed by and construed in accordance with the laws of the State of Delaware.";
    for (const list of [candidates(own, expanded, ...FILLER), candidates(expanded, own, ...FILLER)]) {
      const { results } = rankPassages(planQuery("Which law governs this agreement in Illinois?"), list);
      expect(results.map((r) => r.candidate.text).slice(0, 2)).toEqual([own, expanded]);
      expect(results.every((r) => r.clause === (r.candidate.text === own || r.candidate.text === expanded))).toBe(true);
    }
  });

  it("a question naming a concept none of the candidates holds says it is absent; one that holds it does not", () => {
    const absent = rankPassages(planQuery("What does this contract say about governing law?"), candidates(...FILLER));
    expect(absent).toMatchObject({ absent: true, asked: { id: "governing-law", clause: "governing-law" } });
    expect(absent.results.every((r) => !r.clause)).toBe(true);
    const present = rankPassages(planQuery("What does this contract say about governing law?"), candidates(...FILLER, "The laws of England govern this Agreement."));
    expect(present.absent).toBe(false);
    expect(rankPassages(planQuery("Springfield warehouse"), candidates(...FILLER))).toMatchObject({ absent: false, asked: null });
  });

  it("a passage saying the deal is not exclusive holds no exclusivity clause, in the chat and in a Review cell; an exclusive one does", () => {
    const question = "What does this contract say about exclusivity?";
    const not = "Except as expressly stated herein, this Agreement is not exclusive as to either party, and each party may conduct any other business.";
    const exclusive = "During the Term, the Distributor shall purchase the Products exclusively from the Supplier.";
    for (const strict of [false, true]) {
      expect(rankPassages(planQuery(question), candidates(...FILLER, not), strict)).toMatchObject({ absent: true, asked: { id: "exclusivity" } });
      const both = rankPassages(planQuery(question), candidates(...FILLER, not, exclusive), strict);
      expect(both.absent).toBe(false);
      expect(both.results.find((r) => r.clause)?.candidate.text).toBe(exclusive);
    }
  });

  it("a clause held by one lone word is a mention (faint); two words, or a wording of two, hold it", () => {
    const question = "Is either party restricted from competing with the other?";
    const mention = "Neither party may assign this Agreement to a direct competitor of the other party without its written consent.";
    const held = "During the Term, Distributor shall not compete with Supplier or engage in any competitive business in the Territory.";
    const faint = rankPassages(planQuery(question), candidates(...FILLER, mention));
    expect(faint).toMatchObject({ absent: false, faint: true, asked: { id: "non-compete" } });
    expect(faint.results.find((r) => r.candidate.text === mention)).toMatchObject({ clause: true, strong: false });
    const firm = rankPassages(planQuery(question), candidates(...FILLER, mention, held));
    expect(firm).toMatchObject({ absent: false, faint: false });
    expect(firm.results[0]).toMatchObject({ clause: true, strong: true, candidate: { text: held } });
    // A lone wording with another needed word beside it holds the clause: "nontransferable" in a licence grant.
    const licence = rankPassages(planQuery("Is the licence transferable?"), candidates(...FILLER, "Licensor grants Reseller a nontransferable right to use the Software."));
    expect(licence.asked?.id).toBe("non-transferable-license");
    expect(licence.faint).toBe(false);
  });

  it("what follows a termination 'for any reason' is no right to terminate for convenience; a right to terminate for any reason is", () => {
    const question = "Can a party terminate the agreement without cause, and on what notice?";
    const after = "Upon termination of this Agreement for any reason, Distributor may sell its remaining stock for ninety days.";
    const unable = "If Licensee is unable for any reason to cure the default, Licensor may terminate this Agreement on written notice.";
    expect(rankPassages(planQuery(question), candidates(...FILLER, after, unable), true)).toMatchObject({ absent: true });
    const right = "Either party may terminate this Agreement for any reason upon 180 days' prior written notice.";
    const held = rankPassages(planQuery(question), candidates(...FILLER, after, unable, right), true);
    expect(held).toMatchObject({ absent: false, faint: false });
    expect(held.results[0]?.candidate.text).toBe(right);
  });

  it("a word the concept also needs does not make a lone wording firm: land's improvements are no IP", () => {
    const question = "Who owns the intellectual property created under the agreement?";
    // "property" (of "property of") beside "improvements", a word IP ownership also needs: a mention.
    const land = "STW shall repair all damages to roads, fences, or improvements caused by its activities on the Property of the Landowner.";
    expect(rankPassages(planQuery(question), candidates(...FILLER, land), true)).toMatchObject({ absent: false, faint: true });
    const held = "All improvements to the Licensed Technology shall be the property of Licensor.";
    expect(rankPassages(planQuery(question), candidates(...FILLER, held), true)).toMatchObject({ absent: false, faint: false });
  });

  it("a term of a contract's opening is set out where the contract defines it, not where it uses it", () => {
    const definition = '"Effective Date" means October 31, 2019.';
    const uses = [
      "Northwind Foods Inc. will invoice Harbor Trading LLC an advance payment promptly after the Effective Date.",
      "Promptly after the Effective Date, the Parties will establish a steering committee to oversee the Program.",
      "Each Party will hold the other's information in confidence for a period commencing on the Effective Date.",
    ];
    // Past the opening's passages, as a definitions article often is; the uses are in the body.
    const late = (text: string, position: number): Candidate => ({ text, position });
    const others = Array.from({ length: 12 }, (_, i) => `Schedule ${String(i + 1)} lists the Products of delivery ${String(i + 1)} and their prices.`);
    const body = [...uses, ...FILLER, ...others].map((text, i) => late(text, 110 + i));
    const list = [
      ...body,
      late('"Cure Period" means a period commencing on the date the defaulting Party receives the written notice of breach.', 150),
      late(definition, 152),
    ];
    expect(firstOf("When does this agreement take effect?", list)).toBe(definition);
    expect(firstOf("What is the effective date?", list)).toBe(definition);
    // Named in parentheses after what it stands for, it is defined too.
    const named = 'The Parties signed this Agreement on 2 May 2020, and it shall become binding on 1 June 2020 (the "Effective Date").';
    expect(firstOf("When does this agreement take effect?", [...body, late(named, 140)])).toBe(named);
    // A definition of another term is no definition of this one; used, not defined, the term is only used.
    expect(firstOf("When does this agreement take effect?", [...body, late("The Effective Date means the day the last Party signs.", 152)])).not.toBe("The Effective Date means the day the last Party signs.");
  });

  it("strict (a Review cell): a wording of one kept word holds the clause only with the stop words written around it", () => {
    const question = "Can a party terminate the agreement without cause, and on what notice?";
    const strict = (q: string, ...texts: string[]) => rankPassages(planQuery(q), candidates(...FILLER, ...texts), true);
    // "for any reason" is not "reason" anywhere: a breach that cannot reasonably be cured is termination for cause.
    const forCause = "If the breach cannot reasonably be cured within 30 days, the other party may terminate this Agreement by notice.";
    const convenience = "Either party may terminate this Agreement for any other reason on ninety days' written notice.";
    expect(strict(question, forCause)).toMatchObject({ absent: true, asked: { id: "termination-for-convenience" } });
    const both = strict(question, forCause, convenience);
    expect(both).toMatchObject({ absent: false, asked: { id: "termination-for-convenience" } });
    expect(both.results[0]).toMatchObject({ clause: true, candidate: { text: convenience } });
    // The chat reads the lone word loosely, as before: three quotes, not one verdict.
    expect(rankPassages(planQuery(question), candidates(...FILLER, forCause)).absent).toBe(false);
    // And ranks by its score what holds the clause loosely: the memo naming the matter asked about comes before a
    // contract's cap clause ("no liability" read strictly would put the clauses first).
    const memo = "Kyrenia liability cap: 2 million.";
    const clauses = ["6.1 The Contractor's total liability under this Agreement is limited to the price.", "6.2 Neither party is liable for loss of profit."];
    expect(rankPassages(planQuery("What is the Kyrenia liability cap?"), candidates(...clauses, memo)).results[0]?.candidate.text).toBe(memo);
    // "not be liable" needs its "not"; "will commence" is any commencing ("shall commence"): "will" frames nothing.
    expect(strict("Is liability capped?", "The Supplier shall be liable for the goods until delivery.").results.some((r) => r.clause)).toBe(false);
    expect(strict("Is liability capped?", "The Supplier shall not be liable for lost profits.").results[0]).toMatchObject({ clause: true });
    expect(strict("What is the term of this agreement?", "This Agreement shall commence on 1 May 2021.").results[0]).toMatchObject({ clause: true });
  });

  it.each([
    ["Which law governs this agreement?", /^6\. GOVERNING LAW\nThis Agreement shall be governed by/],
    ["How long is the term of the agreement?", /^3\. TERM\nThis Agreement shall commence on the Effective Date/],
    ["What does this contract say about governing law?", /^6\. GOVERNING LAW/],
  ])("%s finds its clause in a small contract", (question, clause) => {
    const passages = candidates(...passageRanges(CONTRACT).map(({ start, end }) => CONTRACT.slice(start, end)));
    expect(passages.length).toBeGreaterThan(5);
    expect(firstOf(question, passages)).toMatch(clause);
  });

  it("is deterministic: the same candidates in another order rank alike", () => {
    const passages = candidates(...passageRanges(CONTRACT).map(({ start, end }) => CONTRACT.slice(start, end)));
    const rank = (list: readonly Candidate[]) => rankPassages(planQuery("How long is the term of the agreement?"), list).results.map((r) => [r.candidate.text, r.score]);
    expect(rank([...passages].reverse())).toEqual(rank(passages));
  });

  it("searchTerms sends the question's own stems and its wordings' words, prefixes where written with *", () => {
    expect(searchTerms(planQuery("Which law governs this agreement?")).terms).toEqual(expect.arrayContaining(["law", "govern", "constru"]));
    const renewal = searchTerms(planQuery("Does the agreement renew?"));
    expect(renewal.terms).toEqual(expect.arrayContaining(["renew", "success"]));
    expect(renewal.prefixes).toEqual(expect.arrayContaining(["renew", "extend"]));
    expect(searchTerms(planQuery("what is the"))).toEqual({ terms: [], prefixes: [] });
  });
});
