import { PAGE_UNITS, type PageUnit } from "../documents/pages";
import { DOCUMENT_KINDS, extensionOf, kindOfFileName, type DocumentKind } from "../documents/kinds";
import { ATTEMPTS, floorInstants, PROCESSING_STATES, statusAt, type Processing, type UploadStatus } from "../documents/timeline";
import type { SearchDocument, WorkspaceEntry } from "../search/entries";
import { isRecordDate } from "./dates";
import type { DocumentStatus, WorkspaceDocument } from "./files";
import { allStrings, isRecordId, oneOf, parseList } from "./parse";
import { hasSharedFields, type SharedFields } from "./shared";
import { isVersionLink, type VersionLink } from "./versions";

/** The file types the upload accepts, as the file picker's `accept` and as people read them. */
export const ACCEPTED_EXTENSIONS = [".pdf", ".doc", ".docx", ".txt"] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(",");
export const ACCEPTED_LABEL = "PDF/DOC/DOCX/TXT";
/** The largest file the upload takes: 50 MB. */
export const MAX_UPLOAD_MB = 50;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
export const UPLOAD_HINT = `up to ${String(MAX_UPLOAD_MB)}MB, ${ACCEPTED_LABEL}`;

export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = {
  queued: "Queued",
  ocr: "OCR Processing",
  embedded: "Embedding",
  indexed: "Indexed",
  failed: "Failed",
};

/** An uploaded document: what was sent, where to, when, and how its reading went (its status follows from that). */
export interface Upload extends SharedFields, VersionLink {
  id: string;
  filename: string;
  title: string;
  caseId: string;
  /** The case's title when it was uploaded, so the document keeps its case name. */
  caseTitle: string;
  sizeBytes: number;
  /** The kind its checked extension names: how it is read and shown. */
  kind: DocumentKind;
  /** Pages (or a DOCX's sections) read; 0 until it is read. */
  pages: number;
  unit: PageUnit;
  /** How many of its pages were recognised by OCR. */
  ocrPages: number;
  /** ISO instant of the upload. */
  uploaded: string;
  /** The current attempt at reading it: the upload, or the last Re-index. */
  processing: Processing;
  /** A sample document's file on this site, fetched and kept on first use; absent for the user's own uploads. */
  sample?: string;
  /** With Supabase: where the original is in the user's private bucket (`<user id>/<id>/<file name>`), once uploaded. */
  storagePath?: string;
  /** With Supabase: the original's SHA-256, hex. */
  sha256?: string;
  /** With Supabase: the colleague whose case it is filed in; absent when the case is the uploader's own. */
  caseOwner?: string;
}

/** Where a document's original lives in the user's documents bucket: its own folder, the file name without slashes. */
export const storagePathOf = (userId: string, upload: Pick<Upload, "id" | "filename">): string =>
  `${userId}/${upload.id}/${upload.filename.replace(/[/\\]/g, "_")}`;

/** Where the sample documents are served from (public/samples/, made by scripts/make-samples.mjs). */
export const SAMPLES_PATH = "/samples/";
/** A sample's file path as a stored record may name it: only a file of this site's samples folder. */
const SAMPLE_FILE = /^\/samples\/[a-z0-9-]+\.(pdf|docx|txt)$/;

/** What the user is about to upload. */
export interface UploadDraft {
  filename: string;
  sizeBytes: number;
  caseId: string;
  title: string;
  /** The document this file is a new version of, when it is one. */
  versionOf?: string;
}

/** The file's name without its extension: the title an upload gets unless the user types another. */
export const titleFromFileName = (filename: string): string => filename.replace(/\.[^.]*$/, "") || filename;

/** The size people read: megabytes with one decimal ("2.4 MB"). */
export const formatSizeMb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

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

/** Where an upload is at `now`: from its reader's real events, with the specification's timings as floors. */
export const uploadStatus = (upload: Pick<Upload, "processing">, now: number): UploadStatus => statusAt(upload.processing, now);

/** The instants at which an upload's status can change by time alone (its floors), for the clock. */
export const uploadSteps = (upload: Pick<Upload, "processing">): number[] => floorInstants(upload.processing);

/** How an upload's status reads on the Files screen: Indexed, Failed, or Processing for every step between. */
const DOCUMENT_STATUS_OF: Record<UploadStatus, DocumentStatus> = {
  queued: "processing",
  ocr: "processing",
  embedded: "processing",
  indexed: "indexed",
  failed: "failed",
};

