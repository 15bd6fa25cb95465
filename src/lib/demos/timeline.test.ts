import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  IDLE_STATE,
  STEP_DEMO_TIMING,
  completionTime,
  createDemoRun,
  stateAt,
  stepTimes,
  type DemoState,
} from "./timeline";

describe("step demo timing (specification section 9)", () => {
  it("lights step i at 500 ms + 1500 ms x i", () => {
    expect(stepTimes(STEP_DEMO_TIMING)).toEqual([500, 2000, 3500, 5000, 6500]);
  });
  it("completes 1000 ms after the last step", () => {
    expect(completionTime(STEP_DEMO_TIMING)).toBe(7500);
  });
  it.each([
    [0, { status: "running", reached: 0 }],
    [499, { status: "running", reached: 0 }],
    [500, { status: "running", reached: 1 }],
    [1999, { status: "running", reached: 1 }],
    [2000, { status: "running", reached: 2 }],
    [6500, { status: "running", reached: 5 }],
    [7499, { status: "running", reached: 5 }],
    [7500, { status: "complete", reached: 5 }],
  ])("at %i ms the run is %o", (elapsed, state) => {
    expect(stateAt(elapsed, STEP_DEMO_TIMING)).toEqual(state);
  });
});

describe("createDemoRun with fake timers", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function recordRun() {
    const changes: { at: number; state: DemoState }[] = [];
    const start = Date.now();
    const run = createDemoRun(STEP_DEMO_TIMING, (state) => changes.push({ at: Date.now() - start, state }));
    return { run, changes };
  }

  it("starts stopped with no step lit", () => {
    const { run } = recordRun();
    expect(run.getState()).toEqual(IDLE_STATE);
    expect(IDLE_STATE).toEqual({ status: "stopped", reached: 0 });
  });

  it("makes every transition at its time and no other", () => {
    const { run, changes } = recordRun();
    expect(run.start()).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(changes).toEqual([
      { at: 0, state: { status: "running", reached: 0 } },
      { at: 500, state: { status: "running", reached: 1 } },
      { at: 2000, state: { status: "running", reached: 2 } },
      { at: 3500, state: { status: "running", reached: 3 } },
      { at: 5000, state: { status: "running", reached: 4 } },
      { at: 6500, state: { status: "running", reached: 5 } },
      { at: 7500, state: { status: "complete", reached: 5 } },
    ]);
  });

  it("holds each state until the next transition", () => {
    const { run } = recordRun();
    run.start();
    vi.advanceTimersByTime(499);
    expect(run.getState()).toEqual({ status: "running", reached: 0 });
    vi.advanceTimersByTime(1);
    expect(run.getState()).toEqual({ status: "running", reached: 1 });
    vi.advanceTimersByTime(1499);
    expect(run.getState().reached).toBe(1);
    vi.advanceTimersByTime(1);
    expect(run.getState().reached).toBe(2);
    vi.advanceTimersByTime(4500 + 999);
    expect(run.getState()).toEqual({ status: "running", reached: 5 });
    vi.advanceTimersByTime(1);
    expect(run.getState()).toEqual({ status: "complete", reached: 5 });
  });

  it("ignores start while running", () => {
    const { run, changes } = recordRun();
    run.start();
    vi.advanceTimersByTime(3000);
    expect(run.start()).toBe(false);
    expect(run.getState()).toEqual({ status: "running", reached: 2 });
    vi.advanceTimersByTime(4500);
    expect(changes.filter((c) => c.state.status === "complete")).toHaveLength(1);
    expect(changes.at(-1)?.at).toBe(7500);
  });

  it("starts a fresh run after completing, clearing the lit steps", () => {
    const { run, changes } = recordRun();
    run.start();
    vi.advanceTimersByTime(7500);
    expect(run.start()).toBe(true);
    expect(run.getState()).toEqual({ status: "running", reached: 0 });
    vi.advanceTimersByTime(500);
    expect(run.getState()).toEqual({ status: "running", reached: 1 });
    vi.advanceTimersByTime(7000);
    expect(run.getState()).toEqual({ status: "complete", reached: 5 });
    expect(changes).toHaveLength(14);
  });

  it("stops changing state once disposed", () => {
    const { run, changes } = recordRun();
    run.start();
    vi.advanceTimersByTime(600);
    run.dispose();
    vi.advanceTimersByTime(10_000);
    expect(changes).toHaveLength(2);
  });
});
