import "fake-indexeddb/auto";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { searchDocument, type Upload } from "../../lib/dash/uploads";
import { openDocumentsDb } from "../../lib/documents/db";
import { BULK_READ_CONCURRENCY, IMPORT_STEP } from "../../lib/documents/bulk";
import type { IngestResult, PageText } from "../../lib/documents/pages";
import { createSearchService } from "../../lib/search/worker/service";
import { loadLexicon } from "../../lib/search/understand";
import { FAILURE_REASONS } from "../../lib/documents/reasons";
import { sampleCases } from "../../lib/dash/samples/cases";
import { createClock } from "../../lib/dash/clock";
import { uploadHrefFor } from "../../lib/dash/cases";
import { newVersionHref } from "../../lib/dash/versions";
import { createCaseCards } from "./caseCards";
import { createCasesStore } from "./cases";
import { createFilesStore } from "./files";
import { createKnowledgeStore } from "./knowledge";
import { createPreferencesStore } from "./preferences";
import { createUploadsStore, uploadsFeature } from "./uploads";
import type { SamplePages } from "../../lib/dash/samples/pages";

const T0 = Date.parse("2025-03-14T10:00:00.000Z");

let users = 0;

/**
 * The five stores wired together as the app wires them, over a fake clock, a user database of their own (in
 * fake-indexeddb) and a reader that answers what `read` says (the reader itself is tested in lib/documents).
 */
function workspace(
  read: (kind: string, bytes: ArrayBuffer) => Promise<IngestResult> = () => Promise.resolve(twoPages),
  samplePages: () => Promise<SamplePages> = () => Promise.resolve(sampleReads()),
  {
    samples = true,
    fetchSample = (path: string) => Promise.resolve(new TextEncoder().encode(`bytes of ${path}`).buffer),
    batchMs = undefined as number | undefined,
    guardLeaving = undefined as ((on: boolean) => void) | undefined,
    prepareReading = undefined as ((documents: number) => void) | undefined,
  } = {},
) {
  const clock = createClock();
  let n = 0;
  const newId = () => `id-${String((n += 1))}`;
  const now = () => new Date(clock.now());
  const cases = createCasesStore({ now, newId });
  const db = openDocumentsDb(`user-${String((users += 1))}`);
  // The search service the worker runs, here in the test's thread over the same database.
  const search = createSearchService({ load: () => Promise.resolve(undefined), save: () => Promise.resolve(), pages: (id) => db.then((d) => d.getPages(id)) });
  const embed = (upload: Upload, pages: readonly PageText[]) => search.add(searchDocument(upload), pages);
  const uploads = createUploadsStore({ clock, newId, caseTitle: cases.caseTitle, caseIds: () => cases.$cases.get(), db: () => db, read, samplePages, fetchSample, embed, ...(batchMs === undefined ? {} : { batchMs }), ...(guardLeaving ? { guardLeaving } : {}), ...(prepareReading ? { prepareReading } : {}) });
  // The workspace loads a new user's records: the samples (or none, for a test that holds the reader).
  uploads.$uploads.set(samples ? uploadsFeature.samples() : []);
  // The app reads them once a screen shows documents or a question is asked (the samples' test below checks that).
  uploads.readSamples();
  const searchText = async (query: string, docIds: string[]) => (await search.search(query, { scope: { kind: "documents", docIds } })).results;
  const files = createFilesStore({ clock, $uploads: uploads.$uploads, reindexUpload: uploads.reindex, searchText });
  const cards = createCaseCards(cases.$matching, files.$documents);
  const knowledge = createKnowledgeStore({ now, newId });
  return { clock, cases, uploads, files, cards, knowledge, db, search };
}

// The search reads a question by meaning once its table is loaded (a dynamic import of 0.8 MB of JSON, the first
// question's): loaded before any test, so a search under the fake clock does not wait on Vitest's first transform
// of it, which outlasted `settled`'s turns when this file ran alone.
beforeAll(() => loadLexicon());

