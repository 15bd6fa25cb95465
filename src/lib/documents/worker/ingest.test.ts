import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { blankPdf, docx, executable, legacyDoc, longPdf, notDocx, scannedPdf, textPdf } from "../../../../tests/fixtures/documents";
import { ingest, type IngestLibraries, type PdfSource } from "./ingest";
import { zipDeclaration } from "./zip";
import { type IngestProgress } from "../pages";
import { browserLibraries } from "./libraries";
import { FAILURE_REASONS, MAX_DOCX_UNPACKED_BYTES, MAX_PAGES, MAX_TEXT_CHARS } from "../reasons";

const require = createRequire(import.meta.url);

/**
 * The real PDF.js (its legacy build, the one for Node, which runs its worker in this thread) and mammoth; OCR
 * answers what the test says (the Playwright tests recognise a real scan).
 */
function libraries(ocrText = ""): IngestLibraries & { recognise: ReturnType<typeof vi.fn> } {
  const real = browserLibraries(
    { pdfWorker: pathToFileURL(require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs")).href, ocrWorker: "", ocrCore: "", ocrLanguages: "" },
    () => import("pdfjs-dist/legacy/build/pdf.mjs"),
  );
  return { openPdf: real.openPdf, docxText: real.docxText, recognise: vi.fn(() => Promise.resolve(ocrText)) };
}

const utf8 = (text: string) => new TextEncoder().encode(text);


/** A DOCX holding a part of 100 MB and one byte of spaces, deflated to about 100 KB: made once (it takes seconds). */
let padded: Promise<Uint8Array> | undefined;
const paddedDocx = () => (padded ??= docx(["Clause 1. The tenant pays the rent."], MAX_DOCX_UNPACKED_BYTES + 1));

/** The padding part's name in paddedDocx. */
const PADDING = "customXml/padding.xml";

/** paddedDocx with its padding declaring `declared(its compressed size)` bytes, and reader libraries watching mammoth. */
async function lyingDocx(declared: (packed: number) => number) {
  const libs = libraries();
  const docxText = vi.spyOn(libs, "docxText");
  const honest = await paddedDocx();
  return { libs, docxText, lying: withDeclaredSize(honest, PADDING, declared(entryOf(honest, PADDING).packed)) };
}

/** Where an entry of a ZIP is described: its central directory header, its local header, its compressed size. */
function entryOf(zip: Uint8Array, name: string): { central: number; local: number; packed: number } {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = zip.length - 46; at >= 0; at -= 1) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const length = view.getUint16(at + 28, true);
    if (new TextDecoder().decode(zip.subarray(at + 46, at + 46 + length)) === name) {
      return { central: at, local: view.getUint32(at + 42, true), packed: view.getUint32(at + 20, true) };
    }
  }
  throw new Error(`No entry ${name}`);
}

/** A copy of `zip` whose entry `name` declares `unpacked` bytes, in its central directory and its local header alike. */
function withDeclaredSize(zip: Uint8Array, name: string, unpacked: number): Uint8Array {
  const copy = zip.slice();
  const { central, local } = entryOf(copy, name);
  const view = new DataView(copy.buffer);
  view.setUint32(central + 24, unpacked, true);
  view.setUint32(local + 22, unpacked, true);
  return copy;
}

