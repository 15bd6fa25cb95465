import { useEffect, useEffectEvent, type RefObject } from "react";

/** While `active`, calls `onOutside` when a pointer goes down outside every element of `refs` (a popup and its button). */
export function usePointerDownOutside(active: boolean, refs: readonly RefObject<HTMLElement | null>[], onOutside: () => void): void {
  const onPointerDown = useEffectEvent((event: PointerEvent) => {
    const target = event.target as Node;
    if (!refs.some((ref) => ref.current?.contains(target))) onOutside();
  });
  useEffect(() => {
    if (!active) return;
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [active]);
}
