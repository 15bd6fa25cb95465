import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { IngestReply, IngestRequest } from "./protocol";
import { createReaderPool, readInWorker, READER_IDLE_MS, READER_MAX_USES, READER_WARM_MS, type WorkerLike } from "./reader";
import { DOCUMENT_TIMEOUT_MS, FAILURE_REASONS } from "./reasons";

/** A worker the test drives: what it was sent, and a way to answer, crash or stay silent. */
function fakeWorker() {
  const sent: IngestRequest[] = [];
  const worker: WorkerLike & { terminated: boolean } = {
    terminated: false,
    onmessage: null,
    onerror: null,
    onmessageerror: null,
    postMessage: (message) => sent.push(message),
    terminate() {
      this.terminated = true;
    },
  };
  const answer = (data: IngestReply | Record<string, unknown>) => worker.onmessage?.({ data } as MessageEvent<unknown>);
  const crash = () => worker.onerror?.({ preventDefault: () => undefined } as ErrorEvent);
  return { worker, sent, answer, crash };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("readInWorker", () => {
  it("sends a copy of the bytes, passes progress on, ignores messages not its own (PDF.js's), resolves with the result and stops the worker", async () => {
    const { worker, sent, answer } = fakeWorker();
    const bytes = new TextEncoder().encode("Memo").buffer;
    const progress = vi.fn();
    const reading = readInWorker("txt", bytes, { createWorker: () => worker, onProgress: progress });
    expect(sent[0]?.kind).toBe("txt");
    // PDF.js's files travel with each document: the worker loads the page's own copy, not one of its own.
    expect(sent[0]?.pdfjs).toEqual({ module: expect.stringMatching(/pdf\.min\.mjs$/), worker: expect.stringMatching(/pdf\.worker\.min\.mjs$/) });
    expect(sent[0]?.bytes).not.toBe(bytes);
    expect(bytes.byteLength).toBe(4);
    answer({ sourceName: "worker", targetName: "main", action: "ready", data: {} });
    answer({ type: "progress", progress: { page: 1, of: 1, ocr: false } });
    answer({ type: "result", result: { ok: true, unit: "page", pages: [{ number: 1, text: "Memo", source: "text" }] } });
    await expect(reading).resolves.toMatchObject({ ok: true });
    expect(progress).toHaveBeenCalledWith({ page: 1, of: 1, ocr: false });
    expect(worker.terminated).toBe(true);
  });

  it("fails with the time-out reason when the worker has not answered after 5 minutes, and stops it", async () => {
    const { worker } = fakeWorker();
    const reading = readInWorker("pdf", new ArrayBuffer(8), { createWorker: () => worker });
    expect(DOCUMENT_TIMEOUT_MS).toBe(300_000);
    await vi.advanceTimersByTimeAsync(DOCUMENT_TIMEOUT_MS - 1);
    expect(worker.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(reading).resolves.toEqual({ ok: false, reason: FAILURE_REASONS.timeout });
    expect(worker.terminated).toBe(true);
  });

  it("fails with the crash reason when the worker errors, and a late answer changes nothing", async () => {
    const { worker, crash, answer } = fakeWorker();
    const reading = readInWorker("pdf", new ArrayBuffer(8), { createWorker: () => worker });
    crash();
    answer({ type: "result", result: { ok: true, unit: "page", pages: [] } });
    await expect(reading).resolves.toEqual({ ok: false, reason: FAILURE_REASONS.crashed });
  });

  it("fails with the crash reason when no worker can be started", async () => {
    await expect(
      readInWorker("pdf", new ArrayBuffer(8), {
        createWorker: () => {
          throw new Error("blocked");
        },
      }),
    ).resolves.toEqual({ ok: false, reason: FAILURE_REASONS.crashed });
  });
});

describe("createReaderPool", () => {
  const result = { type: "result", result: { ok: true, unit: "page", pages: [] } } as const;

  it("reads the next document in the worker that read the last, stops one that crashed or timed out, and keeps no more idle than asked", async () => {
    const made: ReturnType<typeof fakeWorker>[] = [];
    const pool = createReaderPool({ idle: 1, createWorker: () => (made.push(fakeWorker()), made.at(-1)!.worker) });
    const first = readInWorker("txt", new ArrayBuffer(4), { pool });
    made[0]!.answer(result);
    await first;
    expect(made[0]!.worker.terminated).toBe(false);
    const second = readInWorker("txt", new ArrayBuffer(4), { pool });
    expect(made).toHaveLength(1);
    expect(made[0]!.sent).toHaveLength(2);
    made[0]!.crash();
    await expect(second).resolves.toEqual({ ok: false, reason: FAILURE_REASONS.crashed });
    expect(made[0]!.worker.terminated).toBe(true);
    // Two at once: two workers; once both are done, one is kept (idle: 1) and the other stopped.
    const third = readInWorker("txt", new ArrayBuffer(4), { pool });
    const fourth = readInWorker("txt", new ArrayBuffer(4), { pool });
    expect(made).toHaveLength(3);
    made[1]!.answer(result);
    made[2]!.answer(result);
    await Promise.all([third, fourth]);
    expect([made[1]!.worker.terminated, made[2]!.worker.terminated]).toEqual([false, true]);
    // A time-out stops the worker too.
    const fifth = readInWorker("pdf", new ArrayBuffer(4), { pool, timeoutMs: 1000 });
    expect(made).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(fifth).resolves.toEqual({ ok: false, reason: FAILURE_REASONS.timeout });
    expect(made[1]!.worker.terminated).toBe(true);
  });

  it(`stops a worker after ${String(READER_MAX_USES)} documents, and an idle one after ${String(READER_IDLE_MS / 1000)} s`, async () => {
    const made: ReturnType<typeof fakeWorker>[] = [];
    const pool = createReaderPool({ idle: 3, createWorker: () => (made.push(fakeWorker()), made.at(-1)!.worker) });
    for (let i = 0; i < READER_MAX_USES; i += 1) {
      const reading = readInWorker("txt", new ArrayBuffer(4), { pool });
      made.at(-1)!.answer(result);
      await reading;
    }
    expect(made).toHaveLength(1);
    expect(made[0]!.worker.terminated).toBe(true);
    const next = readInWorker("txt", new ArrayBuffer(4), { pool });
    expect(made).toHaveLength(2);
    made[1]!.answer(result);
    await next;
    await vi.advanceTimersByTimeAsync(READER_IDLE_MS - 1);
    expect(made[1]!.worker.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(made[1]!.worker.terminated).toBe(true);
    // The idle worker stopped is not handed out again.
    void readInWorker("txt", new ArrayBuffer(4), { pool });
    expect(made).toHaveLength(3);
  });

  it("shares the documents among its workers: 1,000 read one at a time by three warmed workers start no other", async () => {
    const made: ReturnType<typeof fakeWorker>[] = [];
    const pool = createReaderPool({ idle: 3, createWorker: () => (made.push(fakeWorker()), made.at(-1)!.worker) });
    pool.warm(3);
    const read = new Map<ReturnType<typeof fakeWorker>, number>();
    for (let i = 0; i < 1000; i += 1) {
      const before = made.map((m) => m.sent.length);
      const reading = readInWorker("txt", new ArrayBuffer(4), { pool });
      const reader = made.find((m, at) => m.sent.length > (before[at] ?? 0))!;
      read.set(reader, (read.get(reader) ?? 0) + 1);
      reader.answer(result);
      await reading;
    }
    expect(made).toHaveLength(3);
    expect(made.some((m) => m.worker.terminated)).toBe(false);
    expect([...read.values()].sort((a, b) => a - b)).toEqual([333, 333, 334]);
  });

  it(`starts workers before their documents (warm): the documents take them, none is started twice, and unused ones stop after ${String(READER_WARM_MS / 1000)} s`, async () => {
    const made: ReturnType<typeof fakeWorker>[] = [];
    const pool = createReaderPool({ idle: 3, createWorker: () => (made.push(fakeWorker()), made.at(-1)!.worker) });
    pool.warm(5);
    expect(made).toHaveLength(3);
    pool.warm(3);
    expect(made).toHaveLength(3);
    const readings = [0, 1, 2].map(() => readInWorker("txt", new ArrayBuffer(4), { pool }));
    expect(made).toHaveLength(3);
    expect(made.map((m) => m.sent.length)).toEqual([1, 1, 1]);
    made.forEach((m) => m.answer(result));
    await Promise.all(readings);
    // Warmed, never used: stopped after READER_WARM_MS, not the READER_IDLE_MS of a worker that has read.
    const unused = createReaderPool({ idle: 2, createWorker: () => (made.push(fakeWorker()), made.at(-1)!.worker) });
    unused.warm(2);
    expect(made).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(READER_IDLE_MS);
    expect([made[3]!.worker.terminated, made[4]!.worker.terminated]).toEqual([false, false]);
    await vi.advanceTimersByTimeAsync(READER_WARM_MS - READER_IDLE_MS);
    expect([made[3]!.worker.terminated, made[4]!.worker.terminated]).toEqual([true, true]);
    // A worker that cannot start is no error of the choice: the document that needs one fails with its reason later.
    const blocked = createReaderPool({
      idle: 3,
      createWorker: () => {
        throw new Error("blocked");
      },
    });
    expect(() => blocked.warm(3)).not.toThrow();
    await expect(readInWorker("txt", new ArrayBuffer(4), { pool: blocked })).resolves.toEqual({ ok: false, reason: FAILURE_REASONS.crashed });
  });
});
