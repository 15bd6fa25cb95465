/**
 * The most pixels a PDF page is drawn with, in the viewer and for OCR alike: the PDF.js viewer's own default for its
 * `maxCanvasPixels` (2^25, about 5,800 x 5,800, 128 MB of RGBA). A page that would need more is drawn at a lower
 * resolution instead: a hostile page size or zoom never asks the browser for a canvas it cannot give.
 */
export const MAX_CANVAS_PIXELS = 2 ** 25;
/** The longest side a canvas may have: Chromium's limit, and the PDF.js viewer's `maxCanvasDim`. */
export const MAX_CANVAS_SIDE = 32_767;

/**
 * The scale to draw a page of `width` x `height` (its size at scale 1) with: `wanted`, or less when that would pass
 * MAX_CANVAS_PIXELS or MAX_CANVAS_SIDE, as PDF.js's viewer limits its output scale.
 */
export function cappedScale(width: number, height: number, wanted: number): number {
  return Math.min(wanted, Math.sqrt(MAX_CANVAS_PIXELS / (width * height)), MAX_CANVAS_SIDE / width, MAX_CANVAS_SIDE / height);
}
