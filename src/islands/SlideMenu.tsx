import { useCallback, useId, useRef, useState, type KeyboardEvent } from "react";
import Icon from "../ui/Icon";
import type { NavItem } from "../site.config";
import { nextMenuIndex, nextTrapIndex } from "../lib/menuKeys";
import { normalizePath } from "../lib/seo";
import { useHydrated } from "../ui/useHydrated";
import { useMenuWhileOpen } from "./useMenuWhileOpen";
import { usePopoverOpen } from "./usePopoverOpen";

interface SlideMenuProps {
  items: readonly NavItem[];
  currentPath: string;
  footer: { readonly text: string; readonly cta: string; readonly href: string };
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The slide-in site menu. The panel is a native popover: the static HTML already opens and closes it
 * (the button's popovertarget, Escape, a press outside) before React hydrates; React then reads the
 * popover's own state (open already if the visitor opened it first) and adds the keyboard model (roving
 * arrow keys, a Tab trap, delayed focus).
 */
export default function SlideMenu({ items, currentPath, footer }: SlideMenuProps) {
  const [focusIndex, setFocusIndex] = useState(-1);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const open = usePopoverOpen(panelRef);
  const live = useHydrated();
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const panelId = useId();
  const titleId = useId();

  const close = useCallback((returnFocus: boolean) => {
    const panel = panelRef.current;
    if (panel?.matches(":popover-open")) panel.hidePopover();
    setFocusIndex(-1);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  const closeQuietly = useCallback(() => close(false), [close]);
  const focusFirst = useCallback(() => {
    itemRefs.current[0]?.focus();
    setFocusIndex(0);
  }, []);
  const isInside = useCallback(
    (node: Node) => Boolean(panelRef.current?.contains(node) || toggleRef.current?.contains(node)),
    [],
  );
  useMenuWhileOpen(open, { close: closeQuietly, focusFirst, isInside });

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key === "Tab") {
      const focusables = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
      const current = focusables.indexOf(document.activeElement as HTMLElement);
      const next = focusables[nextTrapIndex(current, focusables.length, event.shiftKey)];
      if (next) {
        event.preventDefault();
        next.focus();
      }
      return;
    }
    const current = itemRefs.current.indexOf(document.activeElement as HTMLAnchorElement);
    const next = nextMenuIndex(event.key, current === -1 ? focusIndex : current, items.length);
    if (next === null) return;
    event.preventDefault();
    itemRefs.current[next]?.focus();
    setFocusIndex(next);
  };

  const here = normalizePath(currentPath);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="fixed top-4 left-4 z-50 inline-flex size-12 items-center justify-center rounded-full border border-line bg-surface/90 text-ink shadow-lg backdrop-blur transition hover:border-accent"
        aria-label={open ? "Close menu" : "Open menu"}
        // Not in the static HTML, where Chromium exposes the popover's state itself; the popover's real state once live.
        aria-expanded={live ? open : undefined}
        aria-controls={panelId}
        popoverTarget={panelId}
      >
        <Icon name={open ? "close" : "menu"} className="size-6" />
      </button>
      {/* The dialog owns its keyboard: Escape, the Tab trap and arrow keys between items. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions */}
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        popover="auto"
        onKeyDown={onPanelKeyDown}
        // In the top layer when open; it slides in from @starting-style and stays displayed until it has slid out.
        className="fixed inset-y-0 right-auto left-0 h-dvh w-80 max-w-[85vw] -translate-x-full flex-col border-r border-line bg-surface px-5 pt-20 pb-6 text-ink shadow-2xl transition-[transform,overlay,display] transition-discrete duration-300 ease-out backdrop:bg-black/60 open:flex open:translate-x-0 motion-reduce:transition-none starting:open:-translate-x-full"
      >
        <h2 id={titleId} className="sr-only">
          Site menu
        </h2>
        <button
          type="button"
          className="absolute top-4 left-4 inline-flex size-12 items-center justify-center rounded-full border border-line text-ink hover:border-accent"
          aria-label="Close menu"
          popoverTarget={panelId}
          popoverTargetAction="hide"
          onClick={() => close(true)}
        >
          <Icon name="close" className="size-6" />
        </button>
        <nav aria-label="Main" className="flex-1 overflow-y-auto">
          <ul className="space-y-1">
            {items.map((item, index) => {
              const current = normalizePath(item.href) === here;
              return (
                <li key={item.href}>
                  <a
                    ref={(el) => {
                      itemRefs.current[index] = el;
                    }}
                    href={item.href}
                    aria-current={current ? "page" : undefined}
                    onClick={closeQuietly}
                    className={`flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium transition-colors ${
                      current ? "bg-white text-black" : "text-ink hover:bg-surface-2"
                    }`}
                  >
                    <Icon name={item.icon} />
                    {item.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="mt-6 rounded-xl border border-line bg-surface-2 p-4">
          <p className="text-sm text-muted">{footer.text}</p>
          <a href={footer.href} className="btn-primary mt-3 w-full" onClick={closeQuietly}>
            {footer.cta}
          </a>
        </div>
      </div>
    </>
  );
}
