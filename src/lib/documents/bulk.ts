import { isRecordDate } from "../dash/dates";
import { isRecordId, parseList } from "../dash/parse";
import type { UploadStatus } from "./timeline";

/**
 * A bulk import (issue 44, item 5): many files dropped or picked at once, every one queued at that instant (its record
 * Queued, its bytes kept), read a few at a time, and followed on one progress line. Kept with the workspace, so a
 * reload resumes it where it was (paused stays paused).
 */
export interface BulkImport {
  id: string;
  /** The uploads it queued, in the order they were chosen. */
  ids: string[];
  /** The files it could not take (wrong type, too large), each with why. */
  refused: { name: string; reason: string }[];
  /** How many of its files were cancelled before they were read (their records and bytes removed). */
  cancelled: number;
  /** ISO instant it started: the time left is estimated from the pace since. */
  startedAt: string;
  paused: boolean;
}

/** How many files a bulk import reads at once (each in its own worker): a few, on a two-core laptop. */
export const BULK_READ_CONCURRENCY = 3;

/**
 * How many chosen files a bulk import's Import makes records of in one task: 200 take a few milliseconds; 1,000 in
 * one task, with the records' listing and its render, took 33-86 ms of the main thread's work (bulk-import.spec.ts).
 */
export const IMPORT_STEP = 200;

export interface BulkProgress {
  /** Indexed. */
  done: number;
  /** Failed in reading, and refused at the start. */
  failed: number;
  /** Queued or being read. */
  remaining: number;
  /** Milliseconds left at the pace so far; null until a file is finished. */
  leftMs: number | null;
}

/** Where a bulk import stands, from its uploads' statuses now (an upload deleted since counts no more). */
export function bulkProgress(bulk: BulkImport, statusOf: (id: string) => UploadStatus | undefined, nowMs: number): BulkProgress {
  let done = 0;
  let failed = bulk.refused.length;
  let remaining = 0;
  for (const id of bulk.ids) {
    const status = statusOf(id);
    if (status === "indexed") done += 1;
    else if (status === "failed") failed += 1;
    else if (status !== undefined) remaining += 1;
  }
  const finished = done + failed - bulk.refused.length;
  const elapsed = nowMs - Date.parse(bulk.startedAt);
  const leftMs = remaining === 0 ? 0 : finished > 0 && elapsed > 0 ? Math.round((elapsed / finished) * remaining) : null;
  return { done, failed, remaining, leftMs };
}

/** The estimate of the time left, in words: 'about 40 s left', 'about 3 min left'. */
export function timeLeft(leftMs: number | null): string {
  if (leftMs === null) return "estimating the time left";
  if (leftMs < 60_000) return `about ${String(Math.max(5, Math.ceil(leftMs / 5000) * 5))} s left`;
  return `about ${String(Math.ceil(leftMs / 60_000))} min left`;
}

/** One number format for every count: toLocaleString makes a new one at each call, three times a line. */
const counts = new Intl.NumberFormat("en");
const count = (n: number) => counts.format(n);

/** The one progress line: '120 done / 2 failed / 78 remaining · about 2 min left'; once finished, no estimate. */
export function bulkLine(progress: BulkProgress, paused: boolean): string {
  const line = `${count(progress.done)} done / ${count(progress.failed)} failed / ${count(progress.remaining)} remaining`;
  if (progress.remaining === 0) return line;
  return `${line} · ${paused ? "paused" : timeLeft(progress.leftMs)}`;
}

function parseBulk(item: unknown): BulkImport | null {
  const b = item as Partial<BulkImport> | null;
  if (!b || !isRecordId(b.id) || !isRecordDate(b.startedAt) || typeof b.paused !== "boolean") return null;
  if (!Number.isInteger(b.cancelled) || (b.cancelled as number) < 0) return null;
  const ids = parseList(b.ids, (id) => (isRecordId(id) ? id : null));
  const refused = parseList(b.refused, (r) => {
    const x = r as { name?: unknown; reason?: unknown } | null;
    return x && typeof x.name === "string" && typeof x.reason === "string" ? { name: x.name, reason: x.reason } : null;
  });
  if (!ids || !refused) return null;
  return { id: b.id, ids, refused, cancelled: b.cancelled as number, startedAt: b.startedAt, paused: b.paused };
}

/** Validates the stored bulk imports (at most the one under way, or finished and not yet dismissed). */
export const parseBulkImports = (data: unknown): BulkImport[] | null => parseList(data, parseBulk);
