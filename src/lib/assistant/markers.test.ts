import { describe, expect, it } from "vitest";
import { validateMarkers, validatePartialMarkers } from "./markers";

const sent = [1, 2, 3];

describe("validateMarkers", () => {
  it.each<[string, string, string, number[]]>([
    ["keeps markers of sent passages as written", "Rent is due monthly [1] and late fees apply [2,3].", "Rent is due monthly [1] and late fees apply [2,3].", []],
    ["drops an invented marker before a full stop", "Rent is due monthly [7].", "Rent is due monthly.", [7]],
    ["drops one between words", "Rent [9] is due.", "Rent is due.", [9]],
    ["drops one glued to a word", "Rent[9] is due.", "Rent is due.", [9]],
    ["drops one at the start of a line, keeping the indent", "Intro\n  [8] Rent is due.", "Intro\n  Rent is due.", [8]],
    ["drops one at the very start", "[8] Rent is due.", "Rent is due.", [8]],
    ["drops one at the end of a line", "Rent is due [8]\nNext line", "Rent is due\nNext line", [8]],
    ["keeps the sent numbers of a group", "Rent is due [2, 7].", "Rent is due [2].", [7]],
    ["reads semicolons as separators", "Rent is due [7; 3].", "Rent is due [3].", [7]],
    ["spells out a range and keeps what was sent", "Rent is due [2-5].", "Rent is due [2, 3].", [4, 5]],
    ["reads an en dash as a range", "Rent is due [1–2].", "Rent is due [1, 2].", []],
    ["reads a huge range as its two ends", "Rent is due [1-999].", "Rent is due [1].", [999]],
    ["drops neighbours in turn", "Rent is due [7] [8], then [1] [9].", "Rent is due, then [1].", [7, 8, 9]],
    ["lists each dropped number once", "A [7]. B [7]. C [7, 8].", "A. B. C.", [7, 8]],
    ["leaves other brackets alone", "See [sic] and [a] and [1a].", "See [sic] and [a] and [1a].", []],
    ["leaves text without markers alone", "No markers here.  Two spaces stay.", "No markers here.  Two spaces stay.", []],
  ])("%s", (_, text, expected, dropped) => {
    expect(validateMarkers(text, sent)).toEqual({ text: expected, dropped });
  });

  it("drops every marker when nothing was sent", () => {
    expect(validateMarkers("Rent [1] is due [2].", [])).toEqual({ text: "Rent is due.", dropped: [1, 2] });
  });
});

describe("validatePartialMarkers", () => {
  it.each<[string, string, string, number[]]>([
    ["holds back a marker still being typed", "Rent is due [1", "Rent is due ", []],
    ["holds back an opening bracket", "Rent is due [", "Rent is due ", []],
    ["holds back a group still being typed", "Rent is due [2, 7", "Rent is due ", []],
    ["validates the markers before it", "Rent [9] is due [1", "Rent is due ", [9]],
    ["shows a finished marker", "Rent is due [1]", "Rent is due [1]", []],
    ["drops a finished invented marker", "Rent is due [9]", "Rent is due", [9]],
    ["does not hold back a long bracketed run", `See [${"1".repeat(30)}`, `See [${"1".repeat(30)}`, []],
  ])("%s", (_, text, expected, dropped) => {
    expect(validatePartialMarkers(text, sent)).toEqual({ text: expected, dropped });
  });

  it("every prefix of a stream reads as the start of the final answer", () => {
    const full = "Rent is due monthly [1, 7] and fees apply [9]. Notice takes [2] days.";
    const final = validateMarkers(full, sent).text;
    for (let end = 0; end <= full.length; end += 1) {
      const shown = validatePartialMarkers(full.slice(0, end), sent).text.trimEnd();
      expect(final.startsWith(shown)).toBe(true);
    }
  });
});
