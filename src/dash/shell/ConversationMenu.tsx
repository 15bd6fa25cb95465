import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import DashIcon from "../components/DashIcon";
import type { DashIconName } from "../icons";

/** Room the three-item menu needs below its button before it opens upwards instead. */
const MENU_HEIGHT_PX = 140;

export interface MenuAction {
  label: string;
  icon: DashIconName;
  onSelect: () => void;
}

interface ConversationMenuProps {
  /** The accessible name of the menu button ("Options for <title>"). */
  label: string;
  actions: MenuAction[];
}

/**
 * A WAI-ARIA menu button: Enter, Space or Down Arrow open it on the first item, Up Arrow on the last; arrows
 * move and wrap, Home and End jump, Escape closes it and focus returns to the button, Tab or a click outside
 * close it.
 */
export default function ConversationMenu({ label, actions }: ConversationMenuProps) {
  const [active, setActive] = useState<number | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const open = active !== null;
  const [position, setPosition] = useState<CSSProperties>({});

  useEffect(() => {
    if (active !== null) items.current[active]?.focus();
  }, [active]);

  /** Places the menu below its button (above when there is no room), against the viewport: no list clips it. */
  const place = () => {
    const rect = buttonRef.current?.getBoundingClientRect();
    if (!rect) return;
    const below = rect.bottom + MENU_HEIGHT_PX < window.innerHeight;
    setPosition({
      right: window.innerWidth - rect.right,
      ...(below ? { top: rect.bottom + 4 } : { bottom: window.innerHeight - rect.top + 4 }),
    });
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setActive(null);
    };
    // The list behind may scroll (a focused item brought into view): the menu stays by its button.
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("scroll", place, true);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("scroll", place, true);
    };
  }, [open]);

  const openAt = (index: number) => {
    place();
    setActive(index);
  };

  const close = () => {
    setActive(null);
    buttonRef.current?.focus();
  };
  const last = actions.length - 1;

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openAt(event.key === "ArrowDown" ? 0 : last);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const at = active ?? 0;
    const moves: Record<string, number> = { ArrowDown: (at + 1) % actions.length, ArrowUp: (at + last) % actions.length, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] ?? 0);
    } else if (event.key === "Escape") {
      // Keeps the drawer around the menu open: Escape closes the innermost thing only.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") {
      setActive(null);
    }
  };

  return (
    <div className="relative shrink-0">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setActive(null) : openAt(0))}
        onKeyDown={onButtonKey}
        className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-ink aria-expanded:bg-surface-2 aria-expanded:text-ink"
      >
        <DashIcon name="more" className="size-5" />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          style={position}
          className="fixed z-40 w-40 rounded-lg border border-line bg-surface-2 p-1 shadow-2xl"
        >
          {actions.map((action, index) => (
            <li key={action.label} role="none">
              <button
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close();
                  action.onSelect();
                }}
                className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-ink hover:bg-surface focus:bg-surface focus:outline-none"
              >
                <DashIcon name={action.icon} className="size-4 text-muted" />
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
