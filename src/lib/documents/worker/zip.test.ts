import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { absurdRatio, zipDeclaration } from "./zip";

/** A central directory alone (the reader never looks at the contents): one header per entry, then the end record. */
function directory(entries: readonly { name: string; size: number; zip64?: boolean }[], declaredCount = entries.length): Uint8Array {
  const parts: number[] = [];
  const u16 = (n: number) => parts.push(n & 0xff, (n >>> 8) & 0xff);
  const u32 = (n: number) => {
    u16(n & 0xffff);
    u16(Math.floor(n / 0x10000) & 0xffff);
  };
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    u32(0x02014b50);
    for (let i = 0; i < 6; i += 1) u16(0); // versions (2), flags, method, time, date
    u32(0); // CRC
    u32(entry.zip64 ? 0xffffffff : entry.size); // packed
    u32(entry.zip64 ? 0xffffffff : entry.size); // unpacked
    u16(name.length);
    u16(entry.zip64 ? 20 : 0); // extra
    for (let i = 0; i < 3; i += 1) u16(0); // comment, disk, internal attributes
    u32(0); // external attributes
    u32(0); // offset
    parts.push(...name);
    if (entry.zip64) {
      u16(0x0001);
      u16(16);
      u32(entry.size % 2 ** 32);
      u32(Math.floor(entry.size / 2 ** 32));
      u32(entry.size % 2 ** 32);
      u32(Math.floor(entry.size / 2 ** 32));
    }
  }
  const size = parts.length;
  u32(0x06054b50);
  u16(0);
  u16(0);
  u16(declaredCount);
  u16(declaredCount);
  u32(size);
  u32(0);
  u16(0);
  return new Uint8Array(parts);
}

describe("zipDeclaration", () => {
  it("sums the unpacked sizes a real archive declares, without unpacking it", async () => {
    const zip = new JSZip();
    zip.file("word/document.xml", "x".repeat(5000));
    zip.file("word/styles.xml", "y".repeat(700));
    // A comment after the end record: the reader finds the record behind it.
    const bytes = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE", comment: "made by a test" });
    // JSZip lists the folder too.
    expect(zipDeclaration(bytes, 100)).toEqual({ entries: 3, unpackedBytes: 5700 });
  });

  it("reads a ZIP64 entry's size from its extra field", () => {
    expect(zipDeclaration(directory([{ name: "a.xml", size: 10 }, { name: "huge.xml", size: 6 * 2 ** 32, zip64: true }]), 100)).toEqual({ entries: 2, unpackedBytes: 10 + 6 * 2 ** 32 });
  });

  it("stops at the count past the most entries allowed", () => {
    expect(zipDeclaration(directory([{ name: "a", size: 1 }], 20_000), 10_000)).toEqual({ entries: 20_000, unpackedBytes: 0 });
  });

  it("gives null for bytes whose directory cannot be read", () => {
    expect(zipDeclaration(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 100)).toBeNull();
    // Says two entries, holds one.
    expect(zipDeclaration(directory([{ name: "a", size: 1 }], 2), 100)).toBeNull();
    // A ZIP64 size marker without its extra field.
    const marked = directory([{ name: "a", size: 1 }]);
    new DataView(marked.buffer).setUint32(24, 0xffffffff, true);
    expect(zipDeclaration(marked, 100)).toBeNull();
  });
});

describe("absurdRatio", () => {
  it.each([
    ["a deflated part of 5,000 bytes packed into 40", 8, 40, 5000, false],
    ["1 KB declared for 199 KB of compressed data", 8, 199 * 1024, 1024, true],
    ["a part grown by an eighth (fixed codes) and a header", 8, 1124 + 1024, 1000, false],
    ["more than DEFLATE's 1,032 to 1", 8, 1000, 1032 * 1000 + 1025, true],
    ["exactly DEFLATE's most", 8, 1000, 1032 * 1000, false],
    ["a stored part of its own size", 0, 700, 700, false],
    ["a stored part declared smaller than its bytes", 0, 700, 100, true],
  ])("%s", (_, method, packedBytes, unpackedBytes, absurd) => {
    expect(absurdRatio({ method, packedBytes, unpackedBytes, offset: 0 })).toBe(absurd);
  });
});
