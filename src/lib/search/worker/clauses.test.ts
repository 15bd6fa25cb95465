import { describe, expect, it } from "vitest";
import { MAX_PASSAGE_CHARS, passageRanges } from "./clauses";

const passages = (text: string) => passageRanges(text).map(({ start, end }) => text.slice(start, end));

/** A sentence of about `words` words, starting with a capital and ending with a full stop. */
const sentence = (n: number, words = 18) =>
  `Clause sentence ${String(n)} ${Array.from({ length: words }, (_, i) => ["the", "supplier", "shall", "deliver", "goods", "promptly"][i % 6]).join(" ")}.`;

const CONTRACT = [
  "MASTER SUPPLY AGREEMENT",
  "This Agreement is made on 1 May 2024 between Acme Inc. and Widget Ltd (together the \"Parties\").",
  "9. NOTICES\nAny notice under this Agreement shall be in writing and delivered by hand or by registered post to the address of the other party set out above.",
  "10. GOVERNING LAW\nThis Agreement is governed by and construed in accordance with the laws of the State of Illinois, without regard to its conflict of laws rules.",
  "11. TERM\nThis Agreement commences on the Effective Date and continues for a period of three years, unless terminated earlier under clause 12.",
].join("\n\n");

describe("passageRanges", () => {
  it.each([
    ["a contract of paragraphs", CONTRACT],
    ["a long paragraph", Array.from({ length: 30 }, (_, i) => sentence(i)).join(" ")],
    ["a PDF text layer", "1. Definitions. In this Agreement the\nfollowing words have these meanings.\n2. Term. The term is\nthree years from the date hereof.\n"],
    ["blank", "  \n\n \n"],
    ["one word", "Schedule"],
  ])("covers %s in reading order, without overlap, leaving out only white space", (_, text) => {
    const ranges = passageRanges(text);
    let at = 0;
    for (const { start, end } of ranges) {
      expect(start).toBeGreaterThanOrEqual(at);
      expect(end).toBeGreaterThan(start);
      expect(text.slice(at, start).trim()).toBe("");
      at = end;
    }
    expect(text.slice(at).trim()).toBe("");
    expect(ranges.map(({ start, end }) => text.slice(start, end)).join("").replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
  });

  it("keeps a heading line with the clause after it", () => {
    const found = passages(CONTRACT);
    expect(found).toContain(
      "10. GOVERNING LAW\nThis Agreement is governed by and construed in accordance with the laws of the State of Illinois, without regard to its conflict of laws rules.",
    );
    expect(found.some((p) => p.trim() === "10. GOVERNING LAW")).toBe(false);
    expect(found.find((p) => p.includes("9. NOTICES"))).toMatch(/^9\. NOTICES\nAny notice/);
  });

  it("keeps a heading that is a paragraph of its own with the clause after it", () => {
    const text = `${sentence(1, 40)}\n\nGOVERNING LAW\n\nThis Agreement is governed by the laws of England and Wales, and each party submits to its courts.`;
    const found = passages(text);
    expect(found.at(-1)).toMatch(/^GOVERNING LAW\n\nThis Agreement is governed by the laws of England/);
  });

  it("cuts a paragraph longer than MAX_PASSAGE_CHARS between sentences, so no quote ends mid-word", () => {
    const text = Array.from({ length: 30 }, (_, i) => sentence(i)).join(" ");
    expect(text.length).toBeGreaterThan(3 * MAX_PASSAGE_CHARS);
    const found = passages(text);
    expect(found.length).toBeGreaterThan(3);
    for (const passage of found) {
      expect(passage.length).toBeLessThanOrEqual(MAX_PASSAGE_CHARS);
      expect(passage).toMatch(/^Clause sentence \d+ /);
      expect(passage).toMatch(/promptly\.$|[a-z]\.$/);
    }
  });

  it("cuts a sentence longer than MAX_PASSAGE_CHARS between words, never inside one", () => {
    const text = `The supplier shall ${Array.from({ length: 300 }, (_, i) => `item${String(i)}`).join(", ")} and nothing more.`;
    for (const { start, end } of passageRanges(text)) {
      expect(end - start).toBeLessThanOrEqual(MAX_PASSAGE_CHARS);
      expect(/\w/.test(text[start - 1] ?? " ") && /\w/.test(text[start] ?? " ")).toBe(false);
      expect(/\w/.test(text[end - 1] ?? " ") && /\w/.test(text[end] ?? " ")).toBe(false);
    }
  });

  it("splits text without blank lines (a PDF's text layer, one line per printed line) where clauses start", () => {
    const lines = [
      "9. Notices. Any notice under this Agreement shall be given in writing to the",
      "address of the other party stated above, by hand or by registered post, and takes",
      "effect when received.",
      "10. Governing Law. This Agreement shall be construed according to the laws of",
      "the State of Illinois, and the parties submit to the courts of Cook County for",
      "any dispute arising out of it.",
      "11. Term. This Agreement starts on the Effective Date and ends three years",
      "later unless it is terminated earlier in accordance with its terms and conditions.",
    ];
    const found = passages(lines.join("\n"));
    expect(found).toEqual([lines.slice(0, 3).join("\n"), lines.slice(3, 6).join("\n"), lines.slice(6).join("\n")]);
  });

  it("does not end a sentence at an abbreviation such as Inc., Co., Ltd. or No.", () => {
    // The only sentence end within reach of the cut is after the first sentence; each abbreviation comes later,
    // followed by a capital or a digit, where a cut would be chosen if it ended a sentence.
    const first = sentence(0, 40);
    const second =
      "The goods are supplied by Acme Inc. Delaware, Widget Co. Ltd. London and Gadget Corp. Texas under Purchase Order No. 42 and Sec. 7 of the Terms, " +
      Array.from({ length: 12 }, (_, i) => `with the help of affiliate number ${String(i)}`).join(", ") +
      ".";
    const text = `${first} ${second} ${sentence(1, 60)}`;
    expect(text.indexOf("No. 42")).toBeLessThan(MAX_PASSAGE_CHARS);
    expect(passages(text)[0]).toBe(first);
    expect(passages(text)[1]).toMatch(/^The goods are supplied by .* of the Terms, with the help of affiliate number 0,/);
  });
});
