import { describe, expect, it, vi } from "vitest";
import type { CellTask } from "./grid";
import { runCells } from "./run";

const tasks: CellTask[] = Array.from({ length: 5 }, (_, i) => ({ docId: `d${String(i)}`, columnId: "c", question: "q", docVersion: "v" }));

describe("a review run", () => {
  it("answers every cell and hands the answers over in batches", async () => {
    let clock = 0;
    const batches: number[] = [];
    await runCells(tasks, {
      answer: async () => {
        clock += 60;
        return { status: "not-found" };
      },
      onAnswers: (batch) => batches.push(batch.length),
      now: () => clock,
      batchMs: 100,
    });
    expect(batches.reduce((a, b) => a + b, 0)).toBe(5);
    expect(batches.length).toBeGreaterThan(1);
  });
  it("stops when told, keeping the answers already in", async () => {
    const controller = new AbortController();
    const answered: string[] = [];
    await runCells(tasks, {
      answer: async (task) => {
        if (task.docId === "d2") controller.abort();
        return { status: "not-found" };
      },
      onAnswers: (batch) => answered.push(...batch.map((a) => a.task.docId)),
      signal: controller.signal,
      concurrency: 1,
    });
    expect(answered).toEqual(["d0", "d1"]);
  });
  it("a cell the worker fails on is reported and the run goes on", async () => {
    const onError = vi.fn();
    const answered: string[] = [];
    await runCells(tasks, {
      answer: async (task) => {
        if (task.docId === "d1") throw new Error("worker gone");
        return { status: "not-found" };
      },
      onAnswers: (batch) => answered.push(...batch.map((a) => a.task.docId)),
      onError,
    });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(answered).toHaveLength(4);
  });
});
