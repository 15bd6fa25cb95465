import { describe, expect, it } from "vitest";
import { MENU_FOCUS_DELAY_MS, nextMenuIndex, nextTrapIndex } from "./menuKeys";

describe("nextMenuIndex", () => {
  it.each([
    ["ArrowDown", 0, 1],
    ["ArrowDown", 7, 8],
    ["ArrowDown", 8, 0],
    ["ArrowUp", 1, 0],
    ["ArrowUp", 0, 8],
    ["Home", 5, 0],
    ["End", 2, 8],
    ["ArrowDown", -1, 0],
    ["ArrowUp", -1, 8],
  ])("%s from %i of 9 goes to %i", (key, from, to) => {
    expect(nextMenuIndex(key, from, 9)).toBe(to);
  });

  it("ignores keys that do not navigate the list", () => {
    expect(nextMenuIndex("Enter", 3, 9)).toBeNull();
    expect(nextMenuIndex("a", 3, 9)).toBeNull();
  });

  it("has nowhere to go in an empty list", () => {
    expect(nextMenuIndex("ArrowDown", -1, 0)).toBeNull();
  });
});

describe("nextTrapIndex", () => {
  it("wraps Tab from the last element to the first", () => {
    expect(nextTrapIndex(10, 11, false)).toBe(0);
  });
  it("wraps Shift+Tab from the first element to the last", () => {
    expect(nextTrapIndex(0, 11, true)).toBe(10);
  });
  it("moves to the neighbour otherwise", () => {
    expect(nextTrapIndex(3, 11, false)).toBe(4);
    expect(nextTrapIndex(3, 11, true)).toBe(2);
  });
  it("enters the trap at an end when focus is outside it", () => {
    expect(nextTrapIndex(-1, 11, false)).toBe(0);
    expect(nextTrapIndex(-1, 11, true)).toBe(10);
  });
});

it("focuses the first item about 150 ms after opening", () => {
  expect(MENU_FOCUS_DELAY_MS).toBe(150);
});
