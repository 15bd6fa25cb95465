import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { newUpload, storagePathOf } from "../dash/uploads";
import { openDocumentsDb } from "../documents/db";
import { createDocumentMirror, FILE_RETRY_MS, REMOVE_WAIT_MS, type MirrorTarget } from "./documentMirror";

const upload = (id: string) => newUpload({ filename: "Lease.pdf", sizeBytes: 4, caseId: "c", title: "" }, "Case", id, new Date("2025-03-14T10:00:00.000Z"));

/** A project that records what it is asked, whose bucket upload fails while `failing` holds. */
function project(userId = "user-1") {
  const state = { failing: false, attempts: 0, uploaded: [] as string[], removed: [] as string[], queued: [] as unknown[] };
  const target: MirrorTarget = {
    userId,
    api: {
      pages: () => Promise.resolve([{ number: 1, text: "From the project.", source: "text" }]),
      uploadFile: (path) => {
        state.attempts += 1;
        return state.failing ? Promise.reject(new Error("offline")) : Promise.resolve(void state.uploaded.push(path));
      },
      downloadFile: () => Promise.resolve(new TextEncoder().encode("original").buffer),
      removeFiles: (paths) => Promise.resolve(void state.removed.push(...paths)),
    },
    session: { queue: (changes) => Promise.resolve(void state.queued.push(...changes)) },
  };
  return { target, state };
}

describe("the documents' copy in the project", () => {
  it("does nothing without a project", async () => {
    const db = openDocumentsDb("mirror-0");
    const mirror = createDocumentMirror({ remote: () => null, db: () => db, now: () => 0 });
    await mirror.pagesRead("d", [{ number: 1, text: "T", source: "text" }]);
    expect(await mirror.fetchDocument(upload("d"))).toBe(false);
  });

  it("queues a read document's pages as upserts of document_pages", async () => {
    const { target, state } = project();
    const db = openDocumentsDb("mirror-1");
    const mirror = createDocumentMirror({ remote: () => target, db: () => db, now: () => 0 });
    await mirror.pagesRead("d", [{ number: 2, text: "Two", source: "ocr" }]);
    expect(state.queued).toEqual([
      { table: "document_pages", op: "upsert", key: { document_id: "d", page_number: 2 }, row: { document_id: "d", page_number: 2, text: "Two", source: "ocr" } },
    ]);
  });

  it("uploads an original once, says where it went with its SHA-256, and tries a failed one again after FILE_RETRY_MS", async () => {
    const { target, state } = project();
    const db = openDocumentsDb("mirror-2");
    await (await db).putFile({ id: "d", name: "Lease.pdf", kind: "pdf", bytes: new TextEncoder().encode("abc").buffer });
    let now = 0;
    const mirror = createDocumentMirror({ remote: () => target, db: () => db, now: () => now });
    const stored = vi.fn();
    state.failing = true;
    mirror.pushFiles([upload("d")], () => false, stored);
    await vi.waitFor(() => expect(state.attempts).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    state.failing = false;
    now = FILE_RETRY_MS - 1;
    mirror.pushFiles([upload("d")], () => false, stored);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.attempts).toBe(1);
    now = FILE_RETRY_MS;
    mirror.pushFiles([upload("d")], () => false, stored);
    await vi.waitFor(() => expect(stored).toHaveBeenCalledTimes(1));
    expect(state.uploaded).toEqual([storagePathOf("user-1", upload("d"))]);
    // SHA-256 of "abc".
    expect(stored).toHaveBeenCalledWith("d", { storagePath: storagePathOf("user-1", upload("d")), sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" });
  });

  it("never uploads a sample, one already in the bucket, or one whose bytes are still being written", async () => {
    const { target, state } = project();
    const db = openDocumentsDb("mirror-3");
    for (const id of ["s", "b", "busy", "mine"]) await (await db).putFile({ id, name: "Lease.pdf", kind: "pdf", bytes: new ArrayBuffer(2) });
    const mirror = createDocumentMirror({ remote: () => target, db: () => db, now: () => 0 });
    const stored = vi.fn();
    mirror.pushFiles([{ ...upload("s"), sample: "/samples/a.pdf" }, { ...upload("b"), storagePath: "x/b/Lease.pdf" }, upload("busy"), upload("mine")], (id) => id === "busy", stored);
    await vi.waitFor(() => expect(stored).toHaveBeenCalledTimes(1));
    expect(state.attempts).toBe(1);
    expect(state.uploaded).toEqual([storagePathOf("user-1", upload("mine"))]);
  });

  it("brings another device's document here: the original from the bucket, the pages from the project; removes an original", async () => {
    const { target, state } = project();
    const db = openDocumentsDb("mirror-4");
    const mirror = createDocumentMirror({ remote: () => target, db: () => db, now: () => 0 });
    expect(await mirror.fetchDocument(upload("d"))).toBe(false);
    expect(await mirror.fetchDocument({ ...upload("d"), storagePath: "user-1/d/Lease.pdf" })).toBe(true);
    expect(new TextDecoder().decode((await (await db).getFile("d"))?.bytes)).toBe("original");
    expect(await (await db).getPages("d")).toEqual([{ number: 1, text: "From the project.", source: "text" }]);
    await mirror.removeOriginal("user-1/d/Lease.pdf");
    await mirror.removeOriginal(undefined);
    expect(state.removed).toEqual(["user-1/d/Lease.pdf"]);
  });

  it("answers a removal once the bucket has, so the row is deleted after its file; a bucket that fails or never answers holds it back no longer than REMOVE_WAIT_MS", async () => {
    vi.useFakeTimers();
    try {
      const { target } = project();
      let answer: (() => void) | undefined;
      const calls: string[] = [];
      target.api.removeFiles = (paths) => {
        calls.push(...paths);
        return calls.length === 1 ? new Promise<void>((resolve) => (answer = resolve)) : calls.length === 2 ? Promise.reject(new Error("offline")) : new Promise<void>(() => undefined);
      };
      const mirror = createDocumentMirror({ remote: () => target, db: () => openDocumentsDb("mirror-5"), now: () => 0 });
      let done = false;
      const first = mirror.removeOriginal("user-1/a/Lease.pdf").then(() => (done = true));
      await vi.advanceTimersByTimeAsync(100);
      expect(done).toBe(false);
      answer?.();
      await first;
      await mirror.removeOriginal("user-1/b/Lease.pdf");
      done = false;
      const hung = mirror.removeOriginal("user-1/c/Lease.pdf").then(() => (done = true));
      await vi.advanceTimersByTimeAsync(REMOVE_WAIT_MS - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await hung;
      expect(calls).toEqual(["user-1/a/Lease.pdf", "user-1/b/Lease.pdf", "user-1/c/Lease.pdf"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
