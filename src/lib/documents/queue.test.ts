import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { openDocumentsDb } from "./db";
import type { IngestResult } from "./pages";
import { createIngestQueue } from "./queue";
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
  const queue = createIngestQueue({
    db: () => Promise.resolve(db),
    read: reader,
    processing: (id) => records.get(id),
    update: (id, next) => records.set(id, next),
    onProgress: () => undefined,
    now: () => NOW,
  });
  return { queue, reader, record: () => records.get("d1") };
}

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
