/** A Map-backed Storage for unit tests, with switches that make it throw like a blocked or full localStorage. */
export class MemoryStorage implements Storage {
  readonly map = new Map<string, string>();
  /** Every setItem call, in order: [key, value]. */
  readonly writes: [string, string][] = [];
  failReads = false;
  failWrites: false | "quota" | "security" = false;

  get length(): number {
    return this.map.size;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    if (this.failReads) throw new DOMException("blocked", "SecurityError");
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failWrites === "quota") throw new DOMException("full", "QuotaExceededError");
    if (this.failWrites === "security") throw new DOMException("blocked", "SecurityError");
    this.writes.push([key, value]);
    this.map.set(key, String(value));
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
}

/** A window stand-in that records listeners and lets a test dispatch storage events from "another tab". */
export class FakeWindow {
  private readonly listeners = new Map<string, Set<(event: Event) => void>>();

  addEventListener(type: string, listener: EventListenerOrEventListenerObject): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener as (event: Event) => void);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject): void {
    this.listeners.get(type)?.delete(listener as (event: Event) => void);
  }
  /** Delivers an event of `type` with the given fields to every listener. */
  dispatch(type: string, fields: Record<string, unknown> = {}): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ type, ...fields } as unknown as Event);
  }
  /** How many listeners of `type` are registered. */
  count(type: string): number {
    return this.listeners.get(type)?.size ?? 0;
  }
}
