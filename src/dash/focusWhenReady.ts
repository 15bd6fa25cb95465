/** How long a focus request waits for its element (a lazily loaded screen, a drawer opening) before giving up. */
const WAIT_MS = 5000;

/**
 * Focuses the first element `find` returns that takes focus, now or as soon as the page changes so that one does
 * (a screen mounts, a drawer's dialog opens); gives up after a few seconds. Focus is checked, not assumed: an
 * element hidden or behind a modal dialog refuses it.
 */
export function focusWhenReady(find: () => Iterable<HTMLElement>): void {
  const tryFocus = (): boolean => {
    for (const element of find()) {
      element.focus();
      if (document.activeElement === element) return true;
    }
    return false;
  };
  if (tryFocus()) return;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(stop, WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["open"] });
}
