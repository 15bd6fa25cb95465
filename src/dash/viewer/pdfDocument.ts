import { importPdfJs, NO_EVAL, type PdfJs } from "../../lib/documents/pdfjs";
import { PDFJS_URLS } from "../../lib/documents/pdfjsAssets";

let pdfjsLoading: Promise<PdfJs> | undefined;
/** PDF.js, loaded the first time a PDF is shown; it parses in its own worker, this thread only draws. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsLoading ??= importPdfJs(PDFJS_URLS.module).then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = PDFJS_URLS.worker;
    return pdfjs;
  });
  return pdfjsLoading;
}

/** Starts opening a kept PDF for the viewer, with no eval; PDF.js takes the buffer it is given, so it gets a copy. */
export const openPdfDocument = (pdfjs: PdfJs, bytes: ArrayBuffer): ReturnType<PdfJs["getDocument"]> =>
  pdfjs.getDocument({ data: new Uint8Array(bytes.slice(0)), ...NO_EVAL });
