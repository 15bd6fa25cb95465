import { afterEach, describe, expect, it, vi } from "vitest";
import { nextTask } from "./nextTask";

describe("nextTask", () => {
  afterEach(() => vi.useRealTimers());

  it("resolves after the current task, and after the microtasks already queued, with the timers faked and standing still", async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const next = nextTask().then(() => order.push("next task"));
    void Promise.resolve().then(() => order.push("microtask"));
    order.push("this task");
    await next;
    expect(order).toEqual(["this task", "microtask", "next task"]);
  });

  it("takes the browser's scheduler.yield where there is one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal("scheduler", { yield: yielded });
    try {
      await nextTask();
      expect(yielded).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