/** The upload as a document of the Files screen, with its status at `now` and, when it failed, why. */
export function uploadedDocument(upload: Upload, now: number): WorkspaceDocument {
  const status = DOCUMENT_STATUS_OF[uploadStatus(upload, now)];
  return {
    id: upload.id,
    title: upload.title,
    caseId: upload.caseId,
    caseTitle: upload.caseTitle,
    pages: upload.pages,
    status,
    uploaded: upload.uploaded,
    type: upload.kind === "pdf" ? "pdf" : "doc",
    ...(status === "failed" && upload.processing.reason ? { reason: upload.processing.reason } : {}),
    ...(upload.updatedBy ? { updatedBy: upload.updatedBy } : {}),
  };
}

/** Whether Files lists the upload: a sample always, an upload once it is Indexed or Failed and through any Re-index after that. */
export const isFiled = (upload: Upload, now: number): boolean =>
  upload.sample !== undefined || upload.processing.attempt === "reindex" || ["indexed", "failed"].includes(uploadStatus(upload, now));

/** The upload record for a draft sent at `now`, queued; the title falls back to the file name without extension. */
export function newUpload(draft: UploadDraft, caseTitle: string, id: string, now: Date): Upload {
  const kind = kindOfFileName(draft.filename) ?? "txt";
  return {
    id,
    filename: draft.filename,
    title: draft.title.trim() || titleFromFileName(draft.filename),
    caseId: draft.caseId,
    caseTitle,
    sizeBytes: draft.sizeBytes,
    kind,
    pages: 0,
    unit: kind === "docx" ? "section" : "page",
    ocrPages: 0,
    uploaded: now.toISOString(),
    processing: { attempt: "upload", started: now.toISOString(), state: "queued" },
  };
}

/** Orders uploads newest first (their ISO instants sort as text, code unit by code unit: no collation needed). */
export const newestFirst = (a: Upload, b: Upload): number => (a.uploaded < b.uploaded ? 1 : a.uploaded > b.uploaded ? -1 : 0);

/** The user's own uploads (not the samples), newest first: the Uploads screen's Recent Uploads. */
export const recentUploads = (uploads: readonly Upload[]): Upload[] => uploads.filter((upload) => upload.sample === undefined).sort(newestFirst);

const num = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;

/** Validates a stored processing record. */
function parseProcessing(data: unknown): Processing | null {
  const p = data as Partial<Processing> | null;
  if (!p || !oneOf(p.attempt, ATTEMPTS) || !oneOf(p.state, PROCESSING_STATES) || !isRecordDate(p.started)) return null;
  for (const instant of [p.readAt, p.doneAt, p.failedAt]) if (instant !== undefined && !isRecordDate(instant)) return null;
  if (p.reason !== undefined && typeof p.reason !== "string") return null;
  if (p.reads !== undefined && !(num(p.reads) && Number.isInteger(p.reads))) return null;
  return p as Processing;
}

/** Validates stored uploads. */
export const parseUploads = (data: unknown): Upload[] | null =>
  parseList(data, (item) => {
    const u = item as Partial<Upload> | null;
    if (!u || !isRecordId(u.id) || !allStrings(u.filename, u.title, u.caseId, u.caseTitle)) return null;
    if (!num(u.sizeBytes) || !num(u.pages) || !num(u.ocrPages) || !oneOf(u.kind, DOCUMENT_KINDS)) return null;
    if (!oneOf(u.unit, PAGE_UNITS) || !parseProcessing(u.processing)) return null;
    if (u.sample !== undefined && !(typeof u.sample === "string" && SAMPLE_FILE.test(u.sample))) return null;
    if (u.storagePath !== undefined && !(typeof u.storagePath === "string" && /^[^/]+\/[^/]+\/[^/]+$/.test(u.storagePath))) return null;
    if (u.sha256 !== undefined && !(typeof u.sha256 === "string" && /^[0-9a-f]{64}$/.test(u.sha256))) return null;
    if (!hasSharedFields(u) || !(u.caseOwner === undefined || typeof u.caseOwner === "string")) return null;
    if (!isVersionLink(u)) return null;
    return isRecordDate(u.uploaded) ? (u as Upload) : null;
  });

/** An upload as the index files it. */
export const searchDocument = (upload: Upload): SearchDocument => ({
  id: upload.id,
  title: upload.title,
  caseId: upload.caseId,
  caseTitle: upload.caseTitle,
  unit: upload.unit,
});

/** The pages of the documents read and kept: what the browser's index would hold of them (handover.ts weighs it). */
export const pagesRead = (uploads: readonly Upload[]): number => uploads.reduce((sum, u) => sum + (u.processing.state === "done" ? u.pages : 0), 0);

/** The workspace as the index's sync takes it: every document, indexed once it is read and its pages kept. */
export const workspaceEntries = (uploads: readonly Upload[]): WorkspaceEntry[] =>
  uploads.map((upload) => ({ document: searchDocument(upload), indexed: upload.processing.state === "done" }));
