/** What a ZIP's central directory declares: how many files it holds and how large they are once unpacked. */
export interface ZipDeclaration {
  entries: number;
  unpackedBytes: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
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

/** An entry's unpacked size: its header's, or the ZIP64 extra field's when the header's is 0xffffffff. */
function unpackedSize(view: DataView, at: number, extraStart: number, extraEnd: number): number | null {
  const declared = view.getUint32(at + 24, true);
  if (declared !== ZIP64_32) return declared;
  for (let field = extraStart; field + 4 <= extraEnd; ) {
    const size = view.getUint16(field + 2, true);
    // The ZIP64 field lists the unpacked size first when the header's is 0xffffffff.
    if (view.getUint16(field, true) === 0x0001 && size >= 8 && field + 12 <= extraEnd) return u64(view, field + 4);
    field += 4 + size;
  }
  return null;
}

/**
 * Reads a ZIP's central directory (never a byte of its contents) and sums the unpacked sizes it declares, so a
 * DOCX that would unpack to gigabytes is refused before anything inflates it. Null when the bytes are not a ZIP whose
 * directory can be read. Stops counting past `maxEntries`.
 */
export function zipDeclaration(bytes: Uint8Array, maxEntries: number): ZipDeclaration | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const directory = directoryOf(view);
  if (!directory) return null;
  if (directory.entries > maxEntries) return { entries: directory.entries, unpackedBytes: 0 };
  let unpackedBytes = 0;
  let at = directory.offset;
  for (let entry = 0; entry < directory.entries; entry += 1) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const extraStart = at + 46 + view.getUint16(at + 28, true);
    const extraEnd = extraStart + view.getUint16(at + 30, true);
    if (extraEnd > view.byteLength) return null;
    const size = unpackedSize(view, at, extraStart, extraEnd);
    if (size === null) return null;
    unpackedBytes += size;
    at = extraEnd + view.getUint16(at + 32, true);
  }
  return { entries: directory.entries, unpackedBytes };
}
