/**
 * Locks page scrolling (body pinned at the current offset, so nothing jumps) and returns
 * a function that unlocks it and puts the page back at the same scroll position.
 * Nested locks are counted: only the last unlock restores.
 */
let depth = 0;
let saved: { y: number; x: number; style: string } | null = null;

export function lockScroll(win: Window = window): () => void {
  const body = win.document.body;
  if (depth === 0) {
    saved = { x: win.scrollX, y: win.scrollY, style: body.getAttribute("style") ?? "" };
    Object.assign(body.style, {
      position: "fixed",
      top: `-${saved.y}px`,
      left: `-${saved.x}px`,
      right: "0",
      overflow: "hidden",
    });
  }
  depth += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    depth -= 1;
    if (depth > 0 || !saved) return;
    const { x, y, style } = saved;
    saved = null;
    if (style) body.setAttribute("style", style);
    else body.removeAttribute("style");
    // Instant, whatever CSS scroll-behavior says: the visitor must land where they were.
    win.scrollTo({ left: x, top: y, behavior: "instant" });
  };
}
