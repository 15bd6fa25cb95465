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

const painted: ClientDirective = (load, options, island) => {
  const { visible = false, rootMargin } = typeof options.value === "object" && options.value ? (options.value as PaintedOptions) : {};
  const hydrate = () => {
    void load().then((run) => run());
  };
  afterFirstPaint(() => {
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
