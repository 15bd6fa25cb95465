import { describe, expect, it } from "vitest";
import { keptAnswerLine, oneLineQuestion } from "./answerLine";

const PASSAGE = "This Agreement shall be governed by the laws of the State of Illinois. Neither party may assign it without the prior written consent of the other, for 10 years from delivery of the last sample.";

describe("a cell's one-line answer from a model", () => {
  it.each([
    ["Illinois [1]", "Illinois"],
    ["Yes, with prior written consent [1].", "Yes, with prior written consent."],
    ["10 years from delivery of the last sample\nMore words.", "10 years from delivery of the last sample"],
  ])("%s is kept as %s", (model, kept) => {
    expect(keptAnswerLine(model, PASSAGE)).toBe(kept);
  });
  it.each([
    ["Delaware", "a name the passage lacks"],
    ["The laws of Delaware [1]", "a name beside words the passage has"],
    ["25 years", "a number the passage lacks"],
    ["No", "nothing named"],
    ["The passages do not answer the question.", "no word of the passage"],
    ["", "empty"],
    ["x".repeat(200), "too long"],
  ])("%s is dropped (%s)", (model) => {
    expect(keptAnswerLine(model, PASSAGE)).toBeNull();
  });
  it("asks for one short line from the one passage", () => {
    expect(oneLineQuestion("Which law governs this agreement?")).toMatch(/^Which law governs this agreement\? Answer in one short line/);
  });
});
