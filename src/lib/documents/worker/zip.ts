/** What a ZIP's central directory declares: how many files it holds and how large they are once unpacked. */
export interface ZipDeclaration {
  entries: number;
  unpackedBytes: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The fixed part of the end record, and the most a comment after it can add. */
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** A 32-bit size or offset of this value (or 16-bit count of 0xffff) says the real one is in the ZIP64 fields. */
const ZIP64_32 = 0xffffffff;
const ZIP64_16 = 0xffff;

/** A 64-bit little-endian value as a number: past 2^53 it is only approximate, which is still far too large. */
const u64 = (view: DataView, at: number) => view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;

/** Where the central directory starts and how many entries it has, from the end record (or its ZIP64 twin). */
function directoryOf(view: DataView): { offset: number; entries: number } | null {
  const lowest = Math.max(0, view.byteLength - END_SIZE - MAX_COMMENT);
  for (let at = view.byteLength - END_SIZE; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) !== END_OF_DIRECTORY) continue;
    const entries = view.getUint16(at + 10, true);
    const offset = view.getUint32(at + 16, true);
    if (entries !== ZIP64_16 && offset !== ZIP64_32) return { offset, entries };
    const locator = at - 20;
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_END_LOCATOR) return null;
    const end = u64(view, locator + 8);
    if (end + 56 > view.byteLength || view.getUint32(end, true) !== ZIP64_END_OF_DIRECTORY) return null;
    return { offset: u64(view, end + 48), entries: u64(view, end + 32) };
  }
  return null;
}

/** One file of a ZIP as its central directory declares it. */
export interface ZipEntry {
  /** 0 stored, 8 deflated; anything else no Word file uses. */
  method: number;
  packedBytes: number;
  unpackedBytes: number;
  /** Where its local header starts. */
  offset: number;
}

/**
 * An entry's sizes and offset: its header's, or the ZIP64 extra field's where the header's is 0xffffffff (that field
 * lists, in this order, only the ones the header left out: unpacked size, packed size, offset).
 */
function entrySizes(view: DataView, at: number, extraStart: number, extraEnd: number): Omit<ZipEntry, "method"> | null {
  const header = [view.getUint32(at + 24, true), view.getUint32(at + 20, true), view.getUint32(at + 42, true)];
  if (!header.includes(ZIP64_32)) return { unpackedBytes: header[0]!, packedBytes: header[1]!, offset: header[2]! };
  for (let field = extraStart; field + 4 <= extraEnd; ) {
    const size = view.getUint16(field + 2, true);
    if (view.getUint16(field, true) === 0x0001) {
      let next = field + 4;
      const values: number[] = [];
      for (const value of header) {
        if (value !== ZIP64_32) values.push(value);
        else if (next + 8 > Math.min(extraEnd, field + 4 + size)) return null;
        else {
          values.push(u64(view, next));
          next += 8;
        }
      }
      return { unpackedBytes: values[0]!, packedBytes: values[1]!, offset: values[2]! };
    }
    field += 4 + size;
  }
  return null;
}

/** The entries a ZIP's central directory lists (at most `maxEntries`: past it, only their count), or null. */
function directoryEntries(bytes: Uint8Array, maxEntries: number): { count: number; entries: ZipEntry[] } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const directory = directoryOf(view);
  if (!directory) return null;
  if (directory.entries > maxEntries) return { count: directory.entries, entries: [] };
  const entries: ZipEntry[] = [];
  let at = directory.offset;
  for (let entry = 0; entry < directory.entries; entry += 1) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const extraStart = at + 46 + view.getUint16(at + 28, true);
    const extraEnd = extraStart + view.getUint16(at + 30, true);
    if (extraEnd > view.byteLength) return null;
    const sizes = entrySizes(view, at, extraStart, extraEnd);
    if (!sizes) return null;
    entries.push({ method: view.getUint16(at + 10, true), ...sizes });
    at = extraEnd + view.getUint16(at + 32, true);
  }
  return { count: directory.entries, entries };
}

/**
 * Reads a ZIP's central directory (never a byte of its contents) and sums the unpacked sizes it declares, so a
 * DOCX that would unpack to gigabytes is refused before anything inflates it. Null when the bytes are not a ZIP whose
 * directory can be read. Stops counting past `maxEntries`.
 */
export function zipDeclaration(bytes: Uint8Array, maxEntries: number): ZipDeclaration | null {
  const listed = directoryEntries(bytes, maxEntries);
  if (!listed) return null;
  return { entries: listed.count, unpackedBytes: listed.entries.reduce((sum, entry) => sum + entry.unpackedBytes, 0) };
}

/**
 * Whether an entry's declared sizes are impossible for its method: DEFLATE never shrinks data more than about 1,032 to
 * 1, nor grows it by more than an eighth (fixed codes of 9 bits a byte; an encoder stores it rather) and a few headers;
 * stored data is its own size. A ZIP that claims "1 KB" for 199 KB of compressed data is lying about what it unpacks
 * to, and is refused before anything is inflated.
 */
export function absurdRatio({ method, packedBytes, unpackedBytes }: ZipEntry): boolean {
  if (method === 0) return packedBytes !== unpackedBytes;
  return packedBytes > unpackedBytes * 1.125 + 1024 || unpackedBytes > packedBytes * 1032 + 1024;
}

/** How the ZIP's contents turned out when inflated for real: within the cap, past it, or not a ZIP that inflates. */
export type InflateCheck = "within" | "too_large" | "damaged";

/** Compressed bytes pushed to the inflater at a time: one push can give at most about 1,032 times this. */
const PUSH_BYTES = 4096;

/**
 * Inflates every entry of a ZIP with a streaming inflate, discarding the output and counting it, and stops as soon as
 * the count passes `maxUnpackedBytes`: the cap holds for what the data really unpacks to, whatever sizes the ZIP
 * declares. Before inflating anything, an entry whose declared sizes are absurd (absurdRatio), or a method other than
 * stored or DEFLATE, makes the ZIP "damaged"; so does data that does not inflate.
 */
export async function inflatedWithin(bytes: Uint8Array, maxEntries: number, maxUnpackedBytes: number): Promise<InflateCheck> {
  const listed = directoryEntries(bytes, maxEntries);
  if (!listed) return "damaged";
  if (listed.count > maxEntries) return "too_large";
  if (listed.entries.some((entry) => (entry.method !== 0 && entry.method !== 8) || absurdRatio(entry))) return "damaged";
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { Inflate } = await import("fflate");
  let total = 0;
  for (const entry of listed.entries) {
    const { offset } = entry;
    if (offset + 30 > bytes.length || view.getUint32(offset, true) !== LOCAL_HEADER) return "damaged";
    const start = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
    const end = start + entry.packedBytes;
    if (end > bytes.length) return "damaged";
    if (entry.method === 0) {
      total += entry.packedBytes;
      if (total > maxUnpackedBytes) return "too_large";
      continue;
    }
    const inflater = new Inflate((chunk) => void (total += chunk.length));
    try {
      for (let at = start; at < end; at += PUSH_BYTES) {
        inflater.push(bytes.subarray(at, Math.min(at + PUSH_BYTES, end)), at + PUSH_BYTES >= end);
        if (total > maxUnpackedBytes) return "too_large";
      }
    } catch {
      return "damaged";
    }
  }
  return "within";
}
