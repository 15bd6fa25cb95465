import { describe, expect, it } from "vitest";
import {
  ACCEPT_ATTRIBUTE,
  MAX_UPLOAD_BYTES,
  UPLOAD_HINT,
  UPLOAD_STATUS_LABELS,
  canUpload,
  fileProblem,
  formatSizeMb,
  newUpload,
  recentUploads,
  parseUploads,
  titleFromFileName,
  uploadStatus,
  uploadedDocument,
  isFiled,
  pagesRead,
} from "./uploads";

describe("the pages the browser's index would hold", () => {
  it("counts the pages of the documents read and kept, not those queued, being read or failed", () => {
    const draft = { filename: "a.txt", title: "A", caseId: "c", sizeBytes: 10 };
    const at = new Date("2025-03-14T10:00:00Z");
    const read = (id: string, pages: number, state: "done" | "reading" | "failed") => ({ ...newUpload(draft, "C", id, at), pages, processing: { attempt: "upload" as const, started: at.toISOString(), state } });
    expect(pagesRead([read("a", 6_000, "done"), read("b", 4_001, "done"), read("c", 900, "reading"), read("d", 50, "failed")])).toBe(10_001);
    expect(pagesRead([])).toBe(0);
  });
});

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
  const done = { attempt: "upload", started: uploaded, state: "done", readAt: uploaded, doneAt: uploaded } as const;
  it.each([
    [0, "queued"],
    [999, "queued"],
    [1000, "ocr"],
    [3999, "ocr"],
    [4000, "indexed"],
    [86_400_000, "indexed"],
  ] as const)("a document read at once is, %s ms after the upload: %s", (ms, status) => expect(uploadStatus({ processing: done }, at(ms))).toBe(status));

  it("has the specification's labels", () => {
    expect(UPLOAD_STATUS_LABELS).toEqual({ queued: "Queued", ocr: "OCR Processing", embedded: "Embedding", indexed: "Indexed", failed: "Failed" });
  });
});

describe("upload records", () => {
  const draft = { filename: "Witness Statement.pdf", sizeBytes: 2048, caseId: "c1", title: "  " };
  const upload = newUpload(draft, "Georgiou v. Paphos", "u1", new Date("2025-03-14T10:00:00Z"));
  const read = { ...upload, pages: 3, processing: { ...upload.processing, state: "done", readAt: upload.uploaded, doneAt: upload.uploaded } } as const;

  it("is queued, of the kind its extension names, and falls back to the file name without extension for a blank title", () => {
    expect(upload).toEqual({
      id: "u1",
      filename: "Witness Statement.pdf",
      title: "Witness Statement",
      caseId: "c1",
      caseTitle: "Georgiou v. Paphos",
      sizeBytes: 2048,
      kind: "pdf",
      pages: 0,
      unit: "page",
      ocrPages: 0,
      uploaded: "2025-03-14T10:00:00.000Z",
      processing: { attempt: "upload", started: "2025-03-14T10:00:00.000Z", state: "queued" },
    });
    expect(newUpload({ ...draft, title: " Statement of Mr Ioannou " }, "x", "u2", new Date()).title).toBe("Statement of Mr Ioannou");
    expect(newUpload({ ...draft, filename: "memo.docx" }, "x", "u3", new Date())).toMatchObject({ kind: "docx", unit: "section" });
  });

  it("becomes a document of its case: Processing until Indexed, Failed with its reason", () => {
    const t = Date.parse(upload.uploaded);
    expect(uploadedDocument(read, t + 4000)).toEqual({
      id: "u1",
      title: "Witness Statement",
      caseId: "c1",
      caseTitle: "Georgiou v. Paphos",
      pages: 3,
      status: "indexed",
      uploaded: "2025-03-14T10:00:00.000Z",
      type: "pdf",
    });
    expect(uploadedDocument(read, t + 2000).status).toBe("processing");
    expect(uploadedDocument({ ...read, kind: "txt" }, t).type).toBe("doc");
    const failed = { ...upload, processing: { ...upload.processing, state: "failed", failedAt: upload.uploaded, reason: "Damaged." } } as const;
    expect(uploadedDocument(failed, t + 1000)).toMatchObject({ status: "failed", reason: "Damaged." });
  });

  it("is filed (listed in Files) once Indexed or Failed, and through a Re-index", () => {
    const t = Date.parse(upload.uploaded);
    expect(isFiled(read, t + 3999)).toBe(false);
    expect(isFiled(read, t + 4000)).toBe(true);
    expect(isFiled({ ...upload, processing: { attempt: "reindex", started: upload.uploaded, state: "reading" } }, t)).toBe(true);
    expect(isFiled({ ...upload, sample: "/samples/lease.docx" }, t)).toBe(true);
  });

  it("lists the user's own uploads newest first, and validates stored records", () => {
    const older = { ...upload, id: "u0", uploaded: "2025-03-13T10:00:00.000Z" };
    const sample = { ...upload, id: "s0", sample: "/samples/lease-flat-3.docx" };
    expect(recentUploads([older, sample, upload]).map((u) => u.id)).toEqual(["u1", "u0"]);
    expect(parseUploads([sample])).toEqual([sample]);
    for (const path of ["https://evil.example/x.pdf", "/samples/../secrets.pdf", "/samples/a.exe", 7]) expect(parseUploads([{ ...sample, sample: path }])).toBeNull();
    expect(parseUploads([upload, read])).toEqual([upload, read]);
    expect(parseUploads([{ ...upload, sizeBytes: "2" }])).toBeNull();
    expect(parseUploads([{ ...upload, uploaded: "yesterday" }])).toBeNull();
    expect(parseUploads([{ ...upload, kind: "exe" }])).toBeNull();
    expect(parseUploads([{ ...upload, processing: { ...upload.processing, state: "stuck" } }])).toBeNull();
    expect(parseUploads([{ ...upload, processing: { ...upload.processing, failedAt: "soon" } }])).toBeNull();
    expect(parseUploads({})).toBeNull();
  });
});
