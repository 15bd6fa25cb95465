import { atom, type ReadableAtom } from "nanostores";

export interface ClockDeps {
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

/** The time that timed simulations derive their state from, and a way to be woken when a step is due. */
export interface Clock {
  /** The current time in ms; moves when a step asked for with `wakeAt` is due (no polling). */
  $now: ReadableAtom<number>;
  /** Reads the time now (an action stamping a record). */
  now: () => number;
  /** Asks for `$now` to move at each of these instants that is still ahead. */
  wakeAt: (instants: readonly number[]) => void;
}

/**
 * One timer for every pending simulation step: a simulation stores timestamps, its state is a pure function of
 * them and `$now`, and the clock only moves `$now` when the next step is due, so a reload simply continues.
 */
export function createClock({ now = Date.now, setTimer = setTimeout, clearTimer = clearTimeout }: ClockDeps = {}): Clock {
  const $now = atom(now());
  const pending = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armedFor = Infinity;

  const arm = () => {
    const next = pending.size ? Math.min(...pending) : Infinity;
    if (next === armedFor) return;
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
    armedFor = next;
    if (next !== Infinity) timer = setTimer(tick, Math.max(0, next - now()));
  };
  const tick = () => {
    timer = undefined;
    armedFor = Infinity;
    const current = now();
    for (const instant of pending) if (instant <= current) pending.delete(instant);
    $now.set(current);
    arm();
  };

  const wakeAt = (instants: readonly number[]) => {
    const current = now();
    $now.set(current);
    for (const instant of instants) if (instant > current) pending.add(instant);
    arm();
  };

  return { $now, now, wakeAt };
}
