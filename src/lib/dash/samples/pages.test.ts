import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { ingest } from "../../documents/worker/ingest";
import { browserLibraries } from "../../documents/worker/libraries";
import { sampleUploads } from "./documents";
import { parseSamplePages, samplePagesJson, SAMPLE_PAGES_PATH, type SampleRead } from "./pages";

const require = createRequire(import.meta.url);
/** The site's public folder, where the samples and their pages are served from. */
const PUBLIC = new URL("../../../../public", import.meta.url);
const publicFile = (path: string) => readFileSync(new URL(`${PUBLIC.pathname}${path}`, "file://"));

// The real reader of the ingestion worker in Node: PDF.js's legacy build drawing on its own (Node) canvases, mammoth,
// and tesseract.js's Node worker with the same English data the site serves.
const nodeLibraries = () =>
  browserLibraries(
    {
      pdfWorker: pathToFileURL(require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs")).href,
      ocrWorker: require.resolve("tesseract.js/src/worker-script/node/index.js"),
      ocrCore: "",
      ocrLanguages: dirname(require.resolve("@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz")),
    },
    () => import("pdfjs-dist/legacy/build/pdf.mjs"),
    { pdfOptions: {}, image: (canvas) => (canvas as { toBuffer(type: "image/png"): Buffer }).toBuffer("image/png") },
  );

describe("the samples' pages, read when the samples are made (public/samples/pages.json)", () => {
  it("are what the reader reads from every sample file today (`npm run samples:read` writes them again)", async () => {
    const libraries = nodeLibraries();
    const reads: [string, SampleRead][] = [];
    try {
      for (const upload of sampleUploads()) {
        const path = upload.sample ?? "";
        const bytes = publicFile(path);
        const result = await ingest(upload.kind, new Uint8Array(bytes), libraries, () => undefined);
        if (!result.ok) throw new Error(`${path}: ${result.reason}`);
        reads.push([path, { sizeBytes: bytes.byteLength, unit: result.unit, pages: result.pages }]);
      }
    } finally {
      await libraries.close();
    }
    // The scan is recognised for real: one page, by OCR, with its heading and a defect it lists.
    const scan = reads.find(([path]) => path.endsWith("scan.pdf"))?.[1];
    expect(scan?.pages.map((p) => p.source)).toEqual(["ocr"]);
    expect(scan?.pages[0]?.text).toMatch(/NOTICE OF DEFECTS[\s\S]*balcony slab/);
    await expect(samplePagesJson(reads)).toMatchFileSnapshot(`${PUBLIC.pathname}${SAMPLE_PAGES_PATH}`);
  }, 120_000);

  it("are a file the app accepts, for every sample and nothing else, small enough to fetch on a first visit", () => {
    const text = publicFile(SAMPLE_PAGES_PATH).toString("utf8");
    const pages = parseSamplePages(JSON.parse(text));
    expect([...(pages?.keys() ?? [])].sort()).toEqual(sampleUploads().map((u) => u.sample).sort());
    // The budget is about 60 KB gzip for pages and index entries; the pages alone are far below.
    expect(text.length).toBeLessThan(60 * 1024);
  });
});

describe("parseSamplePages", () => {
  const read = { sizeBytes: 10, unit: "page", pages: [{ number: 1, text: "Text", source: "text" }] };
  it("accepts readings keyed by a sample path", () => {
    expect(parseSamplePages({ "/samples/a.txt": read })?.get("/samples/a.txt")).toEqual(read);
  });
  it.each([
    ["not an object", []],
    ["a path outside the samples", { "/other/a.txt": read }],
    ["no pages", { "/samples/a.txt": { ...read, pages: [] } }],
    ["a page source the reader never gives", { "/samples/a.txt": { ...read, pages: [{ number: 1, text: "T", source: "ai" }] } }],
    ["a unit the reader never gives", { "/samples/a.txt": { ...read, unit: "chapter" } }],
    ["a size that is no count of bytes", { "/samples/a.txt": { ...read, sizeBytes: "10" } }],
  ])("refuses %s", (_, value) => {
    expect(parseSamplePages(value)).toBeNull();
  });
});
