import { atom, onMount } from "nanostores";
import { createClock } from "../../lib/dash/clock";

/** The one clock every timed simulation of the workspace (uploads, re-index) derives its state from. */
export const clock = createClock();

/** A fresh id for a new record. */
export const newRecordId = (): string => crypto.randomUUID();

/** How often relative dates ("5 minutes ago") are brought up to date. */
export const CLOCK_TICK_MS = 60_000;

/** The current time, ticking once a minute while something shows it. */
export const $now = atom(new Date());

onMount($now, () => {
  $now.set(new Date());
  const timer = setInterval(() => $now.set(new Date()), CLOCK_TICK_MS);
  return () => clearInterval(timer);
});
