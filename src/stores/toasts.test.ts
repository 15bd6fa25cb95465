import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  $toasts,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  dismissToast,
  flashToast,
  removeToast,
  showFlashedToast,
  showToast,
} from "./toasts";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const toast of $toasts.get()) removeToast(toast.id);
  vi.useRealTimers();
});

describe("toasts", () => {
  it("keeps the specification's limit and removal delay", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it("shows an open toast with the default variant", () => {
    const id = showToast({ title: "Saved", description: "All good." });
    expect($toasts.get()).toEqual([{ id, title: "Saved", description: "All good.", variant: "default", open: true }]);
  });

  it("keeps at most one toast: a new one replaces the old", () => {
    showToast({ title: "First", description: "1" });
    const second = showToast({ title: "Second", description: "2", variant: "destructive" });
    expect($toasts.get().map((toast) => [toast.id, toast.title, toast.variant])).toEqual([[second, "Second", "destructive"]]);
  });

  it("hides a dismissed toast at once and removes it after 1,000,000 ms", () => {
    const id = showToast({ title: "Oops", description: "x" });
    dismissToast(id);
    expect($toasts.get()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it("dismisses every toast when no id is given, and ignores unknown ids", () => {
    const id = showToast({ title: "A", description: "a" });
    dismissToast(999);
    expect($toasts.get()[0]?.open).toBe(true);
    dismissToast();
    expect($toasts.get()).toEqual([expect.objectContaining({ id, open: false })]);
  });

  it("does not let the removal timer of a replaced toast remove the new one", () => {
    const first = showToast({ title: "A", description: "a" });
    dismissToast(first);
    const second = showToast({ title: "B", description: "b" });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect($toasts.get()).toEqual([expect.objectContaining({ id: second, open: true })]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("flashed toasts", () => {
  /** A sessionStorage stand-in. */
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
      items,
    };
  };

  it("shows a toast left by an earlier page exactly once", () => {
    const storage = memory();
    flashToast({ title: "Signed out on this device", description: "Other devices may still be signed in." }, storage);
    showFlashedToast(storage);
    expect($toasts.get()).toEqual([
      expect.objectContaining({ title: "Signed out on this device", description: "Other devices may still be signed in.", variant: "default", open: true }),
    ]);
    $toasts.set([]);
    showFlashedToast(storage);
    expect($toasts.get()).toEqual([]);
  });

  it("ignores a malformed value and storage that throws", () => {
    const storage = memory();
    storage.items.set("paphos-ai:flash-toast", "{not json");
    showFlashedToast(storage);
    const blocked = () => {
      throw new DOMException("blocked", "SecurityError");
    };
    expect(() => flashToast({ title: "t", description: "d" }, { setItem: blocked })).not.toThrow();
    expect(() => showFlashedToast({ getItem: blocked, removeItem: blocked })).not.toThrow();
    expect($toasts.get()).toEqual([]);
  });
});
