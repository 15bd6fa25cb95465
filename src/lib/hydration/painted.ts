import type { ClientDirective } from "astro";

/**
 * `client:painted`: an island hydrates only after the page has painted its first content, so its JavaScript
 * (React's client, 65 KB gzip, for the first island of a page) never competes with the first paint. Then it
 * hydrates when the browser is idle, or with `{ visible: true }` once the island is on screen.
 *
 * Astro's client:idle and client:visible can fire before the first paint: a requestIdleCallback or an
 * IntersectionObserver answer arrives while the browser still waits for the web font and the stylesheet.
 * Lighthouse then counts the island's scripts into the first and largest paint (measured: LCP 1.8 s against
 * 1.35 s on the service pages, performance 99 against 100).
 *
 * A person who acts first is not ignored: a press, a key or focus inside the island hydrates it at once, and a
 * click on a button with no native action is replayed once React is live (a click the browser acted on itself,
 * such as opening a native popover, is not: the island reads that state when it hydrates).
 */
export interface PaintedOptions {
  /** Hydrate once the island is on screen (after the first paint), as client:visible does. */
  visible?: boolean;
  /** With `visible`: how far outside the viewport the island counts as on screen, as for client:visible. */
  rootMargin?: string;
}

/** Hydrate anyway after this long without a first-contentful-paint entry (a browser that never reports one). */
export const PAINT_FALLBACK_MS = 3_000;
/** The longest an idle island waits for the browser to be idle once the page has painted. */
export const IDLE_TIMEOUT_MS = 1_000;

const FCP = "first-contentful-paint";

/** Runs `then` once, when the page has painted content, or at once where the browser cannot report paints. */
export function afterFirstPaint(then: () => void, fallbackMs = PAINT_FALLBACK_MS): void {
  if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes.includes("paint")) {
    then();
    return;
  }
  let done = false;
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(FCP).length > 0) finish();
  });
  const timer = setTimeout(finish, fallbackMs);
  function finish() {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    then();
  }
  // `buffered` also delivers a paint that happened before this script ran.
  observer.observe({ type: "paint", buffered: true });
}

/** Runs `then` when the browser is idle, within `IDLE_TIMEOUT_MS` (Safari has no requestIdleCallback). */
export function whenIdle(then: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => then(), { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(then, 1);
}

/** Runs `then` once any child of the island (an astro-island is display: contents) is on screen. */
export function whenVisible(island: HTMLElement, then: () => void, rootMargin?: string): void {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    then();
  }, rootMargin ? { rootMargin } : {});
  for (const child of Array.from(island.children)) observer.observe(child);
}

/** What a person does in an island before it is live: it hydrates at once instead of on idle or when seen. */
export const EARLY_EVENTS = ["pointerdown", "keydown", "focusin", "click"] as const;

/**
 * The control whose click the island replays once live, or null when the browser acts on the click itself:
 * a link, a form control, a popovertarget or commandfor button (the popover is already open: the island
 * adopts that state instead). Only a `<button type="button">` has no native action to repeat.
 */
export function replayableControl(target: EventTarget | null): HTMLElement | null {
  const control = (target as Element | null)?.closest?.("a[href], button, input, select, textarea, label, summary");
  if (control?.localName !== "button" || (control as HTMLButtonElement).type !== "button") return null;
  if (control.hasAttribute("popovertarget") || control.hasAttribute("commandfor")) return null;
  return control as HTMLElement;
}

const painted: ClientDirective = (load, options, island) => {
  const { visible = false, rootMargin } = typeof options.value === "object" && options.value ? (options.value as PaintedOptions) : {};
  const early = new AbortController();
  let started = false;
  let pressed: HTMLElement | null = null;
  const hydrate = () => {
    if (started) return;
    started = true;
    void load()
      .then((run) => run())
      .then(() => {
        early.abort();
        // React listens now: a discrete event on a root still hydrating makes it finish synchronously first.
        pressed?.click();
      });
  };
  const onEarly = (event: Event) => {
    if (event.type === "click") pressed = replayableControl(event.target) ?? pressed;
    hydrate();
  };
  for (const type of EARLY_EVENTS) island.addEventListener(type, onEarly, { capture: true, signal: early.signal });
  afterFirstPaint(() => {
    if (started) return;
    if (visible) whenVisible(island, hydrate, rootMargin);
    else whenIdle(hydrate);
  });
};

export default painted;

declare module "astro" {
  interface AstroClientDirectives {
    "client:painted"?: boolean | PaintedOptions;
  }
}
