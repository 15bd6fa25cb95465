import type { DocumentKind } from "../kinds";
import { contentMismatch } from "../kinds";
import { FAILURE_REASONS, MAX_DOCX_ENTRIES, MAX_DOCX_UNPACKED_BYTES, MAX_PAGES, MAX_TEXT_CHARS } from "../reasons";
import { chunkText, decodeText, hasReadableText, readableChars, textPages } from "../text";
import type { IngestProgress, IngestResult, PageText, PageUnit } from "../pages";
import { inflatedWithin, zipDeclaration } from "./zip";

/** A page of a PDF as the reader needs it: its text layer, and an image of it for OCR. */
export interface PdfPageSource {
  text(): Promise<string>;
}

/** An opened PDF. */
export interface PdfSource {
  numPages: number;
  page(number: number): Promise<PdfPageSource>;
  close(): Promise<void>;
}

/** The libraries the reader uses, each loaded only when its kind of file is met (and replaced in tests). */
export interface IngestLibraries {
  /** Opens a PDF; rejects with an error whose name is PasswordException or InvalidPDFException when it must. */
  openPdf(bytes: Uint8Array): Promise<PdfSource>;
  /** The raw text of a DOCX: paragraphs separated by blank lines. */
  docxText(bytes: Uint8Array): Promise<string>;
  /** Recognises the text of page `number` of the PDF last opened. */
  recognise(pdf: PdfSource, number: number): Promise<string>;
}

/** A text layer with fewer letters or digits than this is a scanned page, recognised by OCR. */
export const MIN_TEXT_LAYER_CHARS = 16;

/** Why a document is past the caps every kind shares (MAX_PAGES pages, MAX_TEXT_CHARS characters), or null. */
export function capReason(pages: number, chars: number): string | null {
  if (pages > MAX_PAGES) return FAILURE_REASONS.tooManyPages;
  if (chars > MAX_TEXT_CHARS) return FAILURE_REASONS.tooMuchText;
  return null;
}

/** Why opening a PDF failed, in words: a password, damage, or (anything else) damage too. */
function pdfOpenReason(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  return name === "PasswordException" ? FAILURE_REASONS.password : FAILURE_REASONS.corrupt;
}

/** The pages of a text split by `split`, within the caps, or why not. A text already too long is not split. */
function fromText(text: string, split: (text: string) => string[], unit: PageUnit): IngestResult {
  if (text.length > MAX_TEXT_CHARS) return { ok: false, reason: FAILURE_REASONS.tooMuchText };
  const texts = split(text);
  const capped = capReason(texts.length, texts.reduce((sum, page) => sum + page.length, 0));
  if (capped) return { ok: false, reason: capped };
  return hasReadableText(texts)
    ? { ok: true, unit, pages: texts.map((page, i) => ({ number: i + 1, text: page, source: "text" })) }
    : { ok: false, reason: FAILURE_REASONS.noText };
}

/** A DOCX's sections: about a printed page each, ending at a paragraph. */
const docxSections = (text: string): string[] =>
  chunkText(text.replace(/\n{3,}/g, "\n\n").trim())
    .map((section) => section.trim())
    .filter(Boolean);

/**
 * Why a DOCX's ZIP may not be opened: its directory unreadable, declaring more than a document unpacks to, declaring
 * sizes its data cannot have, or (inflated for real, with a running count) unpacking to more than the cap.
 */
async function docxRefusal(bytes: Uint8Array): Promise<string | null> {
  const declared = zipDeclaration(bytes, MAX_DOCX_ENTRIES);
  if (!declared) return FAILURE_REASONS.unreadableDocx;
  if (declared.entries > MAX_DOCX_ENTRIES || declared.unpackedBytes > MAX_DOCX_UNPACKED_BYTES) return FAILURE_REASONS.docxTooLarge;
  const inflated = await inflatedWithin(bytes, MAX_DOCX_ENTRIES, MAX_DOCX_UNPACKED_BYTES);
  if (inflated === "damaged") return FAILURE_REASONS.unreadableDocx;
  return inflated === "too_large" ? FAILURE_REASONS.docxTooLarge : null;
}

async function readPdf(bytes: Uint8Array, libraries: IngestLibraries, onProgress: (p: IngestProgress) => void): Promise<IngestResult> {
  let pdf: PdfSource;
  try {
    pdf = await libraries.openPdf(bytes);
  } catch (error) {
    return { ok: false, reason: pdfOpenReason(error) };
  }
  try {
    const tooMany = capReason(pdf.numPages, 0);
    if (tooMany) return { ok: false, reason: tooMany };
    if (pdf.numPages < 1) return { ok: false, reason: FAILURE_REASONS.corrupt };
    const pages: PageText[] = [];
    let chars = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      onProgress({ page: number, of: pdf.numPages, ocr: false });
      const text = await (await pdf.page(number)).text();
      let page: PageText = { number, text, source: "text" };
      if (readableChars(text) < MIN_TEXT_LAYER_CHARS) {
        onProgress({ page: number, of: pdf.numPages, ocr: true });
        const recognised = (await libraries.recognise(pdf, number)).trim();
        // A page with a little real text and nothing better from OCR keeps its own text.
        if (readableChars(recognised) > readableChars(text)) page = { number, text: recognised, source: "ocr" };
      }
      pages.push(page);
      chars += page.text.length;
      // Past the cap, no further page is read.
      const tooMuch = capReason(pages.length, chars);
      if (tooMuch) return { ok: false, reason: tooMuch };
    }
    return hasReadableText(pages.map((p) => p.text)) ? { ok: true, unit: "page", pages } : { ok: false, reason: FAILURE_REASONS.noText };
  } catch (error) {
    return { ok: false, reason: pdfOpenReason(error) };
  } finally {
    await pdf.close().catch(() => undefined);
  }
}

/**
 * Reads a document's text, page by page: the one job of the ingestion worker (`src/workers/ingest.worker.ts`).
 * Every way it can fail ends as a reason in words, never as an exception: the contents are not what the
 * extension says, a damaged or password-protected PDF, more pages or characters than any document may have (the
 * same caps for every kind), a DOCX that would unpack to too much, a Word 97-2003 file, no readable text.
 */
export async function ingest(kind: DocumentKind, bytes: Uint8Array, libraries: IngestLibraries, onProgress: (p: IngestProgress) => void = () => undefined): Promise<IngestResult> {
  const mismatch = contentMismatch(kind, bytes);
  if (mismatch) return { ok: false, reason: mismatch };
  switch (kind) {
    case "txt": {
      onProgress({ page: 1, of: 1, ocr: false });
      return fromText(decodeText(bytes), textPages, "page");
    }
    case "docx": {
      onProgress({ page: 1, of: 1, ocr: false });
      // Its ZIP's declared sizes, then what it really unpacks to: a file that unpacks to gigabytes never reaches mammoth.
      const refusal = await docxRefusal(bytes);
      if (refusal) return { ok: false, reason: refusal };
      let text: string;
      try {
        text = await libraries.docxText(bytes);
      } catch {
        return { ok: false, reason: FAILURE_REASONS.unreadableDocx };
      }
      return fromText(text, docxSections, "section");
    }
    case "doc":
      return { ok: false, reason: FAILURE_REASONS.legacyDoc };
    case "pdf":
      return readPdf(bytes, libraries, onProgress);
  }
}