/** Waits, without moving the fake clock, until the reader's real work (promises, IndexedDB) makes `check` pass. */
async function settled(check: () => void): Promise<void> {
  for (let i = 0; ; i += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (i > 500) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

const twoPages = {
  ok: true,
  unit: "page",
  pages: [
    { number: 1, text: "Witness statement of Mr Ioannou.", source: "text" },
    { number: 2, text: "Signed in Paphos.", source: "text" },
  ],
} as const satisfies IngestResult;

/** The samples already read, as public/samples/pages.json holds them: here two pages each, and the path's length in bytes. */
const sampleReads = (): SamplePages =>
  new Map(uploadsFeature.samples().map((u) => [u.sample ?? "", { sizeBytes: (u.sample ?? "").length, unit: "page", pages: [...twoPages.pages] }]));

const pdf = (name = "Witness Statement.pdf", size = 2048) =>
  new File(["%PDF-1.4 << /Type /Page >> << /Type /Page >>".padEnd(size, " ")], name, { type: "application/pdf" });

/** Chooses the file, files it under the case and sends it, as the Uploads form does. */
const send = (uploads: ReturnType<typeof createUploadsStore>, file: File = pdf(), caseId: string = sampleCases[1]!.id) => {
  uploads.chooseFile(file);
  uploads.setCase(caseId);
  return uploads.submit()!;
};

beforeEach(() => {
  // Timers and the date only: IndexedDB (fake-indexeddb) runs on the real event loop.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("uploads", () => {
  it("prefills the title, refuses a wrong type or size with a message, and needs a file and a case", () => {
    const { uploads } = workspace();
    uploads.chooseFile(new File(["x"], "setup.exe"));
    expect(uploads.$form.get()).toMatchObject({ file: null, error: expect.stringMatching(/PDF, DOC, DOCX or TXT/) });
    const big = pdf("big.pdf");
    Object.defineProperty(big, "size", { value: 50 * 1024 * 1024 + 1 });
    uploads.chooseFile(big);
    expect(uploads.$form.get().error).toMatch(/up to 50 MB/);
    uploads.chooseFile(pdf());
    expect(uploads.$form.get()).toMatchObject({ title: "Witness Statement", error: null });
    expect(uploads.$canUpload.get()).toBe(false);
    uploads.setCase(sampleCases[0]!.id);
    expect(uploads.$canUpload.get()).toBe(true);
    uploads.cancel();
    expect(uploads.$form.get()).toMatchObject({ file: null, title: "", caseId: sampleCases[0]!.id });
  });

  it("reads the file for real: Queued, OCR Processing at 1000 ms, Indexed at 4000 ms (the floors), its pages kept", async () => {
    const { uploads, db } = workspace();
    uploads.chooseFile(pdf());
    uploads.setCase(sampleCases[1]!.id);
    uploads.setTitle("Witness statement of Mr Ioannou");
    const upload = uploads.submit();
    expect(upload).toMatchObject({ title: "Witness statement of Mr Ioannou", caseTitle: sampleCases[1]!.title, kind: "pdf", pages: 0, sizeBytes: 2048 });
    expect(uploads.$form.get().file).toBeNull();
    const status = () => uploads.$recent.get()[0]!.status;
    expect(status()).toBe("queued");
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("done"));
    expect(status()).toBe("queued");
    await vi.advanceTimersByTimeAsync(999);
    expect(status()).toBe("queued");
    await vi.advanceTimersByTimeAsync(1);
    expect(status()).toBe("ocr");
    await vi.advanceTimersByTimeAsync(2999);
    expect(status()).toBe("ocr");
    await vi.advanceTimersByTimeAsync(1);
    expect(status()).toBe("indexed");
    expect(uploads.$recent.get()[0]).toMatchObject({ pages: 2, unit: "page", ocrPages: 0 });
    expect((await (await db).getPages(upload!.id)).map((p) => p.text)).toEqual(["Witness statement of Mr Ioannou.", "Signed in Paphos."]);
    expect((await (await db).getFile(upload!.id))?.name).toBe("Witness Statement.pdf");
  });

  it("a bulk import's reading changes the records together, 100 ms after the first change, none lost; one upload's steps show at once", async () => {
    let reads = 0;
    const { uploads } = workspace(() => ((reads += 1), Promise.resolve(twoPages)), undefined, { samples: false, batchMs: 100 });
    // One upload: each step is in the records at once, with the fake clock standing still.
    send(uploads);
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("done"));
    let changes = 0;
    uploads.$uploads.listen(() => (changes += 1));
    uploads.chooseFiles(Array.from({ length: 30 }, (_, i) => new File([`Letter ${String(i)}`], `letter-${String(i)}.txt`, { type: "text/plain" })));
    uploads.setCase(sampleCases[1]!.id);
    const bulk = (await uploads.submitMany())!;
    expect(changes).toBe(1);
    const states = () => bulk.ids.map((id) => uploads.$uploads.get().find((u) => u.id === id)?.processing.state);
    // All 30 are read while the clock stands still, and the records have not changed since they were listed.
    await settled(() => expect(reads).toBe(31));
    expect(changes).toBe(1);
    expect(new Set(states())).toEqual(new Set(["queued"]));
    for (let i = 0; i < 50 && !states().every((state) => state === "done"); i += 1) {
      await vi.advanceTimersByTimeAsync(100);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(states()).toEqual(bulk.ids.map(() => "done"));
    // Four changes a file (reading, read, done, and its progress) would have been 120.
    expect(changes).toBeLessThanOrEqual(5);
  });

  it(`makes a big choice's records ${String(IMPORT_STEP)} files a task and lists them all at once in the last; a choice cancelled meanwhile imports nothing`, async () => {
    const { uploads } = workspace(() => Promise.resolve(twoPages), undefined, { samples: false });
    await settled(() => expect(uploads.$uploads.get().every((u) => u.processing.state === "done")).toBe(true));
    const letters = (n: number) => Array.from({ length: n }, (_, i) => new File([`Letter ${String(i)}`], `letter-${String(i)}.txt`, { type: "text/plain" }));
    let changes = 0;
    uploads.$uploads.listen(() => (changes += 1));
    const listed = uploads.$uploads.get().length;
    uploads.chooseFiles(letters(IMPORT_STEP * 5));
    uploads.setCase(sampleCases[1]!.id);
    const importing = uploads.submitMany();
    // Nothing listed in the click's task: the choice is still there, and a second Import is the same import.
    expect(uploads.$uploads.get()).toHaveLength(listed);
    expect(uploads.$bulkChoice.get()).toHaveLength(IMPORT_STEP * 5);
    expect(uploads.submitMany()).toBe(importing);
    const bulk = (await importing)!;
    expect(bulk.ids).toHaveLength(IMPORT_STEP * 5);
    expect(changes).toBe(1);
    expect(uploads.$uploads.get()).toHaveLength(listed + IMPORT_STEP * 5);
    expect(uploads.$bulkChoice.get()).toBeNull();
    expect(uploads.$bulk.get()).toEqual([bulk]);

    uploads.dismissBulk();
    uploads.chooseFiles(letters(IMPORT_STEP + 1));
    const cancelled = uploads.submitMany();
    uploads.cancelChoice();
    expect(await cancelled).toBeNull();
    expect(changes).toBe(1);
    expect(uploads.$bulk.get()).toEqual([]);
  });

  it(`starts the reader's workers when many files are chosen, before Import: ${String(BULK_READ_CONCURRENCY)} at most, one for one file`, () => {
    const prepared: number[] = [];
    let reads = 0;
    const { uploads } = workspace(() => ((reads += 1), Promise.resolve(twoPages)), undefined, { samples: false, prepareReading: (n) => prepared.push(n) });
    const letters = (n: number) => Array.from({ length: n }, (_, i) => new File([`Letter ${String(i)}`], `letter-${String(i)}.txt`, { type: "text/plain" }));
    uploads.chooseFiles(letters(200));
    expect(prepared).toEqual([BULK_READ_CONCURRENCY]);
    expect(reads).toBe(0);
    uploads.cancelChoice();
    uploads.chooseFiles(letters(1));
    expect(prepared).toEqual([BULK_READ_CONCURRENCY, 1]);
  });

  it("asks before the page is left while chosen files' bytes are being kept, and no longer once they are", async () => {
    const guards: boolean[] = [];
    const { uploads, db } = workspace(undefined, undefined, { guardLeaving: (on) => guards.push(on) });
    // The samples' pages come with the site: reading them never guards the page.
    await settled(() => expect(uploads.$uploads.get().every((u) => u.processing.state === "done")).toBe(true));
    expect(guards).toEqual([]);
    uploads.chooseFiles(Array.from({ length: 60 }, (_, i) => new File([`Letter ${String(i)}`], `letter-${String(i)}.txt`, { type: "text/plain" })));
    uploads.setCase(sampleCases[1]!.id);
    const bulk = (await uploads.submitMany())!;
    expect(guards).toEqual([true]);
    // Off once the last of the 60 is kept (in three batches), not before.
    const database = await db;
    await settled(() => expect(guards).toEqual([true, false]));
    for (const id of bulk.ids) expect(await database.getFile(id)).toBeDefined();
    send(uploads);
    expect(guards).toEqual([true, false, true]);
    await settled(() => expect(guards).toEqual([true, false, true, false]));
  });

  it("slower reading extends the floors: OCR Processing until it is read, with the page being read", async () => {
    let answer: (result: IngestResult) => void = () => undefined;
    const { uploads } = workspace(() => new Promise((resolve) => (answer = resolve)), undefined, { samples: false });
    send(uploads);
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("reading"));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(uploads.$recent.get()[0]!.status).toBe("ocr");
    answer(twoPages);
    await settled(() => expect(uploads.$recent.get()[0]!.status).toBe("indexed"));
  });

  it("a file the reader cannot read fails with its reason, and the next upload is still read", async () => {
    const { uploads, files } = workspace((kind) => Promise.resolve(kind === "doc" ? { ok: false, reason: FAILURE_REASONS.legacyDoc } : twoPages));
    const old = send(uploads, new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], "Old brief.doc"));
    const next = send(uploads);
    await settled(() => expect(uploads.$uploads.get().every((u) => u.processing.state === "done" || u.processing.state === "failed")).toBe(true));
    await vi.advanceTimersByTimeAsync(4000);
    const byId = (id: string) => uploads.$recent.get().find((u) => u.id === id)!;
    expect(byId(old.id)).toMatchObject({ status: "failed", processing: { reason: "Word 97-2003 files can be kept but not read; save it as .docx or PDF" } });
    expect(byId(next.id).status).toBe("indexed");
    expect(files.$documents.get().find((d) => d.id === old.id)).toMatchObject({ status: "failed", reason: FAILURE_REASONS.legacyDoc });
  });

  it("a write refused for lack of room fails that upload only, with 'Not enough browser storage'", async () => {
    const { uploads, db } = workspace();
    const full = await db;
    const putFile = full.putFile.bind(full);
    let refuse = true;
    full.putFile = (file) => (refuse ? Promise.reject(new DOMException("full", "QuotaExceededError")) : putFile(file));
    const big = send(uploads, pdf("Big.pdf"));
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("failed"));
    refuse = false;
    const small = send(uploads);
    await settled(() => expect(uploads.$uploads.get().find((u) => u.id === small.id)!.processing.state).toBe("done"));
    await vi.advanceTimersByTimeAsync(4000);
    expect(uploads.$recent.get().find((u) => u.id === big.id)).toMatchObject({ status: "failed", processing: { reason: "Not enough browser storage" } });
  });

  it("re-index of a failed upload reads it again: processing at once, Indexed no earlier than 3 s", async () => {
    let result: IngestResult = { ok: false, reason: FAILURE_REASONS.corrupt };
    const { uploads, files } = workspace(() => Promise.resolve(result));
    const upload = send(uploads);
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("failed"));
    await vi.advanceTimersByTimeAsync(1000);
    const status = () => files.$documents.get().find((d) => d.id === upload.id)?.status;
    expect(status()).toBe("failed");
    result = twoPages;
    files.reindex(upload.id);
    expect(status()).toBe("processing");
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("done"));
    await vi.advanceTimersByTimeAsync(2999);
    expect(status()).toBe("processing");
    await vi.advanceTimersByTimeAsync(1);
    expect(status()).toBe("indexed");
  });

  it("does nothing without a file and a case", () => {
    const { uploads } = workspace();
    expect(uploads.submit()).toBeNull();
    uploads.chooseFile(pdf());
    expect(uploads.submit()).toBeNull();
    expect(uploads.$recent.get()).toEqual([]);
  });

  it("an upload left unfinished (the page closed mid-way) is read again when its records load", async () => {
    const { uploads, db } = workspace();
    await (await db).putFile({ id: "u", name: "a.pdf", kind: "pdf", bytes: new ArrayBuffer(8) });
    const started = new Date(T0 - 2500).toISOString();
    uploads.$uploads.set([
      { id: "u", filename: "a.pdf", title: "a", caseId: "c", caseTitle: "C", sizeBytes: 1, kind: "pdf", pages: 0, unit: "page", ocrPages: 0, uploaded: started, processing: { attempt: "upload", started, state: "reading" } },
    ]);
    expect(uploads.$recent.get()[0]!.status).toBe("ocr");
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("done"));
    await vi.advanceTimersByTimeAsync(1500);
    expect(uploads.$recent.get()[0]).toMatchObject({ status: "indexed", pages: 2 });
  });

  it("deletes an upload's record, bytes and pages", async () => {
    const { uploads, db } = workspace();
    const upload = send(uploads);
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("done"));
    await uploads.remove(upload.id);
    expect(uploads.$uploads.get().map((u) => u.id)).not.toContain(upload.id);
    expect(await (await db).getFile(upload.id)).toBeUndefined();
    expect(await (await db).getPages(upload.id)).toEqual([]);
  });

  it("a delete cut off before the database heard of it is finished when the workspace opens again, for its owner only", async () => {
    const { uploads, db } = workspace();
    const upload = send(uploads);
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("done"));
    // The page closed right after the record went: the bytes and pages are still there.
    uploads.$uploads.set(uploads.$uploads.get().filter((u) => u.id !== upload.id));
    expect(await (await db).documentIds()).toContain(upload.id);
    // Not while the records are another user's (a switch under way).
    expect(await uploads.prune(() => false)).toBe(0);
    expect(await (await db).getFile(upload.id)).toBeDefined();
    // A file being kept for a new record is never taken for a leftover.
    const second = send(uploads, pdf("Second.pdf"));
    expect(await uploads.prune(() => true)).toBe(1);
    expect(await (await db).getFile(upload.id)).toBeUndefined();
    expect(await (await db).getPages(upload.id)).toEqual([]);
    await settled(() => expect(uploads.$uploads.get().find((u) => u.id === second.id)!.processing.state).toBe("done"));
    expect(await (await db).getFile(second.id)).toBeDefined();
    expect(await uploads.prune(() => true)).toBe(0);
  });

  it("Upload Doc's link preselects its case, before and after a file is chosen", () => {
    const { uploads } = workspace();
    const id = sampleCases[2]!.id;
    uploads.preselectCase(new URL(uploadHrefFor(id), "http://localhost").search);
    uploads.chooseFile(pdf());
    expect(uploads.$form.get().caseId).toBe(id);
    uploads.preselectCase("?case=nope");
    expect(uploads.$form.get().caseId).toBe(id);
  });

  it("Upload a new version: the next file versions the document (v2, then v3), in its case, and Files shows v1, v2, v3 each with the one before", async () => {
    const { uploads, files } = workspace(undefined, undefined, { samples: false });
    const v1 = send(uploads, pdf("NDA.pdf"), sampleCases[1]!.id);
    uploads.preselectVersion("?version=nope");
    expect(uploads.$form.get().versionOf).toBe("");
    uploads.preselectVersion(new URL(newVersionHref(v1.id), "http://localhost").search);
    expect(uploads.$form.get()).toMatchObject({ versionOf: v1.id, caseId: sampleCases[1]!.id });
    uploads.chooseFile(pdf("NDA v2.pdf"));
    const v2 = uploads.submit()!;
    expect(v2).toMatchObject({ versionOf: v1.id, version: 2, caseId: sampleCases[1]!.id });
    expect(uploads.$form.get().versionOf).toBe("");
    uploads.preselectVersion(`?version=${v2.id}`);
    uploads.chooseFile(pdf("NDA v3.pdf"));
    const v3 = uploads.submit()!;
    expect(v3).toMatchObject({ versionOf: v2.id, version: 3 });
    // "Not a new version" leaves the next file a document of its own.
    uploads.preselectVersion(`?version=${v3.id}`);
    uploads.setVersionOf("");
    const own = send(uploads, pdf("Letter.pdf"));
    expect(own.versionOf).toBeUndefined();
    await settled(() => expect(uploads.$uploads.get().every((u) => u.processing.state === "done")).toBe(true));
    await vi.advanceTimersByTimeAsync(4000);
    const shown = new Map(files.$documents.get().map((d) => [d.id, [d.version, d.previousVersion]]));
    expect(shown).toEqual(
      new Map([
        [own.id, [undefined, undefined]],
        [v3.id, [3, v2.id]],
        [v2.id, [2, v1.id]],
        [v1.id, [1, undefined]],
      ]),
    );
  });
});

