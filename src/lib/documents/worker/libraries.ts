import { cappedScale } from "../canvas";
import type { IngestLibraries, PdfSource } from "./ingest";
import { NO_EVAL, type PdfJs } from "../pdfjs";

/** Where the ingestion worker finds the files the libraries load at run time, all on this site (never a CDN). */
export interface LibraryUrls {
  /** PDF.js's own worker build. */
  pdfWorker: string;
  /** tesseract.js's worker script, its WebAssembly core and the folder of `eng.traineddata.gz`. */
  ocrWorker: string;
  ocrCore: string;
  ocrLanguages: string;
}

/** How much larger than its PDF size (72 dpi) a page is drawn for OCR: about 200 dpi (less for a huge page: canvas.ts). */
export const OCR_SCALE = 200 / 72;

/** Canvases for PDF.js where there is no document (a worker): OffscreenCanvas, with PDF.js's canvas factory methods. */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext("2d", { willReadFrequently: true }) };
  }
  reset(target: { canvas: OffscreenCanvas }, width: number, height: number) {
    target.canvas.width = width;
    target.canvas.height = height;
  }
  destroy(target: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (target.canvas) {
      target.canvas.width = 0;
      target.canvas.height = 0;
    }
    target.canvas = null;
    target.context = null;
  }
  getNoAlphaContext(canvas: OffscreenCanvas) {
    return canvas.getContext("2d", { alpha: false, willReadFrequently: true });
  }
}

/**
 * Where the reader draws a page for OCR, and what of the drawing tesseract.js reads. In the worker: OffscreenCanvas,
 * read as it is. In Node (the test that reads the sample documents again): PDF.js's own canvases, read as a PNG.
 */
export interface Drawing {
  /** PDF.js's canvas options; none for PDF.js's default (Node's). */
  pdfOptions: { CanvasFactory?: typeof OffscreenCanvasFactory; isOffscreenCanvasSupported?: boolean };
  /** The image tesseract.js reads from a drawn canvas. */
  image(canvas: unknown): unknown;
}

/** The worker's drawing: OffscreenCanvas, handed to tesseract.js as it is. */
export const WORKER_DRAWING: Drawing = { pdfOptions: { CanvasFactory: OffscreenCanvasFactory, isOffscreenCanvasSupported: true }, image: (canvas) => canvas };

/** A canvas and its 2D context, as PDF.js's canvas factory makes them. */
interface FactoryCanvas {
  canvas: { width: number; height: number };
  context: CanvasRenderingContext2D;
}

type PdfDocument = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;
type TextContent = Awaited<ReturnType<Awaited<ReturnType<PdfDocument["getPage"]>>["getTextContent"]>>;
type OcrWorker = Awaited<ReturnType<(typeof import("tesseract.js"))["createWorker"]>>;

/** A page's text layer as lines: the items in reading order, a line break where PDF.js marks the end of a line. */
export const textOfContent = (content: TextContent): string =>
  content.items
    .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
    .join("")
    .replace(/[ \t]+\n/g, "\n")
    .trim();

/** The PDF.js documents opened by `openPdf`, so OCR can draw their pages. */
const documents = new WeakMap<PdfSource, PdfDocument>();

/**
 * The real libraries, loaded on first use inside the ingestion worker: PDF.js (its own worker build, no eval),
 * mammoth for DOCX, and tesseract.js with its English data for scanned pages, all from this site.
 */
export function browserLibraries(urls: LibraryUrls, loadPdfJs: () => Promise<PdfJs>, drawing: Drawing = WORKER_DRAWING): IngestLibraries & { close(): Promise<void> } {
  let ocr: Promise<OcrWorker> | undefined;

  return {
    async openPdf(bytes) {
      const pdfjs = await loadPdfJs();
      pdfjs.GlobalWorkerOptions.workerSrc = urls.pdfWorker;
      // PDF.js keeps the bytes it is given: a copy, so the caller's buffer stays whole.
      // In this worker PDF.js parses in the same thread (its worker script imported here, no nested worker), and says
      // only errors: its warnings (no standard font data, which text needs no glyphs of) are not the user's business.
      const task = pdfjs.getDocument({
        data: bytes.slice(),
        ...NO_EVAL,
        disableFontFace: true,
        ...drawing.pdfOptions,
        verbosity: pdfjs.VerbosityLevel.ERRORS,
      });
      const doc = await task.promise;
      const source: PdfSource = {
        numPages: doc.numPages,
        page: async (number) => {
          const page = await doc.getPage(number);
          return { text: async () => textOfContent(await page.getTextContent()) };
        },
        close: () => task.destroy(),
      };
      documents.set(source, doc);
      return source;
    },

    async docxText(bytes) {
      const { default: mammoth } = await import("mammoth");
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      // The browser build reads `arrayBuffer`; Node's (the unit tests) reads `buffer`.
      return (await mammoth.extractRawText({ arrayBuffer: buffer, buffer } as { arrayBuffer: ArrayBuffer })).value;
    },

    async recognise(pdf, number) {
      const doc = documents.get(pdf);
      if (!doc) throw new Error("recognise: not a PDF opened by this reader");
      const page = await doc.getPage(number);
      // The same cap on pixels as the viewer's: a page of 200 by 200 inches is not drawn at 200 dpi.
      const size = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: cappedScale(size.width, size.height, OCR_SCALE) });
      // Drawn on a canvas of PDF.js's own factory: the worker's OffscreenCanvas, or Node's in the samples' test.
      const factory = doc.canvasFactory as { create(width: number, height: number): FactoryCanvas; destroy(target: FactoryCanvas): void };
      const target = factory.create(Math.floor(viewport.width), Math.floor(viewport.height));
      const { canvas, context } = target;
      context.fillStyle = "#fff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context, viewport }).promise;
      ocr ??= import("tesseract.js").then(({ createWorker, OEM }) =>
        createWorker("eng", OEM.LSTM_ONLY, {
          workerPath: urls.ocrWorker,
          corePath: urls.ocrCore,
          langPath: urls.ocrLanguages,
          workerBlobURL: false,
          cacheMethod: "none",
          gzip: true,
        }),
      );
      const { data } = await (await ocr).recognize(drawing.image(canvas) as HTMLCanvasElement);
      factory.destroy(target);
      return data.text;
    },

    async close() {
      if (ocr) await (await ocr).terminate();
      ocr = undefined;
    },
  };
}
