import { describe, expect, it } from "vitest";
import { recordingPdfJs } from "../../../../tests/fixtures/documents";
import { browserLibraries } from "./libraries";

describe("the reader's PDF.js", () => {
  it("opens every PDF with isEvalSupported: false", async () => {
    const { pdfjs, params } = recordingPdfJs();
    const libraries = browserLibraries({ pdfWorker: "/pdf.worker.mjs", ocrWorker: "", ocrCore: "", ocrLanguages: "" }, () => Promise.resolve(pdfjs));
    const pdf = await libraries.openPdf(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]));
    expect(pdf.numPages).toBe(1);
    expect(params).toEqual([expect.objectContaining({ isEvalSupported: false })]);
  });
});
