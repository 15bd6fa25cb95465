import { useCallback, useSyncExternalStore, type RefObject } from "react";

/**
 * Whether a native popover is open, read from the popover itself: closed in the static HTML and while React
 * hydrates, then its real state, so a popover the visitor opened before the island was live counts as open.
 */
export function usePopoverOpen(popover: RefObject<HTMLElement | null>): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const element = popover.current;
      element?.addEventListener("toggle", onChange);
      return () => element?.removeEventListener("toggle", onChange);
    },
    [popover],
  );
  return useSyncExternalStore(subscribe, () => popover.current?.matches(":popover-open") ?? false, () => false);
}
