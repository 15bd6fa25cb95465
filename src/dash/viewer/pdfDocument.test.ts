import { describe, expect, it, vi } from "vitest";

const recording = await vi.hoisted(async () => (await import("../../../tests/fixtures/documents")).recordingPdfJs());
vi.mock("../../lib/documents/pdfjs", async (original) => ({
  ...(await original<typeof import("../../lib/documents/pdfjs")>()),
  importPdfJs: () => Promise.resolve(recording.pdfjs),
}));

describe("the viewer's PDF.js", () => {
  it("loads PDF.js from its one file, with its worker, and opens a copy of the kept bytes with isEvalSupported: false", async () => {
    const { loadPdfJs, openPdfDocument } = await import("./pdfDocument");
    const pdfjs = await loadPdfJs();
    expect(pdfjs.GlobalWorkerOptions.workerSrc).toMatch(/pdf\.worker\.min\.mjs$/);
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    await openPdfDocument(pdfjs, bytes).promise;
    expect(recording.params).toEqual([expect.objectContaining({ isEvalSupported: false, data: new Uint8Array([1, 2, 3]) })]);
    expect((recording.params[0]?.["data"] as Uint8Array).buffer).not.toBe(bytes);
  });
});
