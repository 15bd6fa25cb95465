/**
 * The stat counters on the service pages: a number that counts up from 0 to its target in
 * fixed steps, framework-free so a unit test with fake timers can check every step.
 */
import type { Timers } from "./timeline";

export interface CountUpTiming {
  steps: number;
  durationMs: number;
}

/** Specification section 9: 60 steps over 2000 ms. */
export const COUNT_UP_TIMING: CountUpTiming = { steps: 60, durationMs: 2000 };

/** The value shown after `step` of `steps` steps (rounded, exactly the target at the last step). */
export function countValueAt(step: number, target: number, steps: number): number {
  const clamped = Math.min(Math.max(step, 0), steps);
  return Math.round((target * clamped) / steps);
}

/** When step k (1-based) shows, in ms after the start. */
export function countStepTime(step: number, timing: CountUpTiming): number {
  return Math.round((timing.durationMs * step) / timing.steps);
}

/**
 * Counts from 0 to `target`, calling `onValue` with 0 at once and then once a step.
 * Returns a function that cancels the remaining steps.
 */
export function startCountUp(
  target: number,
  onValue: (value: number) => void,
  timing: CountUpTiming = COUNT_UP_TIMING,
  timers: Timers = globalThis,
): () => void {
  onValue(0);
  const pending = Array.from({ length: timing.steps }, (_, i) =>
    timers.setTimeout(() => onValue(countValueAt(i + 1, target, timing.steps)), countStepTime(i + 1, timing)),
  );
  return () => {
    for (const handle of pending) timers.clearTimeout(handle);
  };
}
