/**
 * Whether the page is being left: true from `pagehide` until a `pageshow` brings it back from the back-forward cache.
 * A fetch cut off by the navigation is then no failure worth recording.
 */
export function leavingTracker(win: Pick<Window, "addEventListener"> | undefined): () => boolean {
  let leaving = false;
  win?.addEventListener("pagehide", () => (leaving = true));
  win?.addEventListener("pageshow", () => (leaving = false));
  return () => leaving;
}
