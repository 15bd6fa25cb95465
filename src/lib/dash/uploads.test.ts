import { describe, expect, it } from "vitest";
import {
  ACCEPT_ATTRIBUTE,
  MAX_UPLOAD_BYTES,
  UPLOAD_HINT,
  UPLOAD_STATUS_LABELS,
  canUpload,
  countPages,
  fileProblem,
  formatSizeMb,
  newUpload,
  newestFirst,
  parseUploads,
  titleFromFileName,
  uploadStatus,
  uploadedDocument,
} from "./uploads";

describe("upload rules", () => {
  it.each([
    ["Lease Agreement.pdf", "Lease Agreement"],
    ["claim.v2.docx", "claim.v2"],
    ["notes.txt", "notes"],
    ["README", "README"],
    [".pdf", ".pdf"],
  ])("titles %s as %s", (filename, title) => expect(titleFromFileName(filename)).toBe(title));

  it.each([
    [0, "0.0 MB"],
    [2_516_582, "2.4 MB"],
    [1024 * 1024, "1.0 MB"],
    [MAX_UPLOAD_BYTES, "50.0 MB"],
  ])("shows %i bytes as %s", (bytes, text) => expect(formatSizeMb(bytes)).toBe(text));

  it("accepts PDF, DOC, DOCX and TXT of up to 50 MB, in any letter case", () => {
    expect(ACCEPT_ATTRIBUTE).toBe(".pdf,.doc,.docx,.txt");
    expect(UPLOAD_HINT).toBe("up to 50MB, PDF/DOC/DOCX/TXT");
    for (const name of ["a.pdf", "a.doc", "a.docx", "a.txt", "A.PDF"]) expect(fileProblem({ name, size: 10 })).toBeNull();
    expect(fileProblem({ name: "a.pdf", size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it("refuses other types naming the accepted ones, and files over 50 MB", () => {
    expect(fileProblem({ name: "setup.exe", size: 10 })).toBe(
      '"setup.exe" is not a file type the upload accepts. Choose a PDF, DOC, DOCX or TXT file.',
    );
    expect(fileProblem({ name: "pdf", size: 10 })).toMatch(/PDF, DOC, DOCX or TXT/);
    expect(fileProblem({ name: "big.pdf", size: MAX_UPLOAD_BYTES + 1 })).toBe('"big.pdf" is 50.0 MB; files can be up to 50 MB.');
  });

  it("needs a file and a case", () => {
    expect(canUpload(null)).toBe(false);
    expect(canUpload({ filename: "a.pdf", sizeBytes: 1, caseId: "", title: "" })).toBe(false);
    expect(canUpload({ filename: "a.pdf", sizeBytes: 1, caseId: "c1", title: "" })).toBe(true);
  });
});

describe("upload status", () => {
  const uploaded = "2025-03-14T10:00:00.000Z";
  const at = (ms: number) => Date.parse(uploaded) + ms;
  it.each([
    [0, "queued"],
    [999, "queued"],
    [1000, "ocr"],
    [3999, "ocr"],
    [4000, "indexed"],
    [86_400_000, "indexed"],
  ] as const)("is %s ms after the upload: %s", (ms, status) => expect(uploadStatus({ uploaded }, at(ms))).toBe(status));

  it("has the specification's labels", () => {
    expect(UPLOAD_STATUS_LABELS).toEqual({ queued: "Queued", ocr: "OCR Processing", embedded: "Embedding", indexed: "Indexed", failed: "Failed" });
  });
});

describe("upload records", () => {
  const draft = { filename: "Witness Statement.pdf", sizeBytes: 2048, caseId: "c1", title: "  " };
  const upload = newUpload(draft, "Georgiou v. Paphos", 3, "u1", new Date("2025-03-14T10:00:00Z"));

  it("falls back to the file name without extension for a blank title", () => {
    expect(upload).toEqual({
      id: "u1",
      filename: "Witness Statement.pdf",
      title: "Witness Statement",
      caseId: "c1",
      caseTitle: "Georgiou v. Paphos",
      sizeBytes: 2048,
      pages: 3,
      uploaded: "2025-03-14T10:00:00.000Z",
    });
    expect(newUpload({ ...draft, title: " Statement of Mr Ioannou " }, "x", 1, "u2", new Date()).title).toBe("Statement of Mr Ioannou");
  });

  it("becomes an indexed document of its case", () => {
    expect(uploadedDocument(upload)).toEqual({
      id: "u1",
      title: "Witness Statement",
      caseId: "c1",
      caseTitle: "Georgiou v. Paphos",
      pages: 3,
      status: "indexed",
      uploaded: "2025-03-14T10:00:00.000Z",
      type: "pdf",
    });
    expect(uploadedDocument({ ...upload, filename: "a.txt" }).type).toBe("doc");
  });

  it("counts pages of PDFs and texts", () => {
    expect(countPages("a.pdf", "<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type/Page >>")).toBe(2);
    expect(countPages("a.pdf", "garbled")).toBe(1);
    expect(countPages("a.txt", Array.from({ length: 120 }, () => "line").join("\n"))).toBe(3);
    expect(countPages("a.docx", "binary")).toBe(1);
  });

  it("lists newest first and validates stored records", () => {
    const older = { ...upload, id: "u0", uploaded: "2025-03-13T10:00:00.000Z" };
    expect(newestFirst([older, upload]).map((u) => u.id)).toEqual(["u1", "u0"]);
    expect(parseUploads([upload])).toEqual([upload]);
    expect(parseUploads([{ ...upload, sizeBytes: "2" }])).toBeNull();
    expect(parseUploads([{ ...upload, uploaded: "yesterday" }])).toBeNull();
    expect(parseUploads({})).toBeNull();
  });
});
