import { mismatchReason } from "./reasons";

/** The file name's extension, lower case with its dot (".pdf"); empty without one. */
export const extensionOf = (filename: string): string => /\.[^.]*$/.exec(filename.toLowerCase())?.[0] ?? "";

/** The kinds of document the workspace reads, named by their checked extension. */
export const DOCUMENT_KINDS = ["pdf", "docx", "doc", "txt"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

const KIND_BY_EXTENSION: Readonly<Record<string, DocumentKind>> = { ".pdf": "pdf", ".docx": "docx", ".doc": "doc", ".txt": "txt" };

/** The kind a file name's extension says, or null for an extension the upload refuses. */
export const kindOfFileName = (filename: string): DocumentKind | null => KIND_BY_EXTENSION[extensionOf(filename)] ?? null;

/** How people name each kind in messages. */
export const KIND_LABELS: Record<DocumentKind, string> = { pdf: "PDF", docx: "Word (.docx)", doc: "Word 97-2003 (.doc)", txt: "text" };

/** What the first bytes of a file say it is. */
export type Signature = "pdf" | "zip" | "ole" | "executable" | "binary" | "text";

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const EXECUTABLES = [[0x4d, 0x5a] /* MZ: Windows */, [0x7f, 0x45, 0x4c, 0x46] /* ELF */, [0xcf, 0xfa, 0xed, 0xfe] /* Mach-O */];
const UTF16_BOMS = [[0xff, 0xfe], [0xfe, 0xff]];

/** Bytes a text file would not hold: NUL and the C0 controls other than tab, line feed, form feed and carriage return. */
const isControl = (byte: number) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d;

/**
 * What the file's first bytes say it is. A PDF may carry up to 1 KB of junk before `%PDF-` (PDF.js reads it);
 * text is text when its first 8 KB hold no NUL and almost no other control bytes (a UTF-16 file starts with its BOM).
 */
export function signatureOf(bytes: Uint8Array): Signature {
  if (startsWith(bytes, PDF)) return "pdf";
  if (startsWith(bytes, ZIP)) return "zip";
  if (startsWith(bytes, OLE)) return "ole";
  if (EXECUTABLES.some((signature) => startsWith(bytes, signature))) return "executable";
  if (UTF16_BOMS.some((bom) => startsWith(bytes, bom))) return "text";
  const head = bytes.subarray(0, 8192);
  for (let at = 0; at < Math.min(head.length, 1024); at += 1) if (startsWith(head, PDF, at)) return "pdf";
  let controls = 0;
  for (const byte of head) {
    if (byte === 0) return "binary";
    if (isControl(byte)) controls += 1;
  }
  return controls > head.length / 100 ? "binary" : "text";
}

/** How the contents a file turned out to hold read in a message. */
const FOUND_LABELS: Record<Signature, string> = {
  pdf: "a PDF",
  zip: "a ZIP archive",
  ole: "an old Office file",
  executable: "a program",
  binary: "not a document",
  text: "plain text",
};

/** The signature each kind must have. */
const EXPECTED: Record<DocumentKind, Signature> = { pdf: "pdf", docx: "zip", doc: "ole", txt: "text" };

/** Why the file's contents are not what its extension says, in words; null when they match. */
export function contentMismatch(kind: DocumentKind, bytes: Uint8Array): string | null {
  const found = signatureOf(bytes);
  if (found === EXPECTED[kind]) return null;
  return mismatchReason(KIND_LABELS[kind], FOUND_LABELS[found]);
}
