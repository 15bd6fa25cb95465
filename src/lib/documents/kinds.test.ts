import { describe, expect, it } from "vitest";
import { contentMismatch, kindOfFileName, signatureOf } from "./kinds";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...new TextEncoder().encode(part)] : part)));

describe("kindOfFileName", () => {
  it("names the kind by the extension, in any case, and refuses others", () => {
    expect(kindOfFileName("Lease.PDF")).toBe("pdf");
    expect(kindOfFileName("memo.docx")).toBe("docx");
    expect(kindOfFileName("old.doc")).toBe("doc");
    expect(kindOfFileName("notes.txt")).toBe("txt");
    expect(kindOfFileName("setup.exe")).toBeNull();
  });
});

describe("signatureOf", () => {
  it("knows PDF (also after a little junk), ZIP, OLE, programs, text and binary", () => {
    expect(signatureOf(bytes("%PDF-1.7\n"))).toBe("pdf");
    expect(signatureOf(bytes("\n\n  junk %PDF-1.4"))).toBe("pdf");
    expect(signatureOf(bytes([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe("zip");
    expect(signatureOf(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe("ole");
    expect(signatureOf(bytes("MZ", [0x90, 0, 3, 0]))).toBe("executable");
    expect(signatureOf(bytes([0x7f], "ELF"))).toBe("executable");
    expect(signatureOf(bytes("Dear Ms Georgiou,\r\n\tThank you.\f"))).toBe("text");
    expect(signatureOf(bytes([0xff, 0xfe, 0x41, 0x00]))).toBe("text");
    expect(signatureOf(bytes("text", [0], "more"))).toBe("binary");
    expect(signatureOf(bytes(...Array.from({ length: 20 }, () => [0x01, 0x41, 0x42])))).toBe("binary");
  });
});

describe("contentMismatch", () => {
  it("says in words what a renamed file really is", () => {
    expect(contentMismatch("pdf", bytes("MZ", [0x90, 0]))).toBe(
      "This file is not a PDF file: its contents are a program. Check the file and upload it with its real extension.",
    );
    expect(contentMismatch("docx", bytes("%PDF-1.4"))).toBe(
      "This file is not a Word (.docx) file: its contents are a PDF. Check the file and upload it with its real extension.",
    );
    expect(contentMismatch("txt", bytes([0, 1, 2, 3]))).toContain("its contents are not a document");
  });

  it("accepts each kind's own contents", () => {
    expect(contentMismatch("pdf", bytes("%PDF-1.7"))).toBeNull();
    expect(contentMismatch("docx", bytes([0x50, 0x4b, 0x03, 0x04]))).toBeNull();
    expect(contentMismatch("doc", bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBeNull();
    expect(contentMismatch("txt", bytes("Plain words"))).toBeNull();
  });
});
