import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { nextMenuIndex } from "../lib/menuKeys";
import { placeMenu } from "../lib/menuPlacement";
import { usePointerDownOutside } from "./usePointerDownOutside";

/**
 * The state and keyboard model of a WAI-ARIA menu button with `count` items: Enter, Space or Down Arrow open it
 * on the first item, Up Arrow on the last; arrows move and wrap, Home and End jump (lib/menuKeys), Escape closes
 * it with focus back on the button, Tab or a click outside close it. The popup is placed against the viewport,
 * so no scrolling list clips it, and follows its button when something behind it scrolls.
 */
export function useMenuButton(count: number) {
  const [active, setActive] = useState<number | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const open = active !== null;

  useEffect(() => {
    if (active !== null) itemRefs.current[active]?.focus();
  }, [active]);

  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const button = buttonRef.current;
      const popup = popupRef.current;
      if (!button || !popup) return;
      const { right, top, bottom } = placeMenu(button.getBoundingClientRect(), { width: window.innerWidth, height: window.innerHeight }, popup.offsetHeight);
      popup.style.right = `${String(right)}px`;
      popup.style.top = top === undefined ? "" : `${String(top)}px`;
      popup.style.bottom = bottom === undefined ? "" : `${String(bottom)}px`;
    };
    place();
    // The list behind may scroll (a focused item brought into view): the menu stays by its button.
    document.addEventListener("scroll", place, true);
    window.addEventListener("resize", place);
    return () => {
      document.removeEventListener("scroll", place, true);
      window.removeEventListener("resize", place);
    };
  }, [open]);
  usePointerDownOutside(open, [popupRef, buttonRef], () => setActive(null));

  /** Closes the menu and gives focus back to its button. */
  const close = () => {
    setActive(null);
    buttonRef.current?.focus();
  };

  const buttonProps = {
    ref: buttonRef,
    "aria-haspopup": "menu" as const,
    "aria-expanded": open,
    onClick: () => setActive(open ? null : 0),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      event.preventDefault();
      setActive(nextMenuIndex(event.key, -1, count));
    },
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const next = nextMenuIndex(event.key, active ?? -1, count);
    if (next !== null) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === "Escape") {
      // Keeps a drawer around the menu open: Escape closes the innermost thing only.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") {
      setActive(null);
    }
  };

  /** The ref callback of item `index`, so the keyboard model can focus it. */
  const itemRef = (index: number) => (element: HTMLElement | null) => {
    itemRefs.current[index] = element;
  };

  return { open, buttonProps, popupRef, onMenuKeyDown, itemRef, close };
}
