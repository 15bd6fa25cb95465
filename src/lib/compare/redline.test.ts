import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { pagesOf, scriptedV2 } from "../../../tests/fixtures/comparePair";
import { redlineDocx } from "./redline";
import { redlineBlocks } from "./redlineBlocks";
import { alignVersions } from "./versions";
import { sideText } from "./wordDiff";

const AUTHOR = { author: "Maria Georgiou", date: "2026-11-28T09:30:00Z" };
const decode = (xml: string) => xml.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");

/** A Word document's paragraphs read back with every revision accepted (B) or rejected (A), as Word would show them. */
function readRevisions(xml: string, choice: "accept" | "reject"): string[] {
  const paragraphs: string[] = [];
  let current = "";
  let inIns = false;
  for (const [token] of xml.matchAll(/<w:p[ >]|<\/w:p>|<w:ins [^>]*>|<\/w:ins>|<w:t(?: [^>]*)?>[^<]*<\/w:t>|<w:delText(?: [^>]*)?>[^<]*<\/w:delText>/g)) {
    if (token.startsWith("<w:p")) current = "";
    else if (token === "</w:p>") paragraphs.push(current);
    else if (token.startsWith("<w:ins ")) inIns = true;
    else if (token === "</w:ins>") inIns = false;
    else {
      const text = decode(token.replace(/^<[^>]*>|<\/[^>]*>$/g, ""));
      const deleted = token.startsWith("<w:delText");
      if (choice === "accept" ? !deleted : deleted || !inIns) current += text;
    }
  }
  return paragraphs.filter((p) => p.length > 0);
}

describe("the redline DOCX", () => {
  const { v1, v2 } = scriptedV2();
  const aligned = alignVersions(pagesOf(v1), pagesOf(v2));
  const blocks = redlineBlocks(aligned);

  it("keeps B's clauses with the inserted words and A's with the deleted ones, each in its own order", () => {
    expect(blocks.map((b) => sideText(b, "b")).filter(Boolean)).toEqual(aligned.b.map((c) => c.text));
    expect(blocks.map((b) => sideText(b, "a")).filter(Boolean)).toEqual(aligned.a.map((c) => c.text));
  });

  it("read back, gives B's text with every w:ins accepted and A's with every w:del kept instead", async () => {
    const zip = await JSZip.loadAsync(await (await redlineDocx("Franchise agreement v2", blocks, AUTHOR)).arrayBuffer());
    const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
    expect(readRevisions(xml, "accept")).toEqual(aligned.b.map((c) => c.text));
    expect(readRevisions(xml, "reject")).toEqual(aligned.a.map((c) => c.text));
  });

  it("marks each revision with its author and date, and the edits are the revisions", async () => {
    const zip = await JSZip.loadAsync(await (await redlineDocx("Franchise agreement v2", blocks, AUTHOR)).arrayBuffer());
    const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
    const revisions = [...xml.matchAll(/<w:(ins|del) ([^>]*)>/g)];
    expect(revisions.length).toBeGreaterThan(0);
    for (const [, , attributes] of revisions) {
      expect(attributes).toContain('w:author="Maria Georgiou"');
      expect(attributes).toContain('w:date="2026-11-28T09:30:00Z"');
    }
    const inserted = [...xml.matchAll(/<w:ins [^>]*>[\s\S]*?<\/w:ins>/g)].map(([m]) => decode(m.replace(/<[^>]+>/g, "")));
    const deleted = [...xml.matchAll(/<w:del [^>]*>[\s\S]*?<\/w:del>/g)].map(([m]) => decode(m.replace(/<[^>]+>/g, "")));
    expect(inserted).toContain("Delaware");
    expect(deleted).toContain("New York");
    expect(inserted.some((t) => t.startsWith("10.11A Data Protection."))).toBe(true);
    expect(deleted.some((t) => t.startsWith("10.7 Force Majeure."))).toBe(true);
    expect(deleted.some((t) => t.startsWith("10.8 No Joint Venture."))).toBe(true);
    expect(inserted.some((t) => t.startsWith("10.12A No Joint Venture."))).toBe(true);
  });
});
