import { useEffect } from "react";
import { MENU_FOCUS_DELAY_MS } from "../lib/menuKeys";
import { lockScroll } from "../lib/scrollLock";

interface WhileOpen {
  /** Closes the menu without moving focus. */
  close: () => void;
  /** Focuses the first item. */
  focusFirst: () => void;
  /** Whether a pressed node belongs to the menu (the panel or its toggle button). */
  isInside: (node: Node) => boolean;
}

/**
 * While the menu is open: the page scroll is locked, the first item is focused after
 * MENU_FOCUS_DELAY_MS, and a press outside or a route change closes it.
 */
export function useMenuWhileOpen(open: boolean, { close, focusFirst, isInside }: WhileOpen): void {
  useEffect(() => {
    if (!open) return undefined;
    const unlock = lockScroll();
    const timer = window.setTimeout(focusFirst, MENU_FOCUS_DELAY_MS);
    const listeners = new AbortController();
    const { signal } = listeners;
    const onOutside = (event: Event) => {
      if (!(event.target instanceof Node && isInside(event.target))) close();
    };
    document.addEventListener("mousedown", onOutside, { signal });
    document.addEventListener("touchstart", onOutside, { signal, passive: true });
    window.addEventListener("popstate", close, { signal });
    window.addEventListener("hashchange", close, { signal });
    // Only a page restored from the back-forward cache is a route change; the first pageshow is not.
    window.addEventListener("pageshow", (event) => event.persisted && close(), { signal });
    return () => {
      window.clearTimeout(timer);
      listeners.abort();
      unlock();
    };
  }, [open, close, focusFirst, isInside]);
}
