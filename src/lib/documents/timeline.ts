import { MAX_CUT_OFF_READS } from "./reasons";

/** The specification's simulated timings (section 9), in ms after the upload or the Re-index: kept as floors. */
export const UPLOAD_OCR_MS = 1000;
export const UPLOAD_INDEXED_MS = 4000;
export const REINDEX_MS = 3000;

/** Where the reading of one document is, as the reader records it (real events, with their instants). */
export const PROCESSING_STATES = ["queued", "reading", "storing", "done", "failed"] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];
/** What started an attempt at reading a document: the upload, or a Re-index of a failed one. */
export const ATTEMPTS = ["upload", "reindex"] as const;

/** What a document shows of its reading at a moment (statusAt): the upload's status, as the Uploads screen labels it. */
export const UPLOAD_STATUSES = ["queued", "ocr", "embedded", "indexed", "failed"] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** One attempt at reading a document: the upload, or a Re-index of a failed one. */
export interface Processing {
  attempt: (typeof ATTEMPTS)[number];
  /** ISO instant the attempt started: the floors count from it. */
  started: string;
  state: ProcessingState;
  /**
   * How many times the reader has started on this attempt. The record is saved as it goes, so a read cut off by a
   * crash or a closed page is counted on the next visit, which resumes it.
   */
  reads?: number;
  /** ISO instant the text was read (every page), when it has been. */
  readAt?: string;
  /** ISO instant the pages were stored: the document is ready. */
  doneAt?: string;
  /** ISO instant it failed, and why, in words. */
  failedAt?: string;
  reason?: string;
}

/** The specification's simulated timings, kept as floors: no step shows before its time, however fast the work. */
export const floorsOf = (attempt: Processing["attempt"]): { processing: number; ready: number } =>
  attempt === "upload" ? { processing: UPLOAD_OCR_MS, ready: UPLOAD_INDEXED_MS } : { processing: 0, ready: REINDEX_MS };

/**
 * The instants already read, by their text: every change of 1,000 uploads asks each one's status again, and the same
 * few strings were parsed as dates millions of times. Emptied when full, so it stays small.
 */
const instants = new Map<string, number>();
const INSTANTS_KEPT = 10_000;
function at(iso: string | undefined): number {
  if (!iso) return Infinity;
  let time = instants.get(iso);
  if (time === undefined) {
    if (instants.size >= INSTANTS_KEPT) instants.clear();
    time = new Date(iso).getTime();
    instants.set(iso, time);
  }
  return time;
}

/**
 * The status a document shows at `now`. Queued until 1 s after the upload; then OCR Processing while its text is
 * read (and until 4 s, however fast it was read); Embedding from when its text is read and 4 s have passed until it
 * is stored; Indexed once both are true. A failure shows from the time it happened, but not before 1 s. A Re-index
 * is processing at once and ready no earlier than 3 s later.
 */
export function statusAt(p: Processing, now: number): UploadStatus {
  const start = at(p.started);
  const floor = floorsOf(p.attempt);
  if (now < start + floor.processing) return "queued";
  if (p.state === "failed") return "failed";
  if (p.state === "done" && now >= Math.max(start + floor.ready, at(p.doneAt))) return "indexed";
  if (p.readAt && now >= Math.max(start + floor.ready, at(p.readAt))) return "embedded";
  return "ocr";
}

/** The instants at which a document's shown status can change without a new event: its floors. */
export const floorInstants = (p: Processing): number[] => {
  const start = at(p.started);
  const floor = floorsOf(p.attempt);
  return p.state === "failed" ? [start + floor.processing] : [start + floor.processing, start + floor.ready];
};

/** True while the reader still owes this document work: a page closed mid-way leaves it so, and the queue resumes it. */
export const isUnfinished = (p: Processing): boolean => p.state !== "done" && p.state !== "failed";

/** True when this attempt's reading was cut off MAX_CUT_OFF_READS times: it fails instead of being resumed again. */
export const cutOffTooOften = (p: Processing): boolean => isUnfinished(p) && (p.reads ?? 0) >= MAX_CUT_OFF_READS;

/** The record of a new attempt, started at `now`. */
export const startAttempt = (attempt: Processing["attempt"], now: Date): Processing => ({ attempt, started: now.toISOString(), state: "queued" });

/** The record after the reader's next event. */
export function advance(p: Processing, event: "reading" | "read" | "done" | { failed: string }, now: Date): Processing {
  const iso = now.toISOString();
  if (typeof event === "object") return { ...p, state: "failed", failedAt: iso, reason: event.failed };
  if (event === "reading") return { ...p, state: "reading", reads: (p.reads ?? 0) + 1 };
  if (event === "read") return { ...p, state: "storing", readAt: iso };
  return { ...p, state: "done", readAt: p.readAt ?? iso, doneAt: iso };
}
