import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { openDocumentsDb, type DocumentsDb } from "./db";
import type { IngestResult } from "./pages";
import { createIngestQueue, type IngestQueueDeps } from "./queue";
import { FAILURE_REASONS, MAX_CUT_OFF_READS } from "./reasons";
import { advance, startAttempt, type Processing } from "./timeline";

const NOW = new Date("2026-11-27T09:00:00.000Z");
const READ_OK: IngestResult = { ok: true, unit: "page", pages: [{ number: 1, text: "Memo", source: "text" }] };

/** A queue over one kept document whose record starts as `processing`; `read` answers as the test says. */
async function queueWith(processing: Processing, read: () => Promise<IngestResult> = () => Promise.resolve(READ_OK)) {
  const db = await openDocumentsDb(`queue-${Math.random().toString(36).slice(2)}`);
  await db.putFile({ id: "d1", name: "memo.txt", kind: "txt", bytes: new TextEncoder().encode("Memo").buffer });
  const records = new Map([["d1", processing]]);
  const reader = vi.fn(read);
  const queue = queueOver(db, records, reader);
  return { queue, reader, record: () => records.get("d1") };
}

/** A queue over a database and the records of its documents, reading with `reader`. */
const queueOver = (db: DocumentsDb, records: Map<string, Processing>, reader: IngestQueueDeps["read"], extra: Partial<IngestQueueDeps> = {}) =>
  createIngestQueue({
    db: () => Promise.resolve(db),
    read: reader,
    processing: (id) => records.get(id),
    update: (id, next) => records.set(id, next),
    onProgress: () => undefined,
    now: () => NOW,
    ...extra,
  });

/** The record of an upload whose reading was started `times` times and never finished (the page closed each time). */
const cutOff = (times: number): Processing => {
  let p = startAttempt("upload", NOW);
  for (let i = 0; i < times; i += 1) p = advance(p, "reading", NOW);
  return p;
};

describe("the ingest queue and reads cut off by a crash", () => {
  it("counts each read it starts in the document's record", async () => {
    const { queue, record } = await queueWith(startAttempt("upload", NOW));
    await queue.enqueue("d1");
    expect(record()).toMatchObject({ state: "done", reads: 1 });
  });

  it("resumes a read cut off once, and fails one cut off twice without reading it a third time", async () => {
    expect(MAX_CUT_OFF_READS).toBe(2);
    const once = await queueWith(cutOff(1));
    await once.queue.enqueue("d1");
    expect(once.reader).toHaveBeenCalledTimes(1);
    expect(once.record()).toMatchObject({ state: "done", reads: 2 });

    const twice = await queueWith(cutOff(2));
    await twice.queue.enqueue("d1");
    expect(twice.reader).not.toHaveBeenCalled();
    expect(twice.record()).toMatchObject({ state: "failed", reason: FAILURE_REASONS.cutOff, failedAt: NOW.toISOString() });
    expect(FAILURE_REASONS.cutOff).toBe("The document reader stopped unexpectedly twice while reading this file. Re-index it to try again.");
  });

  it("a Re-index starts a new count", async () => {
    const { queue, reader, record } = await queueWith(startAttempt("reindex", NOW));
    await queue.enqueue("d1");
    expect(reader).toHaveBeenCalledTimes(1);
    expect(record()).toMatchObject({ attempt: "reindex", state: "done", reads: 1 });
  });
});

describe("the ingest queue at bulk-import size", () => {
  it("reads `concurrency` documents at once, never more, each once; held ones wait until woken", async () => {
    const db = await openDocumentsDb(`queue-${Math.random().toString(36).slice(2)}`);
    const ids = Array.from({ length: 12 }, (_, i) => `b${String(i)}`);
    for (const id of ids) await db.putFile({ id, name: `${id}.txt`, kind: "txt", bytes: new TextEncoder().encode(id).buffer });
    const records = new Map(ids.map((id) => [id, startAttempt("upload", NOW)]));
    let reading = 0;
    let most = 0;
    const held = new Set(["b10", "b11"]);
    const reader = vi.fn(async () => {
      reading += 1;
      most = Math.max(most, reading);
      await new Promise((resolve) => setTimeout(resolve, 5));
      reading -= 1;
      return READ_OK;
    });
    const queue = queueOver(db, records, reader, { concurrency: 3, held: (id) => held.has(id) });
    await Promise.all(ids.map((id) => queue.enqueue(id)));
    expect(most).toBe(3);
    expect(reader).toHaveBeenCalledTimes(10);
    expect(ids.filter((id) => records.get(id)?.state === "done")).toHaveLength(10);
    expect([queue.has("b10"), records.get("b10")?.state]).toEqual([true, "queued"]);

    held.clear();
    queue.wake();
    await expect.poll(() => ids.every((id) => records.get(id)?.state === "done")).toBe(true);
    expect(reader).toHaveBeenCalledTimes(12);
  });
});
