/** Where a menu sits against the viewport, in CSS pixels: its right edge, and its top or its bottom. */
export interface MenuPlacement {
  right: number;
  top?: number;
  bottom?: number;
}

/** The part of a button's bounding rectangle that placing its menu needs. */
export interface AnchorRect {
  top: number;
  bottom: number;
  right: number;
}

/** The gap between a button and its menu. */
export const MENU_GAP_PX = 4;

/**
 * Places a menu `menuHeight` px tall under its button, right edges aligned, or above the button when the
 * viewport has no room for it below (a button near the bottom of a scrolled list).
 */
export function placeMenu(anchor: AnchorRect, viewport: { width: number; height: number }, menuHeight: number): MenuPlacement {
  const right = viewport.width - anchor.right;
  const fitsBelow = anchor.bottom + MENU_GAP_PX + menuHeight <= viewport.height;
  return fitsBelow ? { right, top: anchor.bottom + MENU_GAP_PX } : { right, bottom: viewport.height - anchor.top + MENU_GAP_PX };
}
