/** The most pages a document may have (a PDF's or a text's pages, a DOCX's sections); past it the upload fails with a reason. */
export const MAX_PAGES = 2000;
/** The most characters of text a document may give, whatever its kind (about 2,000 dense pages): past it the upload fails. */
export const MAX_TEXT_CHARS = 10_000_000;
/** The most a DOCX may unpack to, by the sizes its ZIP declares (twice the largest upload): checked before it is opened. */
export const MAX_DOCX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** The most files a DOCX's ZIP may hold (a Word document holds a few dozen). */
export const MAX_DOCX_ENTRIES = 10_000;
/** How many times a document's reading may be cut off (the page crashed or was closed mid-read) before it fails. */
export const MAX_CUT_OFF_READS = 2;
/** How long one document's reading may take before it is stopped and failed: 5 minutes. */
export const DOCUMENT_TIMEOUT_MS = 5 * 60 * 1000;

/** Why a document failed, in the words its card shows. One source for every reason the reader can give. */
export const FAILURE_REASONS = {
  corrupt: "This PDF is damaged or incomplete and cannot be read. Upload the original file again.",
  password: "This PDF is protected by a password. Save a copy without the password and upload that.",
  noText: "No readable text was found in this document, not even by recognising its pages.",
  tooManyPages: `This document has more than ${MAX_PAGES.toLocaleString("en-GB")} pages, the most one upload can hold. Split it and upload the parts.`,
  timeout: `Reading this document took longer than ${String(DOCUMENT_TIMEOUT_MS / 60000)} minutes and was stopped.`,
  crashed: "The document reader stopped unexpectedly while reading this file. Re-index it to try again.",
  cutOff: "The document reader stopped unexpectedly twice while reading this file. Re-index it to try again.",
  tooMuchText: `This document holds more than ${MAX_TEXT_CHARS.toLocaleString("en-GB")} characters of text, the most one upload can hold. Split it and upload the parts.`,
  docxTooLarge: `This Word file would unpack to more than ${String(MAX_DOCX_UNPACKED_BYTES / 1024 / 1024)} MB (or into more than ${MAX_DOCX_ENTRIES.toLocaleString("en-GB")} parts), more than a document holds, so it was not opened. Save it again as .docx or PDF.`,
  unreadableDocx: "This Word file is damaged and its text cannot be read. Save it again as .docx or PDF.",
  legacyDoc: "Word 97-2003 files can be kept but not read; save it as .docx or PDF",
  storage: "Not enough browser storage",
  noStorage: "This browser is not letting the workspace keep documents, so this one could not be kept or read.",
  lost: "This document's file is no longer in this browser. Upload it again.",
  sampleUnavailable: "This sample could not be loaded from the site. Check the connection and Re-index it.",
} as const;

/** The reason of a file whose contents are not what its extension says. */
export const mismatchReason = (expected: string, found: string): string =>
  `This file is not a ${expected} file: its contents are ${found}. Check the file and upload it with its real extension.`;
