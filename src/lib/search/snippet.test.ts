import { describe, expect, it } from "vitest";
import { markTerms, SNIPPET_CHARS, snippetFor } from "./snippet";

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const filler = (n: number, word = "lorem") => Array.from({ length: n }, (_, i) => `${word}${String(i)}`).join(" ");
/** A page of filler with a cluster of matches in the middle and a lone match near the start. */
const PAGE = `${filler(10)} deposit ${filler(60)}. The Landlord shall return the DEPOSIT within 30 days; the deposit bears no interest. ${filler(80)}`;

const onWordBoundaries = (text: string, start: number, end: number) => {
  expect(WORD_CHAR.test(text[start] ?? "")).toBe(true);
  expect(WORD_CHAR.test(text[end - 1] ?? "")).toBe(true);
  expect(start === 0 || !WORD_CHAR.test(text[start - 1] ?? "")).toBe(true);
  expect(end === text.length || !WORD_CHAR.test(text[end] ?? "")).toBe(true);
};

describe("snippetFor", () => {
  it("cuts about 200 characters around the densest cluster of matched words, on whole words", () => {
    const snippet = snippetFor(PAGE, ["deposit", "return"]);
    expect(snippet.text).toBe(PAGE.slice(snippet.start, snippet.end));
    expect(snippet.text.length).toBeGreaterThanOrEqual(160);
    expect(snippet.text.length).toBeLessThanOrEqual(SNIPPET_CHARS);
    expect(snippet.text).toContain("The Landlord shall return the DEPOSIT within 30 days; the deposit bears no interest.");
    onWordBoundaries(PAGE, snippet.start, snippet.end);
  });

  it("keeps the cluster near the middle", () => {
    const snippet = snippetFor(PAGE, ["deposit"]);
    const at = snippet.text.indexOf("DEPOSIT");
    expect(at).toBeGreaterThan(40);
    expect(at).toBeLessThan(140);
  });

  it("starts at the text's first word when nothing matches, and returns a short text whole", () => {
    const snippet = snippetFor(`  ${PAGE}`, ["absent"]);
    expect(snippet.start).toBe(2);
    expect(snippet.text.startsWith("lorem0 lorem1")).toBe(true);
    expect(snippet.text.length).toBeLessThanOrEqual(SNIPPET_CHARS);
    onWordBoundaries(`  ${PAGE}`, snippet.start, snippet.end);
    expect(snippetFor(" (Short text.) ", ["text"])).toEqual({ text: "Short text", start: 2, end: 12 });
    expect(snippetFor("  \n", ["text"])).toEqual({ text: "", start: 0, end: 0 });
  });

  it("reaches the end of the text when the cluster is there, and matches Greek without accents", () => {
    const text = `${filler(60)} Επαρχιακό Δικαστήριο Λεμεσός`;
    const snippet = snippetFor(text, ["λεμεσοσ"]);
    expect(snippet.end).toBe(text.length);
    expect(snippet.text.endsWith("Λεμεσός")).toBe(true);
    expect(snippet.text.length).toBeGreaterThanOrEqual(160);
    onWordBoundaries(text, snippet.start, snippet.end);
  });
});

describe("markTerms", () => {
  it("marks whole words ignoring case and accents, never inside other words", () => {
    expect(markTerms("The LEASE, a release and a leasehold: Lease.", ["lease"])).toEqual([
      { text: "The ", marked: false },
      { text: "LEASE", marked: true },
      { text: ", a release and a leasehold: ", marked: false },
      { text: "Lease", marked: true },
      { text: ".", marked: false },
    ]);
    expect(markTerms("Δικαστήριο Λεμεσός", ["λεμεσοσ"])).toEqual([
      { text: "Δικαστήριο ", marked: false },
      { text: "Λεμεσός", marked: true },
    ]);
  });

  it("marks neighbours separately, folds the terms it is given, and returns the text unmarked when nothing matches", () => {
    expect(markTerms("security deposit", ["Security Deposit"])).toEqual([
      { text: "security", marked: true },
      { text: " ", marked: false },
      { text: "deposit", marked: true },
    ]);
    expect(markTerms("No match <b>here</b>", ["lease"])).toEqual([{ text: "No match <b>here</b>", marked: false }]);
    expect(markTerms("", ["lease"])).toEqual([]);
  });

  it("the segments put back together are the snippet", () => {
    const snippet = snippetFor(PAGE, ["deposit", "return"]).text;
    const segments = markTerms(snippet, ["deposit", "return"]);
    expect(segments.map((segment) => segment.text).join("")).toBe(snippet);
    expect(segments.filter((segment) => segment.marked).map((segment) => segment.text)).toEqual(["return", "DEPOSIT", "deposit"]);
  });
});