describe("ingest: PDF", () => {
  it("reads the text layer page by page, reports 'page n of 3', and needs no OCR", async () => {
    const pdf = await textPdf([["Services agreement between Kyriakou LLC and Demetriou Ltd."], ["The unique sentence of page two: olive groves of Tala."], ["Signed in Paphos on 3 March 2026."]]);
    const progress: IngestProgress[] = [];
    const libs = libraries();
    const result = await ingest("pdf", pdf, libs, (p) => progress.push(p));
    expect(result).toMatchObject({ ok: true, unit: "page" });
    if (!result.ok) return;
    expect(result.pages.map((p) => [p.number, p.source])).toEqual([[1, "text"], [2, "text"], [3, "text"]]);
    expect(result.pages[1]?.text).toContain("olive groves of Tala");
    expect(progress).toEqual([1, 2, 3].map((page) => ({ page, of: 3, ocr: false })));
    expect(libs.recognise).not.toHaveBeenCalled();
  });

  it("recognises a page with no text layer, and marks it as recognised", async () => {
    const png = readFileSync(new URL("../../../../tests/fixtures/documents/scan-line.png", import.meta.url));
    const libs = libraries("LEASE AGREEMENT Limassol");
    const progress: IngestProgress[] = [];
    const result = await ingest("pdf", await scannedPdf(png), libs, (p) => progress.push(p));
    expect(result).toEqual({ ok: true, unit: "page", pages: [{ number: 1, text: "LEASE AGREEMENT Limassol", source: "ocr" }] });
    expect(libs.recognise).toHaveBeenCalledTimes(1);
    expect(progress).toContainEqual({ page: 1, of: 1, ocr: true });
  });

  it("fails a PDF with no text that OCR cannot read either", async () => {
    expect(await ingest("pdf", await blankPdf(), libraries(""))).toEqual({ ok: false, reason: FAILURE_REASONS.noText });
  });

  it("fails a password-protected PDF (made once with qpdf) with its reason", async () => {
    const bytes = new Uint8Array(readFileSync(new URL("../../../../tests/fixtures/documents/password-protected.pdf", import.meta.url)));
    expect(await ingest("pdf", bytes, libraries())).toEqual({ ok: false, reason: FAILURE_REASONS.password });
  });

  it("fails a damaged or truncated PDF", async () => {
    const whole = await textPdf([["A judgment summary."], ["Second page."]]);
    expect(await ingest("pdf", utf8("%PDF-1.7\nnothing else at all"), libraries())).toEqual({ ok: false, reason: FAILURE_REASONS.corrupt });
    const truncated = await ingest("pdf", whole.slice(0, 40), libraries());
    expect(truncated.ok).toBe(false);
  });

  it("fails a PDF of more than 2,000 pages before reading any", async () => {
    const libs = libraries();
    const progress: IngestProgress[] = [];
    expect(await ingest("pdf", await longPdf(2001), libs, (p) => progress.push(p))).toEqual({ ok: false, reason: FAILURE_REASONS.tooManyPages });
    // The text the document's card shows (documents.spec.ts checks that a failure's reason reaches its card).
    expect(FAILURE_REASONS.tooManyPages).toMatch(/^This document has more than 2,000 pages/);
    expect(progress).toEqual([]);
  }, 30_000);
});

