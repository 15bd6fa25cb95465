import { describe, expect, it } from "vitest";
import { nextGridPosition, PAGE_ROWS, visibleRows } from "./gridKeys";

describe("the grid's keyboard", () => {
  const at = { row: 2, col: 2 };
  it.each([
    ["ArrowRight", false, { row: 2, col: 3 }],
    ["ArrowLeft", false, { row: 2, col: 1 }],
    ["ArrowDown", false, { row: 3, col: 2 }],
    ["ArrowUp", false, { row: 1, col: 2 }],
    ["Home", false, { row: 2, col: 0 }],
    ["End", false, { row: 2, col: 4 }],
    ["Home", true, { row: 0, col: 0 }],
    ["End", true, { row: 9, col: 4 }],
    ["PageDown", false, { row: 2 + PAGE_ROWS, col: 2 }],
    ["PageUp", false, { row: 0, col: 2 }],
  ] as const)("%s (ctrl %s) moves to %o", (key, ctrl, expected) => {
    expect(nextGridPosition(key, ctrl, at, 10, 5)).toEqual(expected);
  });
  it("stops at the edges and ignores other keys", () => {
    expect(nextGridPosition("ArrowUp", false, { row: 0, col: 0 }, 10, 5)).toEqual({ row: 0, col: 0 });
    expect(nextGridPosition("ArrowRight", false, { row: 0, col: 4 }, 10, 5)).toEqual({ row: 0, col: 4 });
    expect(nextGridPosition("a", false, at, 10, 5)).toBeNull();
  });
  it("draws the rows on screen and a few either side", () => {
    expect(visibleRows(0, 500, 100, 200, 2)).toEqual({ first: 0, last: 7 });
    expect(visibleRows(5000, 500, 100, 200, 2)).toEqual({ first: 48, last: 57 });
    expect(visibleRows(19900, 500, 100, 200, 2)).toEqual({ first: 197, last: 200 });
  });
});
