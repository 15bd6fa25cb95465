// The import of `npm run bench:scale`, in a process of its own (tests/scale/measure.ts starts it), so the page's
// main thread is measured as the page has it: holding the dropped files, not the whole archive the benchmark made.
// Measured in that process, the archive's gigabyte of strings made every major collection of the heap a pause of
// 170-184 ms that no tab ever has. Reads IMPORT_IN (JSON: the documents), writes IMPORT_OUT (JSON: the figures).
import { readFileSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { IMPORT_STEP } from "../../src/lib/documents/bulk";
import type { DocumentsDb, StoredFile } from "../../src/lib/documents/db";
import type { PageText } from "../../src/lib/documents/pages";
import { createIngestQueue } from "../../src/lib/documents/queue";
import { startAttempt, type Processing } from "../../src/lib/documents/timeline";
import { nextTask } from "../../src/lib/nextTask";
import { searchThread } from "../bench/searchThread";
import type { ArchiveDocument } from "./archive";

/** One dropped file: a document of the archive (without the dev contract it copies), its pages joined as a text file's. */
export type ImportedDocument = Omit<ArchiveDocument, "source">;
/** What the import measured. */
export interface ImportFigures {
  files: number;
  ms: number;
  done: number;
  failed: number;
  longestTaskMs: number;
}

const dropped = JSON.parse(readFileSync(process.env.IMPORT_IN ?? "", "utf8")) as ImportedDocument[];
const thread = searchThread();
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const files = new Map<string, StoredFile>();
// The pages read are kept as IndexedDB keeps them, out of the page's heap: as bytes (a structured clone's cost).
const stored = new Map<string, ArrayBuffer>();
const db: DocumentsDb = {
  putFile: async (file) => void files.set(file.id, file),
  putFiles: async (list) => {
    for (const file of list) files.set(file.id, file);
  },
  getFile: async (id) => {
    const file = files.get(id);
    return file && { ...file, bytes: file.bytes.slice(0) };
  },
  putPages: async (id, p) => void stored.set(id, encoder.encode(JSON.stringify(p)).buffer),
  getPages: async (id) => {
    const bytes = stored.get(id);
    return bytes ? (JSON.parse(decoder.decode(bytes)) as PageText[]) : [];
  },
  getSearchIndex: async () => undefined,
  putSearchIndex: async () => undefined,
  deleteDocument: async (id) => void (files.delete(id), stored.delete(id)),
  documentIds: async () => [...files.keys()],
  close: () => undefined,
};
const records = new Map<string, Processing>();
const queue = createIngestQueue({
  db: async () => db,
  read: (kind, bytes) => thread.read(kind, bytes),
  processing: (id) => records.get(id),
  update: (id, processing) => void records.set(id, processing),
  onProgress: () => undefined,
  embed: async (id, p) => {
    await thread.add(byId.get(id)!, p.map((page) => page.text));
  },
  now: () => new Date(),
});
// The files' bytes are made before the watch starts (the test's work, as the browser's test makes its File objects
// first), and their text let go (a tab holds the files it was given, not their text); then each file is kept and
// queued as the page's Import does, IMPORT_STEP files a task (uploads.ts).
const bytesOf = new Map(dropped.map((d) => [d.id, encoder.encode(d.pages.join("\n\n")).buffer]));
const imported = dropped.map(({ id, title, caseId, caseTitle }) => ({ id, title, caseId, caseTitle }));
dropped.length = 0;
const byId = new Map(imported.map((d) => [d.id, d]));
(globalThis as { gc?: () => void }).gc?.();
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
const at = performance.now();
const runs: Promise<void>[] = [];
for (const [i, d] of imported.entries()) {
  if (i > 0 && i % IMPORT_STEP === 0) await nextTask();
  await db.putFile({ id: d.id, name: `${d.id}.txt`, kind: "txt", bytes: bytesOf.get(d.id)! });
  records.set(d.id, startAttempt("upload", new Date()));
  runs.push(queue.enqueue(d.id));
}
await Promise.all(runs);
const ms = performance.now() - at;
delay.disable();
await thread.close();
const states = [...records.values()].map((r) => r.state);
const figures: ImportFigures = {
  files: imported.length,
  ms,
  done: states.filter((s) => s === "done").length,
  failed: states.filter((s) => s === "failed").length,
  longestTaskMs: delay.max / 1e6,
};
writeFileSync(process.env.IMPORT_OUT ?? "", JSON.stringify(figures));
process.exit(0);
