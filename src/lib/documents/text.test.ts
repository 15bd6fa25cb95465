import { describe, expect, it } from "vitest";
import { chunkText, decodeText, hasReadableText, PAGE_CHARS, textPages } from "./text";

const utf16 = (text: string, littleEndian: boolean) => {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < text.length; i += 1) view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
  return bytes;
};

describe("decodeText", () => {
  it("reads UTF-8, with or without its BOM", () => {
    const text = "Λεμεσός: lease of 12 March";
    expect(decodeText(new TextEncoder().encode(text))).toBe(text);
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toBe(text);
  });

  it("reads UTF-16 little- and big-endian by their BOM", () => {
    expect(decodeText(utf16("Πάφος court", true))).toBe("Πάφος court");
    expect(decodeText(utf16("Πάφος court", false))).toBe("Πάφος court");
  });

  it("reads bytes that are not UTF-8 as Windows-1252", () => {
    expect(decodeText(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35]))).toBe("café €5");
  });
});

describe("textPages", () => {
  it("splits at form feeds, keeps a blank page so the numbers match print, and drops nothing after the last feed", () => {
    expect(textPages("One\fTwo\r\nlines\f\fFour\f\n")).toEqual(["One", "Two\nlines", "", "Four"]);
  });

  it("without form feeds, makes pages of at most 3,000 characters that end at a paragraph", () => {
    const paragraph = `${"Clause text. ".repeat(60).trim()}\n\n`; // 779 characters
    const text = paragraph.repeat(9);
    const pages = textPages(text);
    expect(PAGE_CHARS).toBe(3000);
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(3000);
      expect(page.endsWith("Clause text.")).toBe(true);
    }
    expect(pages.join("\n\n")).toBe(text.trimEnd());
  });

  it("cuts at a line or a word when a paragraph is longer than a page, and mid-word only when there is no space", () => {
    const words = chunkText("word ".repeat(1300)); // 6,500 characters
    expect(words.map((c) => c.length)).toEqual([3000, 3000, 500]);
    expect(words.every((c) => c.startsWith("word"))).toBe(true);
    expect(chunkText("x".repeat(6500)).map((c) => c.length)).toEqual([3000, 3000, 500]);
  });

  it("makes no page of an empty text", () => {
    expect(textPages("")).toEqual([]);
    expect(textPages("\n\n  \n")).toEqual([]);
  });
});

describe("hasReadableText", () => {
  it("needs a letter or a digit on some page", () => {
    expect(hasReadableText(["", "  \n", "---"])).toBe(false);
    expect(hasReadableText(["", "§ 4"])).toBe(true);
    expect(hasReadableText(["Ζ"])).toBe(true);
  });
});
