import { describe, expect, it } from "vitest";
import { planQuery } from "./rank";
import { termOf } from "./terms";
import { foldWord, STOP_WORDS, tokenize, wordSpans } from "./tokens";

describe("tokenize", () => {
  it.each([
    ["Law 125(I)/2018", ["Law", "125", "I", "2018"]],
    ["section 149, para. 3(b)", ["section", "149", "para", "3", "b"]],
    ["the tenant's deposit: EUR 1,900.", ["the", "tenant", "s", "deposit", "EUR", "1", "900"]],
    ["Λεμεσός, Κύπρος", ["Λεμεσός", "Κύπρος"]],
    ["नमस्ते दुनिया", ["नमस्ते", "दुनिया"]],
    ["  \n\t ", []],
  ])("%j -> %j", (text, words) => {
    expect(tokenize(text)).toEqual(words);
  });

  it("finds the words a Unicode pattern finds, past ASCII too (surrogate pairs, combining marks, symbols)", () => {
    const text = "Ο Λεμεσός, 2018! 𝐀𝐁c x\u0301y 한국어 नमस्ते “quoted” l’avocat €5,000 ½ 😀end";
    expect(tokenize(text)).toEqual(text.split(/[^\p{L}\p{N}\p{M}]+/u).filter((word) => word !== ""));
    expect(wordSpans(text).map(({ start, end }) => text.slice(start, end))).toEqual(tokenize(text));
  });
});

describe("foldWord", () => {
  it.each([
    ["Lease", "lease"],
    ["LEASE", "lease"],
    ["Café", "cafe"],
    ["Λεμεσός", "λεμεσοσ"],
    ["ΛΕΜΕΣΟΣ", "λεμεσοσ"],
    ["λεμεσοσ", "λεμεσοσ"],
    ["Ελλάδα", "ελλαδα"],
    ["ﬁle", "file"],
    ["नमस्ते", "नमस्ते"],
    ["Москва", "москва"],
  ])("%s -> %s", (word, folded) => {
    expect(foldWord(word)).toBe(folded);
  });
});

describe("terms", () => {
  it("drops Postgres's english stop words from the index and request words from queries, and keeps other letters and numbers", () => {
    expect(STOP_WORDS.size).toBe(127);
    expect(termOf(foldWord("The"))).toBeNull();
    expect(termOf(foldWord("I"))).toBeNull();
    expect(termOf("explain")).toBe("explain");
    expect(termOf("b")).toBe("b");
    expect(termOf("shall")).toBe("shall");
    expect(planQuery("Please explain the Law 125(I)/2018 and the law, para. 3(b)").own).toEqual(["law", "125", "2018", "para", "3", "b"]);
    expect(planQuery("what is the").own).toEqual([]);
  });

  it("wordSpans gives each word's place and folded form", () => {
    expect(wordSpans("Ο Λεμεσός, 2018!")).toEqual([
      { start: 0, end: 1, folded: "ο" },
      { start: 2, end: 9, folded: "λεμεσοσ" },
      { start: 11, end: 15, folded: "2018" },
    ]);
  });
});
