/**
 * The step demos on the service pages (AI workflow, document processing): a framework-free
 * state machine driven by timers, so a unit test with fake timers can assert every transition.
 */

export type DemoStatus = "stopped" | "running" | "complete";

export interface DemoState {
  status: DemoStatus;
  /** How many steps have lit up so far (0 to the number of steps). */
  reached: number;
}

export interface DemoTiming {
  /** How many steps the run lights, one after another. */
  steps: number;
  /** From the start of a run to the first step. */
  initialDelayMs: number;
  /** Between two steps. */
  stepMs: number;
  /** From the last step to the run's completion. */
  finalDelayMs: number;
}

/** Specification section 9: 500 ms to the first step, 1500 ms per step, 1000 ms to complete. */
export const STEP_DEMO_TIMING: DemoTiming = { steps: 5, initialDelayMs: 500, stepMs: 1500, finalDelayMs: 1000 };

export const IDLE_STATE: DemoState = { status: "stopped", reached: 0 };

/** When step i (0-based) lights, in ms after the start: initial delay + step time x i. */
export function stepTimes(timing: DemoTiming): number[] {
  return Array.from({ length: timing.steps }, (_, i) => timing.initialDelayMs + timing.stepMs * i);
}

/** When the run completes, in ms after the start: the final delay after the last step. */
export function completionTime(timing: DemoTiming): number {
  return timing.initialDelayMs + timing.stepMs * (timing.steps - 1) + timing.finalDelayMs;
}

/** The state of a run `elapsedMs` after it started. */
export function stateAt(elapsedMs: number, timing: DemoTiming): DemoState {
  if (elapsedMs >= completionTime(timing)) return { status: "complete", reached: timing.steps };
  return { status: "running", reached: stepTimes(timing).filter((t) => elapsedMs >= t).length };
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimeout(handle: ReturnType<typeof setTimeout>): void;
}

export interface DemoRun {
  /** Starts a fresh run; does nothing and returns false while a run is under way. */
  start(): boolean;
  getState(): DemoState;
  /** Cancels the pending timers (the island unmounts). */
  dispose(): void;
}

/** A demo run that reports each state change to `onChange`. */
export function createDemoRun(
  timing: DemoTiming,
  onChange: (state: DemoState) => void,
  timers: Timers = globalThis,
): DemoRun {
  let state: DemoState = IDLE_STATE;
  let pending: ReturnType<typeof setTimeout>[] = [];

  const set = (next: DemoState) => {
    state = next;
    onChange(state);
  };
  const clear = () => {
    for (const handle of pending) timers.clearTimeout(handle);
    pending = [];
  };

  return {
    start() {
      if (state.status === "running") return false;
      clear();
      set({ status: "running", reached: 0 });
      const moments = [...stepTimes(timing), completionTime(timing)];
      pending = moments.map((at) => timers.setTimeout(() => set(stateAt(at, timing)), at));
      return true;
    },
    getState: () => state,
    dispose: clear,
  };
}
