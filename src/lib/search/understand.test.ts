import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { lexiconKey } from "./lexiconInput";
import { planQuery, rankPassages } from "./rank";
import { decodeLexicon, loadLexicon, meaningScores } from "./understand";
import { createSearchIndex } from "./worker/searchIndex";

/** A table of two concepts and three words, as `npm run lexicon` writes one: per word, a count then (concept, closeness 0-255) pairs. */
const TINY = {
  input: "test",
  concepts: ["governing-law", "insurance"],
  background: [0.1, 0.2],
  words: "law policy weather",
  closeness: Buffer.from([1, 0, 255, 2, 0, 51, 1, 204, 0]).toString("base64"),
};

describe("the question reader's table", () => {
  it("is compiled from today's vocabulary and settings (run `npm run lexicon` after changing a concept)", () => {
    const table = JSON.parse(readFileSync(new URL("./lexicon.json", import.meta.url), "utf8")) as { input: string };
    expect(table.input).toBe(createHash("sha256").update(lexiconKey()).digest("hex").slice(0, 16));
  });

  it("is not read before it is loaded: the question is then read by the vocabulary's phrases alone", () => {
    expect(meaningScores("Which law governs?", null)).toBeNull();
  });

  // weights: log(2 + place / 40) for law (0), policy (1), weather (2) and an unknown word (place 3, the table's size)
  const w = (place: number) => Math.log(2 + place / 40);
  it.each([
    ["law", { "governing-law": 1 - 0.1, insurance: -0.2 }],
    ["weather", { "governing-law": -0.1, insurance: -0.2 }],
    ["policy law", { "governing-law": (w(1) * (0.2 - 0.1) + w(0) * (1 - 0.1)) / (w(0) + w(1)), insurance: (w(1) * (0.8 - 0.2) - w(0) * 0.2) / (w(0) + w(1)) }],
    ["law zzyzx", { "governing-law": (w(0) * 0.9 - w(3) * 0.1) / (w(0) + w(3)), insurance: -0.2 }],
  ])("scores %j as the closeness of its words, weighted by rarity, less an ordinary word's", (question, expected) => {
    const scores = meaningScores(question, decodeLexicon(TINY));
    for (const [id, score] of Object.entries(expected)) expect(scores?.get(id)).toBeCloseTo(score, 5);
  });
});

describe("questions read by meaning", () => {
  beforeAll(() => loadLexicon());

  // Written for this test, in words of no development question: how a client might put it.
  it.each([
    ["Under which nation's statutes is this paper to be construed?", "governing-law"],
    ["Is there any ceiling on the compensation we could be made to pay?", "cap-on-liability"],
    ["Is our liability ever unlimited?", "uncapped-liability"],
    ["What fraction of sales is owed as royalty?", "revenue-profit-sharing"],
  ])("%s -> %s", (question, concept) => {
    expect(planQuery(question).concepts.map((c) => c.concept.id)[0]).toBe(concept);
  });

  it("a liability question is never answered with an absent licence: no 'No unlimited-licence clause'", () => {
    const plan = planQuery("If we leak their secrets, is our exposure unlimited?");
    expect(plan.concepts.map((c) => c.concept.id)).not.toContain("unlimited-license");
    const ranking = rankPassages(plan, [{ text: "The Licensee shall pay the fees within 30 days.", position: 0 }]);
    expect(ranking.asked?.id).not.toBe("unlimited-license");
  });

  it.each(["What are the opening hours of the office?", "What did the court decide in Smith v Jones?"])(
    "an off-topic question (%s) is never told a clause is absent",
    (question) => {
      const ranking = rankPassages(planQuery(question), [{ text: "This Agreement is governed by the laws of England.", position: 0 }]);
      expect(ranking.absent).toBe(false);
    },
  );

  it("read by meaning, the passage saying the clause in several wordings comes before one sharing the question's words", () => {
    // Named by a phrase, the question's other words decide instead (rank.test.ts: "… in Illinois?").
    const plan = planQuery("Under which nation's statutes is this paper to be construed?");
    expect(plan.byMeaning).toBe(true);
    const clause = "This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws provisions.";
    const mention = "Each nation's statutes on paper products shall be construed strictly, and each shipment of paper shall be governed by them.";
    const others = ["The Supplier shall deliver the goods to the Buyer's warehouse in Springfield.", "The Buyer shall pay each invoice within thirty days of receiving it."];
    for (const texts of [[mention, clause, ...others], [clause, mention, ...others]]) {
      const { results } = rankPassages(plan, texts.map((text, position) => ({ text, position })));
      expect(results.map((r) => r.candidate.text).slice(0, 2)).toEqual([clause, mention]);
    }
  });

  it("a question about a matter's own facts, close to no clause, is searched by its own words", () => {
    // The words of the matter ("olive groves", "Tala") find its page; "pass to" alone is no assignment question.
    const plan = planQuery("Who do the olive groves of Tala pass to?");
    expect(plan.concepts).toEqual([]);
    expect(plan.own).toEqual(expect.arrayContaining(["oliv", "grove", "tala"]));
  });

  it("a question that is only a clause's name asks about that clause alone, even one whose name has no vector", () => {
    const plan = planQuery("What does this contract say about rofr/rofo/rofn?");
    expect(plan.concepts.map((c) => c.concept.id)).toEqual(["rofr"]);
    expect(plan.unsure).toBeUndefined();
  });

  it("a question that names its clause keeps it, read by meaning or not", () => {
    expect(planQuery("What does this contract say about governing law?").concepts.map((c) => c.concept.id)).toEqual(["governing-law"]);
    expect(planQuery("What does this contract say about governing law?").unsure).toBeUndefined();
  });
});

describe("words, not a question (Files' search box)", () => {
  beforeAll(() => loadLexicon());

  it("finds the documents holding the words, not the clauses their meaning is near", () => {
    const index = createSearchIndex();
    const add = (id: string, text: string) => index.addDocument({ id, title: id, caseId: "c", caseTitle: "Case", unit: "page" }, [{ number: 1, text, source: "text" }]);
    add("lease", "The tenant pays the communal charges of the building every quarter.");
    add("supply", "If the Customer's orders exceed the forecast volume, the Supplier may charge an additional fee for the excess.");
    const ids = (options: { wordsOnly?: boolean }) => [...new Set(index.search("communal charges", options).results.map((r) => (r.entry.kind === "page" ? r.entry.docId : r.entry.itemId)))];
    expect(ids({ wordsOnly: true })).toEqual(["lease"]);
    expect(planQuery("communal charges", { meaning: false }).concepts).toEqual([]);
  });
});
