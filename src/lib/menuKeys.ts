/** How long after opening the menu its first item receives focus (specification: about 150 ms). */
export const MENU_FOCUS_DELAY_MS = 150;

/**
 * The item index a key moves to in a vertical list of `count` items, or null when the key
 * is not a list-navigation key. ArrowUp/ArrowDown wrap around; Home/End jump to the ends.
 * A `current` of -1 means no item has focus yet.
 */
export function nextMenuIndex(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case "ArrowDown":
      return current < 0 ? 0 : (current + 1) % count;
    case "ArrowUp":
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/**
 * Where Tab (or Shift+Tab) goes inside a focus trap of `count` focusable elements:
 * from the last forward to the first, from the first backward to the last, else the neighbour.
 */
export function nextTrapIndex(current: number, count: number, backwards: boolean): number {
  if (count <= 0) return -1;
  if (current < 0) return backwards ? count - 1 : 0;
  return backwards ? (current - 1 + count) % count : (current + 1) % count;
}
