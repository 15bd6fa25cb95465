// What reading a document gives, shared by the page and the reader's worker (src/lib/documents/worker/ingest.ts reads).

/** Where a page's text came from: the PDF's text layer (or the file's own text), or recognised by OCR. */
export type PageSource = "text" | "ocr";

/** One page of a document (a section of a DOCX) and its text, as search and the viewer use it. */
export interface PageText {
  /** 1-based. */
  number: number;
  text: string;
  source: PageSource;
}

/** What a document's numbered parts are: a PDF's or a text's pages, a DOCX's sections of about a printed page. */
export const PAGE_UNITS = ["page", "section"] as const;
export type PageUnit = (typeof PAGE_UNITS)[number];

/** What reading a document gave: its pages (or sections), or why it could not be read. */
export type IngestResult = { ok: true; unit: PageUnit; pages: PageText[] } | { ok: false; reason: string };

/** Progress while reading: page `page` of `of`, and whether that page is being recognised. */
export interface IngestProgress {
  page: number;
  of: number;
  ocr: boolean;
}
