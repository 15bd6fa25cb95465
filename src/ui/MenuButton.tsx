import { useId, type ReactNode } from "react";
import { useMenuButton } from "./useMenuButton";

/** One item of a menu button: its text, an optional decorative icon, and what choosing it does. */
export interface MenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}

interface MenuButtonProps {
  /** The button's accessible name ("Options for <title>", "Account"); the menu's too, unless `heading` names it. */
  label: string;
  items: readonly MenuItem[];
  /** What the button shows (an icon). */
  children: ReactNode;
  /** The button's look. */
  className: string;
  /** Shown above the items and naming the menu (who is signed in, say). */
  heading?: ReactNode;
}

/**
 * A WAI-ARIA menu button (keyboard model and placement in useMenuButton): choosing an item closes the menu,
 * gives focus back to the button, then runs the item's action.
 */
export default function MenuButton({ label, items, children, className, heading }: MenuButtonProps) {
  const { open, buttonProps, popupRef, onMenuKeyDown, itemRef, close } = useMenuButton(items.length);
  const menuId = useId();
  const headingId = useId();

  return (
    <div className="relative shrink-0">
      <button type="button" aria-label={label} aria-controls={open ? menuId : undefined} className={className} {...buttonProps}>
        {children}
      </button>
      {open && (
        <div ref={popupRef} className="fixed z-40 max-w-[calc(100vw-2rem)] min-w-40 rounded-lg border border-line bg-surface-2 p-1 shadow-2xl">
          {heading && (
            <div id={headingId} className="border-b border-line px-3 pt-1 pb-2 text-sm break-words">
              {heading}
            </div>
          )}
          <ul
            id={menuId}
            role="menu"
            aria-label={heading ? undefined : label}
            aria-labelledby={heading ? headingId : undefined}
            onKeyDown={onMenuKeyDown}
            className={heading ? "pt-1" : undefined}
          >
            {items.map((item, index) => (
              <li key={item.label} role="none">
                <button
                  ref={itemRef(index)}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => {
                    close();
                    item.onSelect();
                  }}
                  className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-ink hover:bg-surface focus:bg-surface focus:outline-none"
                >
                  {item.icon}
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