describe("cross-screen effects", () => {
  it("an indexed upload lands in Files under its case and raises that case's document count", async () => {
    const { uploads, files, cards } = workspace();
    const target = sampleCases[1]!;
    const count = () => cards.$cards.get().find((c) => c.id === target.id)!.documents;
    const before = count();
    const upload = send(uploads, pdf("Termination Letter.pdf"), target.id);
    const inFiles = () => files.$documents.get().find((d) => d.id === upload.id);
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("done"));
    await vi.advanceTimersByTimeAsync(3999);
    expect(inFiles()).toBeUndefined();
    expect(count()).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(inFiles()).toMatchObject({ title: "Termination Letter", caseTitle: target.title, status: "indexed", pages: 2 });
    expect(files.$documents.get()[0]!.id).toBe(upload.id);
    expect(count()).toBe(before + 1);
    files.setQuery(target.title.slice(0, 9));
    expect(files.$matching.get().map((d) => d.id)).toContain(upload.id);
  });

  it("an upload's pages are indexed as its Embedding step: Files' search finds its text with the page, and drops a stale answer", async () => {
    const { uploads, files } = workspace(undefined, undefined, { samples: false });
    const upload = send(uploads, pdf(), sampleCases[0]!.id);
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("done"));
    await vi.advanceTimersByTimeAsync(4000);
    files.setQuery("signed paphos");
    await settled(() => expect(files.$textHits.get().get(upload.id)).toMatchObject({ page: 2, place: "p. 2", snippet: "Signed in Paphos" }));
    expect(files.$matching.get().map((d) => d.id)).toEqual([upload.id]);
    files.setQuery("witness statement ioannou");
    files.setQuery("nothing like this anywhere");
    await settled(() => expect(files.$textHits.get()).toEqual(new Map()));
    expect(files.$matching.get()).toEqual([]);
    files.setQuery("");
    expect(files.$matching.get().map((d) => d.id)).toEqual([upload.id]);
  });

  it("a query typed before a document is in Files finds its text once it arrives, and stops asking once cleared", async () => {
    const searched: string[][] = [];
    const { uploads, clock, search } = workspace(undefined, undefined, { samples: false });
    const tracked = createFilesStore({
      clock,
      $uploads: uploads.$uploads,
      reindexUpload: uploads.reindex,
      searchText: async (query, docIds) => {
        searched.push(docIds);
        return (await search.search(query, { scope: { kind: "documents", docIds } })).results;
      },
    });
    tracked.setQuery("signed paphos");
    expect(searched).toEqual([[]]);
    const upload = send(uploads, pdf(), sampleCases[0]!.id);
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("done"));
    await vi.advanceTimersByTimeAsync(3999);
    expect(tracked.$textHits.get()).toEqual(new Map());
    await vi.advanceTimersByTimeAsync(1);
    await settled(() => expect(tracked.$textHits.get().get(upload.id)).toMatchObject({ page: 2, snippet: "Signed in Paphos" }));
    expect(tracked.$matching.get().map((d) => d.id)).toEqual([upload.id]);
    expect(searched).toEqual([[], [upload.id]]);
    tracked.setQuery("");
    send(uploads, pdf("Second.pdf"), sampleCases[0]!.id);
    await settled(() => expect(uploads.$uploads.get()[0]!.processing.state).toBe("done"));
    await vi.advanceTimersByTimeAsync(4000);
    expect(tracked.$documents.get()).toHaveLength(2);
    expect(searched).toHaveLength(2);
  });

  it("re-index: failed -> processing -> indexed after 3000 ms, for failed files only", async () => {
    let online = false;
    const { files, uploads } = workspace(undefined, () => (online ? Promise.resolve(sampleReads()) : Promise.reject(new TypeError("offline"))));
    await settled(() => expect(files.$documents.get().every((d) => d.status === "failed")).toBe(true));
    const failed = files.$documents.get()[0]!;
    expect(failed.reason).toBe(FAILURE_REASONS.sampleUnavailable);
    const status = () => files.$documents.get().find((d) => d.id === failed.id)!.status;
    online = true;
    files.reindex(failed.id);
    expect(status()).toBe("processing");
    await settled(() => expect(uploads.$uploads.get().find((u) => u.id === failed.id)!.processing.state).toBe("done"));
    await vi.advanceTimersByTimeAsync(2999);
    expect(status()).toBe("processing");
    await vi.advanceTimersByTimeAsync(1);
    expect(status()).toBe("indexed");
    files.setFilter("failed");
    expect(files.$matching.get().map((d) => d.id)).not.toContain(failed.id);
  });
});

