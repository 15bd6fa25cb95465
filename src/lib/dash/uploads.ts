import { isRecordDate } from "./dates";
import type { WorkspaceDocument } from "./files";
import { allStrings, isRecordId, parseList } from "./parse";

/** The file types the upload accepts, as the file picker's `accept` and as people read them. */
export const ACCEPTED_EXTENSIONS = [".pdf", ".doc", ".docx", ".txt"] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(",");
export const ACCEPTED_LABEL = "PDF/DOC/DOCX/TXT";
/** The largest file the upload takes: 50 MB. */
export const MAX_UPLOAD_MB = 50;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
export const UPLOAD_HINT = `up to ${String(MAX_UPLOAD_MB)}MB, ${ACCEPTED_LABEL}`;

/** When the simulated processing reaches each step, in ms after the upload (specification section 9). */
export const UPLOAD_OCR_MS = 1000;
export const UPLOAD_INDEXED_MS = 4000;

export const UPLOAD_STATUSES = ["queued", "ocr", "embedded", "indexed", "failed"] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = {
  queued: "Queued",
  ocr: "OCR Processing",
  embedded: "Embedding",
  indexed: "Indexed",
  failed: "Failed",
};

/** An uploaded document: what was sent, where to, and when (its status follows from the time). */
export interface Upload {
  id: string;
  filename: string;
  title: string;
  caseId: string;
  /** The case's title when it was uploaded, so the document keeps its case name. */
  caseTitle: string;
  sizeBytes: number;
  pages: number;
  /** ISO instant of the upload. */
  uploaded: string;
}

/** What the user is about to upload. */
export interface UploadDraft {
  filename: string;
  sizeBytes: number;
  caseId: string;
  title: string;
}

/** The file's name without its extension: the title an upload gets unless the user types another. */
export const titleFromFileName = (filename: string): string => filename.replace(/\.[^.]*$/, "") || filename;

/** The size people read: megabytes with one decimal ("2.4 MB"). */
export const formatSizeMb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The file name's extension, lower case with its dot (".pdf"); empty without one. */
export const extensionOf = (filename: string): string => /\.[^.]*$/.exec(filename.toLowerCase())?.[0] ?? "";

/** Why a file cannot be uploaded, in words for the user; null when it can. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return `"${file.name}" is not a file type the upload accepts. Choose a PDF, DOC, DOCX or TXT file.`;
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return `"${file.name}" is ${formatSizeMb(file.size)}; files can be up to ${String(MAX_UPLOAD_MB)} MB.`;
  }
  return null;
}

/** Whether the draft can be uploaded: a file and a case are chosen. */
export const canUpload = (draft: UploadDraft | null): boolean => !!draft?.filename && !!draft.caseId;

/** Where an upload is at `now`: Queued, then OCR Processing after 1000 ms, then Indexed after 4000 ms. */
export function uploadStatus(upload: Pick<Upload, "uploaded">, now: number): UploadStatus {
  const elapsed = now - new Date(upload.uploaded).getTime();
  if (elapsed >= UPLOAD_INDEXED_MS) return "indexed";
  if (elapsed >= UPLOAD_OCR_MS) return "ocr";
  return "queued";
}

/** The instants at which an upload changes status. */
export const uploadSteps = (upload: Pick<Upload, "uploaded">): number[] => {
  const start = new Date(upload.uploaded).getTime();
  return [start + UPLOAD_OCR_MS, start + UPLOAD_INDEXED_MS];
};

/** A page count for the Files screen: a PDF's page objects, a text's pages of 50 lines, else one. */
export function countPages(filename: string, content: string): number {
  const extension = extensionOf(filename);
  if (extension === ".pdf") return Math.max(1, content.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0);
  if (extension === ".txt") return Math.max(1, Math.ceil(content.split("\n").length / 50));
  return 1;
}

/** The upload as a document of the Files screen (once indexed). */
export const uploadedDocument = (upload: Upload): WorkspaceDocument => ({
  id: upload.id,
  title: upload.title,
  caseId: upload.caseId,
  caseTitle: upload.caseTitle,
  pages: upload.pages,
  status: "indexed",
  uploaded: upload.uploaded,
  type: extensionOf(upload.filename) === ".pdf" ? "pdf" : "doc",
});

/** The upload record for a draft sent at `now`; the title falls back to the file name without extension. */
export const newUpload = (draft: UploadDraft, caseTitle: string, pages: number, id: string, now: Date): Upload => ({
  id,
  filename: draft.filename,
  title: draft.title.trim() || titleFromFileName(draft.filename),
  caseId: draft.caseId,
  caseTitle,
  sizeBytes: draft.sizeBytes,
  pages,
  uploaded: now.toISOString(),
});

/** Recent uploads, newest first. */
export const newestFirst = (uploads: readonly Upload[]): Upload[] =>
  [...uploads].sort((a, b) => b.uploaded.localeCompare(a.uploaded));

const num = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;

/** Validates stored uploads. */
export const parseUploads = (data: unknown): Upload[] | null =>
  parseList(data, (item) => {
    const u = item as Partial<Upload> | null;
    if (!u || !isRecordId(u.id) || !allStrings(u.filename, u.title, u.caseId, u.caseTitle) || !num(u.sizeBytes) || !num(u.pages)) return null;
    return isRecordDate(u.uploaded) ? (u as Upload) : null;
  });
