import { describe, expect, it } from "vitest";
import { highlightedPieces, splitAtPassage } from "./highlight";

describe("highlightedPieces", () => {
  it("finds the text layer's spans a passage runs across, whatever the spacing, punctuation and case", () => {
    const spans = ["The olive groves ", "of Tala pass to", " the second defendant.", "Signed at Paphos."];
    expect(highlightedPieces(spans, "olive groves of Tala pass to the second")).toEqual([0, 1, 2]);
    expect(highlightedPieces(spans, "SIGNED  at paphos")).toEqual([3]);
    expect(highlightedPieces(spans, "not on this page")).toEqual([]);
    expect(highlightedPieces(spans, " ... ")).toEqual([]);
  });
});

describe("splitAtPassage", () => {
  it("splits a page's text around the passage, across line breaks, and leaves markup as characters", () => {
    expect(splitAtPassage("Clause 4.\nThe tenant shall\nrepair <b>it</b>.", "tenant shall repair")).toEqual(["Clause 4.\nThe ", "tenant shall\nrepair", " <b>it</b>."]);
    expect(splitAtPassage("Price: $5 (net)", "$5 (net)")).toEqual(["Price: ", "$5 (net)", ""]);
    expect(splitAtPassage("Nothing here", "absent")).toBeNull();
  });
});