describe("ingest: DOCX, TXT and DOC", () => {
  it("reads a DOCX into numbered sections of about a printed page", async () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Clause ${String(i + 1)}. ${"The tenant shall keep the premises in good repair. ".repeat(10).trim()}`);
    const result = await ingest("docx", await docx(paragraphs), libraries());
    expect(result).toMatchObject({ ok: true, unit: "section" });
    if (!result.ok) return;
    expect(result.pages.length).toBe(3);
    expect(result.pages.every((p) => p.text.length <= 3000 && p.source === "text")).toBe(true);
    expect(result.pages[0]?.text.startsWith("Clause 1.")).toBe(true);
    expect(result.pages.map((p) => p.number)).toEqual([1, 2, 3]);
  });

  it("fails a ZIP that is not a Word document", async () => {
    expect(await ingest("docx", await notDocx(), libraries())).toEqual({ ok: false, reason: FAILURE_REASONS.unreadableDocx });
  });

  it("reads a TXT into pages at its form feeds", async () => {
    expect(await ingest("txt", utf8("Memo\fPage two"), libraries())).toEqual({
      ok: true,
      unit: "page",
      pages: [
        { number: 1, text: "Memo", source: "text" },
        { number: 2, text: "Page two", source: "text" },
      ],
    });
  });

  it("fails a text with nothing readable in it", async () => {
    expect(await ingest("txt", utf8(" \n--- \n"), libraries())).toEqual({ ok: false, reason: FAILURE_REASONS.noText });
  });

  it("keeps no Word 97-2003 text, and says so", async () => {
    expect(await ingest("doc", legacyDoc(), libraries())).toEqual({ ok: false, reason: "Word 97-2003 files can be kept but not read; save it as .docx or PDF" });
  });

  it("fails a program renamed to .pdf, .docx or .txt without opening it", async () => {
    const libs = libraries();
    const openPdf = vi.spyOn(libs, "openPdf");
    for (const kind of ["pdf", "docx", "txt"] as const) {
      const result = await ingest(kind, executable(), libs);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/its contents are a program/);
    }
    expect(openPdf).not.toHaveBeenCalled();
  });
});

describe("ingest: hostile files (the same caps for every kind)", () => {
  it("refuses a DOCX whose ZIP declares more than 100 MB unpacked, without handing it to mammoth", async () => {
    const libs = libraries();
    const docxText = vi.spyOn(libs, "docxText");
    const bomb = await paddedDocx();
    // About a thousandth of what it unpacks to: an upload far under 50 MB.
    expect(bomb.length).toBeLessThan(MAX_DOCX_UNPACKED_BYTES / 500);
    expect(await ingest("docx", bomb, libs)).toEqual({ ok: false, reason: FAILURE_REASONS.docxTooLarge });
    expect(FAILURE_REASONS.docxTooLarge).toMatch(/^This Word file would unpack to more than 100 MB/);
    expect(docxText).not.toHaveBeenCalled();
    // A ZIP whose directory cannot be read is not opened either.
    expect(await ingest("docx", bomb.slice(0, bomb.length - 30), libs)).toEqual({ ok: false, reason: FAILURE_REASONS.unreadableDocx });
    expect(docxText).not.toHaveBeenCalled();
  }, 30_000);

  it("refuses a DOCX that unpacks to more than 100 MB while its ZIP declares far less: counted as it inflates, mammoth never called", async () => {
    // A believable lie: 500 times its compressed size (about 50 MB), which DEFLATE can reach; the data unpacks to 100 MB.
    const { libs, docxText, lying } = await lyingDocx((packed) => packed * 500);
    expect(zipDeclaration(lying, 100)!.unpackedBytes).toBeLessThan(MAX_DOCX_UNPACKED_BYTES);
    expect(await ingest("docx", lying, libs)).toEqual({ ok: false, reason: FAILURE_REASONS.docxTooLarge });
    expect(docxText).not.toHaveBeenCalled();
  }, 30_000);

  it("fails fast, unopened, a DOCX whose ZIP declares sizes its compressed data cannot have (1 KB for 100 KB)", async () => {
    const { libs, docxText, lying } = await lyingDocx(() => 1024);
    expect(entryOf(lying, PADDING).packed).toBeGreaterThan(50_000);
    const started = performance.now();
    expect(await ingest("docx", lying, libs)).toEqual({ ok: false, reason: FAILURE_REASONS.unreadableDocx });
    // Nothing was inflated: far quicker than unpacking 100 MB (seconds on a busy machine).
    expect(performance.now() - started).toBeLessThan(1000);
    expect(docxText).not.toHaveBeenCalled();
  }, 30_000);

  it("still reads a DOCX whose entries are stored, not compressed", async () => {
    const stored = await docx(["Clause 1. The tenant pays the rent."], 0, "STORE");
    expect(await ingest("docx", stored, libraries())).toMatchObject({ ok: true, pages: [{ number: 1, text: "Clause 1. The tenant pays the rent." }] });
  });

  it("fails a TXT of more than 2,000 pages, or of more than 10,000,000 characters", async () => {
    const pages = Array.from({ length: MAX_PAGES + 1 }, (_, i) => `Page ${String(i + 1)}`);
    expect(await ingest("txt", utf8(pages.join("\f")), libraries())).toEqual({ ok: false, reason: FAILURE_REASONS.tooManyPages });
    expect((await ingest("txt", utf8(pages.slice(0, MAX_PAGES).join("\f")), libraries())).ok).toBe(true);
    // 10,000,001 characters on pages of their own: 2,000 form feeds, 5,000 characters each.
    const long = Array.from({ length: MAX_PAGES }, () => "word ".repeat(1000)).join("\f");
    expect(long.length).toBeGreaterThan(MAX_TEXT_CHARS);
    expect(await ingest("txt", utf8(long), libraries())).toEqual({ ok: false, reason: FAILURE_REASONS.tooMuchText });
    expect(FAILURE_REASONS.tooMuchText).toBe("This document holds more than 10,000,000 characters of text, the most one upload can hold. Split it and upload the parts.");
  }, 30_000);

  it("fails a DOCX of more than 2,000 sections", async () => {
    const paragraphs = Array.from({ length: MAX_PAGES + 1 }, (_, i) => `Clause ${String(i + 1)}. ${"Rent is paid monthly. ".repeat(90)}`);
    expect(await ingest("docx", await docx(paragraphs), libraries())).toEqual({ ok: false, reason: FAILURE_REASONS.tooManyPages });
  }, 60_000);

  it("stops reading a PDF once its text passes 10,000,000 characters", async () => {
    const read: number[] = [];
    const pdf: PdfSource = {
      numPages: 5,
      page: (number) => {
        read.push(number);
        return Promise.resolve({ text: () => Promise.resolve("x".repeat(3_000_000)) });
      },
      close: () => Promise.resolve(),
    };
    const libs: IngestLibraries = { openPdf: () => Promise.resolve(pdf), docxText: () => Promise.resolve(""), recognise: () => Promise.resolve("") };
    expect(await ingest("pdf", utf8("%PDF-1.7\n"), libs)).toEqual({ ok: false, reason: FAILURE_REASONS.tooMuchText });
    expect(read).toEqual([1, 2, 3, 4]);
  });
});
