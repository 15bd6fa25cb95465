import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import painted, { EARLY_EVENTS, IDLE_TIMEOUT_MS, PAINT_FALLBACK_MS, afterFirstPaint, replayableControl, whenIdle } from "./painted";

/** A PerformanceObserver whose paint entries the test emits. */
class FakePaintObserver {
  static supportedEntryTypes: readonly string[] = ["paint", "resource"];
  static last: FakePaintObserver | undefined;
  options: PerformanceObserverInit | undefined;
  disconnected = false;
  constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
    FakePaintObserver.last = this;
  }
  observe(options: PerformanceObserverInit) {
    this.options = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  emit(...names: string[]) {
    if (!this.disconnected) this.callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
  }
}

/** An IntersectionObserver whose answers the test gives. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | undefined;
  observed: unknown[] = [];
  disconnected = false;
  constructor(
    private readonly callback: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.last = this;
  }
  observe(target: unknown) {
    this.observed.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  answer(isIntersecting: boolean) {
    this.callback([{ isIntersecting }]);
  }
}

const paint = () => FakePaintObserver.last!;
let idle: { callback: () => void; options: IdleRequestOptions | undefined }[];

beforeEach(() => {
  vi.useFakeTimers();
  FakePaintObserver.supportedEntryTypes = ["paint", "resource"];
  FakePaintObserver.last = undefined;
  FakeIntersectionObserver.last = undefined;
  idle = [];
  vi.stubGlobal("PerformanceObserver", FakePaintObserver);
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  vi.stubGlobal("requestIdleCallback", (callback: () => void, options?: IdleRequestOptions) => idle.push({ callback, options }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("afterFirstPaint", () => {
  it("waits for the first contentful paint, not the first paint, and reads paints that came before it", () => {
    const then = vi.fn();
    afterFirstPaint(then);
    expect(paint().options).toEqual({ type: "paint", buffered: true });
    paint().emit("first-paint");
    expect(then).not.toHaveBeenCalled();
    paint().emit("first-contentful-paint");
    expect(then).toHaveBeenCalledOnce();
    expect(paint().disconnected).toBe(true);
    vi.advanceTimersByTime(PAINT_FALLBACK_MS);
    expect(then).toHaveBeenCalledOnce();
  });

  it(`goes ahead after ${String(PAINT_FALLBACK_MS)} ms when no paint is reported, and only once`, () => {
    const then = vi.fn();
    afterFirstPaint(then);
    vi.advanceTimersByTime(PAINT_FALLBACK_MS - 1);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledOnce();
    expect(paint().disconnected).toBe(true);
    paint().emit("first-contentful-paint");
    expect(then).toHaveBeenCalledOnce();
  });

  it("goes ahead at once where the browser cannot report paints", () => {
    const then = vi.fn();
    FakePaintObserver.supportedEntryTypes = ["resource"];
    afterFirstPaint(then);
    expect(then).toHaveBeenCalledOnce();

    vi.stubGlobal("PerformanceObserver", undefined);
    afterFirstPaint(then);
    expect(then).toHaveBeenCalledTimes(2);
  });
});

describe("whenIdle", () => {
  it(`asks for an idle moment within ${String(IDLE_TIMEOUT_MS)} ms`, () => {
    const then = vi.fn();
    whenIdle(then);
    expect(idle).toHaveLength(1);
    expect(idle[0]!.options).toEqual({ timeout: IDLE_TIMEOUT_MS });
    expect(then).not.toHaveBeenCalled();
    idle[0]!.callback();
    expect(then).toHaveBeenCalledOnce();
  });

  it("falls back to a timer where there is no requestIdleCallback (Safari)", () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    const then = vi.fn();
    whenIdle(then);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledOnce();
  });
});

/** An element the visitor presses: a button (of `type`, with the attributes named) or another control. */
function control({ localName = "button", type = "button", attributes = [] as string[] } = {}) {
  const element = {
    localName,
    type,
    hasAttribute: (name: string) => attributes.includes(name),
    closest: () => element,
    click: vi.fn(),
  };
  return element;
}

describe("replayableControl", () => {
  it.each([
    ["a type=button button", true, control()],
    ["a submit button (its form submits natively)", false, control({ type: "submit" })],
    ["a popovertarget button (the popover opens natively)", false, control({ attributes: ["popovertarget"] })],
    ["a commandfor button", false, control({ attributes: ["commandfor"] })],
    ["a link", false, control({ localName: "a", type: "" })],
  ])("a click on %s: replayed %s", (_, replayed, element) => {
    expect(replayableControl(element as unknown as EventTarget)).toBe(replayed ? element : null);
  });

  it("replays nothing for a press outside any control", () => {
    expect(replayableControl({ closest: () => null } as unknown as EventTarget)).toBeNull();
    expect(replayableControl(null)).toBeNull();
  });
});