/** An uploads store alone over a database of its own, with a reader that reads two pages: for the samples' tests. */
function samplesOnly(samplePages: () => Promise<SamplePages>, { leaving, read = () => Promise.resolve(twoPages) }: { leaving?: () => boolean; read?: () => Promise<IngestResult> } = {}) {
  const db = openDocumentsDb(`user-${String((users += 1))}`);
  const fetchSample = () => Promise.reject(new Error("no sample file is fetched to read it"));
  const deps = { clock: createClock(), newId: () => "id", caseTitle: () => "", caseIds: () => [], db: () => db, read, samplePages, fetchSample };
  return createUploadsStore(leaving ? { ...deps, leaving } : deps);
}

describe("sample documents", () => {
  it("are read only on first use, from the pages that came with the site: not while the visit only chats, and never by the reader", async () => {
    let asked = 0;
    const read = vi.fn(() => Promise.resolve(twoPages));
    const uploads = samplesOnly(
      () => {
        asked += 1;
        return Promise.resolve(sampleReads());
      },
      { read },
    );
    uploads.$uploads.set(uploadsFeature.samples());
    await vi.advanceTimersByTimeAsync(5000);
    expect(asked).toBe(0);
    uploads.readSamples();
    uploads.readSamples();
    await settled(() => expect(uploads.$uploads.get().every((u) => u.processing.state === "done")).toBe(true));
    expect(asked).toBe(1);
    expect(read).not.toHaveBeenCalled();
  });

  it("are listed in Files at once and Indexed once their pages are in, never in Recent Uploads, with no file fetched", async () => {
    const fetched: string[] = [];
    const { uploads, files, cards, db } = workspace(undefined, undefined, {
      fetchSample: (path) => {
        fetched.push(path);
        return Promise.resolve(new ArrayBuffer(2));
      },
    });
    expect(uploads.$recent.get()).toEqual([]);
    expect(files.$documents.get().map((d) => [d.title, d.status])).toEqual([
      ["Notice of Defects, Apartment 12 (scanned)", "processing"],
      ["Lease of Flat 3, 18 Tombs of the Kings Road", "processing"],
      ["Construction Services Agreement, Kato Paphos Residences", "processing"],
      ["Letter to the Commissioner for Personal Data Protection", "processing"],
      ["Internal Memo: Motion to Dismiss Template", "processing"],
      ["Judgment Summary, Republic v. Charalambous", "processing"],
    ]);
    expect(cards.$cards.get().map((c) => c.documents)).toEqual([3, 1, 1, 1]);
    // Their floors are long past (filed in 2025): each is Indexed as soon as its pages are in, with no clock moving.
    await settled(() => expect(files.$documents.get().every((d) => d.status === "indexed")).toBe(true));
    const lease = uploads.$uploads.get().find((u) => u.id === "doc-lease-flat-3")!;
    expect(lease).toMatchObject({ kind: "docx", pages: 2, sizeBytes: "/samples/lease-flat-3.docx".length });
    expect((await (await db).getPages(lease.id)).map((p) => p.text)).toEqual(twoPages.pages.map((p) => p.text));
    expect(await (await db).getFile(lease.id)).toBeUndefined();
    expect(fetched).toEqual([]);
    expect(uploads.$recent.get()).toEqual([]);
  });

  it("open in the viewer from the site's file, fetched once and kept, with the pages that came with the site", async () => {
    const fetched: string[] = [];
    const { uploads, db } = workspace(undefined, undefined, {
      fetchSample: (path) => {
        fetched.push(path);
        return Promise.resolve(new TextEncoder().encode(`bytes of ${path}`).buffer);
      },
    });
    await settled(() => expect(uploads.$uploads.get().every((u) => u.processing.state === "done")).toBe(true));
    // A device whose records say the lease is read, with none of its pages here (read on another device).
    await (await db).deleteDocument("doc-lease-flat-3");
    expect(await uploads.fetchDocument("doc-lease-flat-3")).toBe(true);
    expect(await uploads.fetchDocument("doc-lease-flat-3")).toBe(true);
    expect(fetched).toEqual(["/samples/lease-flat-3.docx"]);
    const file = await (await db).getFile("doc-lease-flat-3");
    expect(file?.name).toBe("lease-flat-3.docx");
    expect(new TextDecoder().decode(file?.bytes)).toBe("bytes of /samples/lease-flat-3.docx");
    expect(await (await db).getPages("doc-lease-flat-3")).toHaveLength(2);
    expect(await uploads.fetchDocument("no-such-document")).toBe(false);
  });

  it("never hold up a file the user uploads: it is read at once, while the samples' pages are still on their way", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { uploads } = workspace(undefined, async () => {
      await gate;
      return sampleReads();
    });
    const upload = send(uploads);
    await settled(() => expect(uploads.$uploads.get().find((u) => u.id === upload.id)!.processing.state).toBe("done"));
    expect(uploads.$uploads.get().filter((u) => u.sample).map((u) => u.processing.state)).toEqual(new Array(6).fill("queued"));
    release();
    await settled(() => expect(uploads.$uploads.get().every((u) => u.processing.state === "done")).toBe(true));
  });

  it("a sample whose pages are missing from the site's file fails with the reason, and the others are read", async () => {
    const { uploads, files } = workspace(undefined, () => Promise.resolve(new Map([...sampleReads()].filter(([path]) => !path.includes("lease")))));
    await settled(() => expect(files.$documents.get().every((d) => d.status !== "processing")).toBe(true));
    expect(files.$documents.get().filter((d) => d.status === "failed").map((d) => [d.id, d.reason])).toEqual([["doc-lease-flat-3", FAILURE_REASONS.sampleUnavailable]]);
    expect(uploads.$uploads.get().filter((u) => u.processing.state === "done")).toHaveLength(5);
  });

  it("a sample still being fetched when the workspace is cleared is forgotten: the samples restored are read afresh", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { uploads } = workspace(undefined, async () => {
      await gate;
      return sampleReads();
    });
    const states = new Set<string>();
    uploads.$uploads.subscribe((list) => list.forEach((u) => states.add(u.processing.state)));
    uploads.stop();
    uploads.$uploads.set(uploadsFeature.samples());
    release();
    await settled(() => expect(uploads.$uploads.get().map((u) => u.processing.state)).toEqual(new Array(6).fill("done")));
    expect(states).not.toContain("failed");
    expect(uploads.$uploads.get().map((u) => u.sizeBytes)).toEqual(uploadsFeature.samples().map((u) => (u.sample ?? "").length));
  });
});

