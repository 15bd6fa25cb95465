import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import painted, { IDLE_TIMEOUT_MS, PAINT_FALLBACK_MS, afterFirstPaint, whenIdle } from "./painted";

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

describe("the client:painted directive", () => {
  /** An island as Astro hands it to a directive: its load() resolves to the hydrate function. */
  function island(value: unknown) {
    const hydrate = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve(hydrate));
    const children = [{ id: "a" }, { id: "b" }];
    // Astro types the value as a string but hands over the parsed attribute value, as its client:visible reads it.
    painted(load, { name: "Island", value: value as string }, { children } as unknown as HTMLElement);
    return { hydrate, load, children };
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
});
