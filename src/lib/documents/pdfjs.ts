/** PDF.js's module, as its types describe it. */
export type PdfJs = typeof import("pdfjs-dist");

/** Where PDF.js's two files are on this site: its module and the worker script it parses in. */
export interface PdfJsUrls {
  module: string;
  worker: string;
}

/**
 * Loads PDF.js from its one file on this site, in the page (the viewer) or in the reader's worker alike, so the
 * browser fetches and compiles it once: a copy bundled into each would be downloaded twice.
 */
export const importPdfJs = (url: string): Promise<PdfJs> => import(/* @vite-ignore */ url) as Promise<PdfJs>;

/**
 * Added to every getDocument call of this site, the reader's and the viewer's: PDF.js may never compile a font's
 * code with eval. PDF.js 6 has no eval path left (the option is gone from its types, and it ignores it); passing it
 * keeps an older or future build from taking one, so no policy ever needs 'unsafe-eval'.
 */
export const NO_EVAL = { isEvalSupported: false } as const;
