import type { CaseStatus } from "../../lib/dash/cases";
import type { DocumentStatus } from "../../lib/dash/files";
import type { UploadStatus } from "../../lib/documents/timeline";
import type { BadgeTone } from "./Badge";

/** The colour of each status badge. */
export const CASE_TONES: Record<CaseStatus, BadgeTone> = { active: "success", pending: "warning", closed: "neutral" };
export const DOCUMENT_TONES: Record<DocumentStatus, BadgeTone> = { indexed: "success", processing: "warning", failed: "danger" };
export const UPLOAD_TONES: Record<UploadStatus, BadgeTone> = {
  queued: "neutral",
  ocr: "warning",
  embedded: "accent",
  indexed: "success",
  failed: "danger",
};