describe("knowledge and cases actions", () => {
  it("adds a KB item at the top with the source rule, and refuses a blank one", () => {
    const { knowledge } = workspace();
    expect(knowledge.addItem({ title: " ", type: "law", description: "x" })).toBeNull();
    const added = knowledge.addItem({ title: "Memo on Cap. 149", type: "internal", description: "Damages" });
    expect(knowledge.$items.get()[0]).toEqual(added);
    expect(added).toMatchObject({ source: "Internal", lastUpdated: "2025-03-14" });
    expect(knowledge.addItem({ title: "Law 125(I)/2018", type: "law", description: "GDPR" })?.source).toBe("External");
    knowledge.setFilter("internal");
    knowledge.setQuery("damages");
    expect(knowledge.$matching.get()).toEqual([added]);
    knowledge.setQuery("no such thing");
    expect(knowledge.$matching.get()).toEqual([]);
  });

  it("creates a case with its defaults, filters and deletes it", () => {
    const { cases, cards } = workspace();
    expect(cases.createCase({ title: "x", docketNo: "", jurisdiction: "" })).toBeNull();
    const created = cases.createCase({ title: "Ioannou v. Ioannou", docketNo: "CV-2025-000777", jurisdiction: "" })!;
    expect(cards.$cards.get()[0]).toEqual({ ...created, jurisdiction: "Not specified", status: "active", members: 1, documents: 0, updated: "2025-03-14" });
    cases.setQuery("cv-2025-000777");
    expect(cases.$matching.get()).toEqual([created]);
    cases.setFilter("closed");
    expect(cases.$matching.get()).toEqual([]);
    cases.deleteCase(created.id);
    cases.setFilter("all");
    cases.setQuery("");
    expect(cases.$cases.get().some((c) => c.id === created.id)).toBe(false);
  });
});

