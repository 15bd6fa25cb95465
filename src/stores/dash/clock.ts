import { atom, onMount } from "nanostores";

/** How often relative dates ("5 minutes ago") are brought up to date. */
export const CLOCK_TICK_MS = 60_000;

/** The current time, ticking once a minute while something shows it. */
export const $now = atom(new Date());

onMount($now, () => {
  $now.set(new Date());
  const timer = setInterval(() => $now.set(new Date()), CLOCK_TICK_MS);
  return () => clearInterval(timer);
});
