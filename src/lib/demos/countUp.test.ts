import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COUNT_UP_TIMING, countStepTime, countValueAt, startCountUp } from "./countUp";

describe("count-up values", () => {
  it("counts in 60 steps over 2000 ms (specification section 9)", () => {
    expect(COUNT_UP_TIMING).toEqual({ steps: 60, durationMs: 2000 });
    expect(countStepTime(1, COUNT_UP_TIMING)).toBe(33);
    expect(countStepTime(30, COUNT_UP_TIMING)).toBe(1000);
    expect(countStepTime(60, COUNT_UP_TIMING)).toBe(2000);
  });
  it.each([
    [0, 70, 0],
    [30, 70, 35],
    [60, 70, 70],
    [30, 8, 4],
    [59, 91, 89],
    [60, 100, 100],
    [99, 90, 90],
  ])("step %i of 60 towards %i shows %i", (step, target, value) => {
    expect(countValueAt(step, target, 60)).toBe(value);
  });
});

describe("startCountUp with fake timers", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 0 at once, then one value a step, the target exactly at 2000 ms", () => {
    const seen: number[] = [];
    startCountUp(91, (v) => seen.push(v));
    expect(seen).toEqual([0]);
    vi.advanceTimersByTime(1000);
    expect(seen).toHaveLength(31);
    expect(seen.at(-1)).toBe(46);
    vi.advanceTimersByTime(999);
    expect(seen.at(-1)).toBeLessThan(91);
    vi.advanceTimersByTime(1);
    expect(seen).toHaveLength(61);
    expect(seen.at(-1)).toBe(91);
    vi.advanceTimersByTime(5000);
    expect(seen).toHaveLength(61);
  });

  it("never goes down on the way up", () => {
    const seen: number[] = [];
    startCountUp(8, (v) => seen.push(v));
    vi.advanceTimersByTime(2000);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1]!)).toBe(true);
  });

  it("stops when cancelled", () => {
    const seen: number[] = [];
    const cancel = startCountUp(70, (v) => seen.push(v));
    vi.advanceTimersByTime(100);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual([0, 1, 2, 4]);
  });
});
