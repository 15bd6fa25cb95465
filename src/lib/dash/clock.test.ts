import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClock } from "./clock";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(10_000);
});
afterEach(() => vi.useRealTimers());

describe("createClock", () => {
  it("moves $now exactly when each asked-for instant is due, with one timer", () => {
    const clock = createClock();
    const seen: number[] = [];
    clock.$now.listen((value) => seen.push(value));
    clock.wakeAt([14_000, 11_000]);
    clock.wakeAt([11_000]);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(clock.$now.get()).toBe(10_000);
    vi.advanceTimersByTime(1);
    expect(clock.$now.get()).toBe(11_000);
    vi.advanceTimersByTime(3_000);
    expect(clock.$now.get()).toBe(14_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(seen.at(-1)).toBe(14_000);
  });

  it("ignores instants already past but reads the time", () => {
    const clock = createClock();
    vi.setSystemTime(12_000);
    clock.wakeAt([11_000]);
    expect(clock.$now.get()).toBe(12_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