describe("preferences", () => {
  it("defaults to My Firm, email and mobile on, desktop off; edits are unsaved until Save, which toasts", () => {
    const notify = vi.fn();
    const prefs = createPreferencesStore({ notify });
    expect(prefs.$saved.get()).toEqual({ defaultScope: "firm", compactMode: false, notifications: { email: true, desktop: false, mobile: true } });
    prefs.setDefaultScope("kb");
    prefs.setCompactMode(true);
    prefs.setNotification("desktop", true);
    expect(prefs.$dirty.get()).toBe(true);
    expect(prefs.$saved.get().defaultScope).toBe("firm");
    prefs.save();
    expect(prefs.$saved.get()).toEqual({ defaultScope: "kb", compactMode: true, notifications: { email: true, desktop: true, mobile: true } });
    expect(prefs.$dirty.get()).toBe(false);
    expect(notify).toHaveBeenCalledWith({ title: "Preferences saved", description: "Your preferences are saved in this browser." });
    prefs.setCompactMode(false);
    prefs.setCompactMode(true);
    expect(prefs.$dirty.get()).toBe(false);
    prefs.setDefaultScope("all");
    prefs.discard();
    expect(prefs.$editing.get().defaultScope).toBe("kb");
  });

  it("shows saved preferences loaded later (another tab, sign-in)", () => {
    const prefs = createPreferencesStore({ notify: vi.fn() });
    prefs.$saved.set({ ...prefs.$saved.get(), defaultScope: "case" });
    expect(prefs.$editing.get().defaultScope).toBe("case");
  });
});

describe("a sample fetch cut off by leaving the page", () => {
  it("is no failure: the sample stays unfinished, to be fetched on the next visit", async () => {
    let leaving = false;
    const uploads = samplesOnly(
      () => {
        leaving = true;
        return Promise.reject(new TypeError("Failed to fetch"));
      },
      { leaving: () => leaving },
    );
    uploads.$uploads.set(uploadsFeature.samples().slice(0, 1));
    uploads.readSamples();
    await vi.advanceTimersByTimeAsync(0);
    await settled(() => expect(leaving).toBe(true));
    await vi.advanceTimersByTimeAsync(10);
    expect(uploads.$uploads.get()[0]?.processing.state).toBe("queued");
  });
});
