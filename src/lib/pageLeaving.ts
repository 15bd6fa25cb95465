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

/**
 * A guard on leaving the page: while on, a reload, a close or another address asks first (the browser's own "Leave
 * site?" dialog). The listener is there only while on, so the page can enter the back-forward cache otherwise.
 */
export function leaveGuard(win: Pick<Window, "addEventListener" | "removeEventListener"> | undefined): (on: boolean) => void {
  const ask = (event: Event) => event.preventDefault();
  let guarding = false;
  return (on) => {
    if (on === guarding || !win) return;
    guarding = on;
    if (on) win.addEventListener("beforeunload", ask);
    else win.removeEventListener("beforeunload", ask);
  };
}
