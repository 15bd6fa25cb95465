import { atom } from "nanostores";
import { describe, expect, it, vi } from "vitest";
import { connectAtom } from "./connect";
import type { Repository } from "./repository";

/** A repository holding `stored`, recording what is saved, whose subscribers stand for another tab. */
function fakeRepository(stored: number[]) {
  const saved: number[][] = [];
  const listeners = new Set<(value: number[]) => void>();
  const repository: Repository<number[]> = {
    load: () => Promise.resolve(stored),
    save: (value) => void saved.push(value),
    flush: vi.fn(),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: vi.fn(),
  };
  return { repository, saved, elsewhere: (value: number[]) => listeners.forEach((listener) => listener(value)) };
}

describe("connectAtom", () => {
  it("loads the records without saving them back, then saves each change", async () => {
    const $records = atom<number[]>([]);
    const { repository, saved } = fakeRepository([1]);
    await connectAtom($records, repository);
    expect($records.get()).toEqual([1]);
    expect(saved).toEqual([]);
    $records.set([1, 2]);
    expect(saved).toEqual([[1, 2]]);
  });

  it("takes another tab's change without echoing it", async () => {
    const $records = atom<number[]>([]);
    const { repository, saved, elsewhere } = fakeRepository([1]);
    await connectAtom($records, repository);
    elsewhere([3]);
    expect($records.get()).toEqual([3]);
    expect(saved).toEqual([]);
  });

  it("saves what a store changes in answer to the records it is given (a resumed upload counting its read)", async () => {
    const $records = atom<number[]>([]);
    // The store's own listener, as the uploads store resumes an unfinished read the moment its records arrive.
    $records.subscribe((value) => {
      if (value.includes(1) && !value.includes(2)) $records.set([...value, 2]);
    });
    const { repository, saved, elsewhere } = fakeRepository([1]);
    await connectAtom($records, repository);
    expect(saved).toEqual([[1, 2]]);
    elsewhere([1, 5]);
    expect(saved).toEqual([[1, 2], [1, 5, 2]]);
  });
});
