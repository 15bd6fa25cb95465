import module from "pdfjs-dist/build/pdf.min.mjs?url";
import worker from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import type { PdfJsUrls } from "./pdfjs";

/**
 * PDF.js's files as the page's build emits them, once. The page hands these URLs to the reader's worker with each
 * document (a worker build importing them itself would emit and fetch its own copies).
 */
export const PDFJS_URLS: PdfJsUrls = { module, worker };
