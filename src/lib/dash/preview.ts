import { extensionOf, formatSizeMb } from "./uploads";

/**
 * How Files previews an upload, decided by its checked extension alone: the browser-reported type is the
 * uploader's to choose (a notes.txt can claim text/html), so it never reaches the preview.
 */
export type PreviewPlan = { kind: "pdf"; type: "application/pdf" } | { kind: "text" } | { kind: "unsupported" };

/** The preview of a file named `filename`: PDF in the browser's viewer, text as text, Word files not at all. */
export function previewPlan(filename: string): PreviewPlan {
  switch (extensionOf(filename)) {
    case ".pdf":
      return { kind: "pdf", type: "application/pdf" };
    case ".txt":
      return { kind: "text" };
    default:
      return { kind: "unsupported" };
  }
}

/** The most of a text file the preview reads and shows: 1 MiB, enough to recognise it, and quick to render. */
export const PREVIEW_TEXT_BYTES = 1024 * 1024;

/** What the preview shows of a Word file (a later issue brings a real viewer). */
export const UNSUPPORTED_PREVIEW = "This document cannot be previewed here. Word files (.doc, .docx) open in Word or a compatible app.";

/** The text a preview shows, and a note when it is only the beginning of the file. */
export async function readPreviewText(file: Blob): Promise<{ text: string; note: string | null }> {
  const text = await file.slice(0, PREVIEW_TEXT_BYTES).text();
  const note = file.size > PREVIEW_TEXT_BYTES ? `Showing the first ${formatSizeMb(PREVIEW_TEXT_BYTES)} of ${formatSizeMb(file.size)}.` : null;
  return { text, note };
}
