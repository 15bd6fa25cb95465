/** About a printed page of text: how long a page of a TXT file without form feeds, or a section of a DOCX, is. */
export const PAGE_CHARS = 3000;

/**
 * The text of a TXT file's bytes: UTF-8, or the encoding its byte-order mark names (UTF-8, UTF-16 LE or BE).
 * Bytes that are not UTF-8 are read as Windows-1252, the encoding older Windows programs wrote.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return new TextDecoder("windows-1252").decode(body);
  }
}

/** Where to end a chunk that starts at `start`: the last paragraph break, else line break, else space, in its last 40%. */
function breakAt(text: string, start: number, size: number): number {
  const end = start + size;
  if (end >= text.length) return text.length;
  const window = text.slice(start, end);
  const floor = Math.floor(size * 0.6);
  for (const separator of ["\n\n", "\n", " "]) {
    const at = window.lastIndexOf(separator);
    if (at >= floor) return start + at + separator.length;
  }
  return end;
}

/** Splits text into chunks of at most `size` characters, each ending at a paragraph, line or word where it can. */
export function chunkText(text: string, size = PAGE_CHARS): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; ) {
    const end = breakAt(text, start, size);
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

/** Line endings as `\n` and the page's blank edges trimmed: the text a page is stored and shown with. */
const tidy = (page: string) => page.replace(/\r\n?/g, "\n").replace(/^\s*\n/, "").trimEnd();

/**
 * The pages of a plain text: at its form feeds when it has any (a blank page stays a page, so the numbers match the
 * printed ones; nothing after a last form feed is no page), else chunks of about a printed page.
 */
export function textPages(text: string, size = PAGE_CHARS): string[] {
  if (text.includes("\f")) {
    const pages = text.split("\f");
    if (!pages.at(-1)?.trim()) pages.pop();
    return pages.map(tidy);
  }
  return chunkText(text.replace(/\r\n?/g, "\n"), size)
    .map(tidy)
    .filter((page) => page.length > 0);
}

/** How many letters and digits a text holds: what counts as readable. */
export const readableChars = (text: string): number => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;

/** True when the pages hold at least one letter or digit: a document with none has no readable text. */
export const hasReadableText = (pages: readonly string[]): boolean => pages.some((page) => readableChars(page) > 0);
