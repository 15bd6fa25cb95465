import { PAGE_UNITS, type PageText, type PageUnit } from "../../documents/pages";
import { oneOf, parseList } from "../parse";
import { SAMPLES_PATH } from "../uploads";

/**
 * The sample documents already read: each sample file's pages (text, number, and whether OCR recognised it), as the
 * reader reads the file. Made by `npm run samples:read`, which reads every file in public/samples/ again and fails
 * when this differs; a new workspace takes the samples' pages from here, so a first visit loads no reader and no OCR.
 */
export const SAMPLE_PAGES_PATH = `${SAMPLES_PATH}pages.json`;

/** One sample file, read: its size in bytes, what its numbered parts are, and its pages. */
export interface SampleRead {
  sizeBytes: number;
  unit: PageUnit;
  pages: PageText[];
}

/** Each sample file's reading, by its path on this site (`/samples/lease-flat-3.docx`). */
export type SamplePages = ReadonlyMap<string, SampleRead>;

const parsePage = (value: unknown): PageText | null => {
  if (typeof value !== "object" || value === null) return null;
  const { number, text, source } = value as Record<string, unknown>;
  const pageSource = oneOf(source, ["text", "ocr"] as const);
  return Number.isInteger(number) && typeof text === "string" && pageSource ? { number: number as number, text, source: pageSource } : null;
};

const parseRead = (value: unknown): SampleRead | null => {
  if (typeof value !== "object" || value === null) return null;
  const { sizeBytes, unit, pages } = value as Record<string, unknown>;
  const pageUnit = oneOf(unit, PAGE_UNITS);
  const list = parseList(pages, parsePage);
  return Number.isInteger(sizeBytes) && pageUnit && list && list.length > 0 ? { sizeBytes: sizeBytes as number, unit: pageUnit, pages: list } : null;
};

/** The file's readings, each checked; null when the file is not what `npm run samples:read` writes. */
export function parseSamplePages(value: unknown): SamplePages | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const map = new Map<string, SampleRead>();
  for (const [path, read] of Object.entries(value)) {
    const parsed = parseRead(read);
    if (!path.startsWith(SAMPLES_PATH) || !parsed) return null;
    map.set(path, parsed);
  }
  return map;
}

/** The file's text for these readings: one sample per key, in the order given, two-space indented. */
export const samplePagesJson = (reads: Iterable<readonly [string, SampleRead]>): string => `${JSON.stringify(Object.fromEntries(reads), null, 2)}\n`;