describe("the client:painted directive", () => {
  /** An island as Astro hands it to a directive: its load() resolves to the hydrate function; `fire` dispatches its events. */
  function island(value: unknown) {
    const hydrate = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve(hydrate));
    const children = [{ id: "a" }, { id: "b" }];
    const listeners: { type: string; listener: (event: Event) => void; options: AddEventListenerOptions }[] = [];
    const addEventListener = (type: string, listener: (event: Event) => void, options: AddEventListenerOptions) =>
      listeners.push({ type, listener, options });
    // Astro types the value as a string but hands over the parsed attribute value, as its client:visible reads it.
    painted(load, { name: "Island", value: value as string }, { children, addEventListener } as unknown as HTMLElement);
    const fire = (type: string, target: unknown = control()) => {
      for (const entry of listeners) if (entry.type === type && !entry.options.signal?.aborted) entry.listener({ type, target } as unknown as Event);
    };
    return { hydrate, load, children, listeners, fire };
  }

  it("loads nothing before the first contentful paint, then hydrates when the browser is idle", async () => {
    const { load, hydrate } = island(true);
    expect(load).not.toHaveBeenCalled();
    expect(idle).toHaveLength(0);
    paint().emit("first-contentful-paint");
    expect(load).not.toHaveBeenCalled();
    idle[0]!.callback();
    expect(load).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledOnce());
  });

  it("with { visible: true }, watches the island's children only after the paint, and hydrates once one is on screen", async () => {
    const { load, hydrate, children } = island({ visible: true, rootMargin: "200px" });
    expect(FakeIntersectionObserver.last).toBeUndefined();
    paint().emit("first-contentful-paint");
    const seen = FakeIntersectionObserver.last!;
    expect(seen.observed).toEqual(children);
    expect(seen.options).toEqual({ rootMargin: "200px" });
    seen.answer(false);
    expect(load).not.toHaveBeenCalled();
    seen.answer(true);
    expect(seen.disconnected).toBe(true);
    expect(load).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledOnce());
    expect(idle).toHaveLength(0);
  });

  it("listens in the capture phase, so the island sees a press before anything inside it", () => {
    const { listeners } = island(true);
    expect(listeners.map((entry) => entry.type)).toEqual([...EARLY_EVENTS]);
    expect(listeners.every((entry) => entry.options.capture)).toBe(true);
  });

  it("a click before the island is live hydrates it at once, before any paint, and is replayed once it is live", async () => {
    const { load, hydrate, fire, listeners } = island({ visible: true });
    const run = control();
    fire("pointerdown", run);
    fire("click", run);
    expect(load).toHaveBeenCalledOnce();
    expect(run.click).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(run.click).toHaveBeenCalledOnce());
    expect(hydrate).toHaveBeenCalledOnce();
    expect(hydrate.mock.invocationCallOrder[0]).toBeLessThan(run.click.mock.invocationCallOrder[0]!);
    // Once live, React has the island's events: the directive stops listening, and the paint starts nothing more.
    expect(listeners.every((entry) => entry.options.signal?.aborted)).toBe(true);
    fire("click", run);
    paint().emit("first-contentful-paint");
    expect(FakeIntersectionObserver.last).toBeUndefined();
    expect(load).toHaveBeenCalledOnce();
    expect(run.click).toHaveBeenCalledOnce();
  });

  it("a click the browser acted on itself (a popovertarget button) hydrates at once but is not replayed", async () => {
    const { load, hydrate, fire } = island(true);
    const menuButton = control({ attributes: ["popovertarget"] });
    fire("click", menuButton);
    expect(load).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledOnce());
    await Promise.resolve();
    expect(menuButton.click).not.toHaveBeenCalled();
  });

  it.each(["pointerdown", "keydown", "focusin"])("a %s inside the island hydrates it at once and replays nothing", async (type) => {
    const { load, hydrate, fire } = island({ visible: true });
    const target = control();
    fire(type, target);
    expect(load).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledOnce());
    await Promise.resolve();
    expect(target.click).not.toHaveBeenCalled();
  });

  it("a click while the island is already loading is replayed after it, and the island loads once", async () => {
    const { load, hydrate, fire } = island(true);
    paint().emit("first-contentful-paint");
    idle[0]!.callback();
    expect(load).toHaveBeenCalledOnce();
    const run = control();
    fire("click", run);
    fire("click", run);
    await vi.waitFor(() => expect(run.click).toHaveBeenCalledOnce());
    expect(load).toHaveBeenCalledOnce();
    expect(hydrate).toHaveBeenCalledOnce();
  });
});
