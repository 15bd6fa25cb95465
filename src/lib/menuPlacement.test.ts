import { describe, expect, it } from "vitest";
import { placeMenu } from "./menuPlacement";

const viewport = { width: 390, height: 844 };

describe("placeMenu", () => {
  it.each([
    ["room below: under the button", { top: 10, bottom: 50, right: 374 }, 100, { right: 16, top: 54 }],
    ["exactly enough room below", { top: 700, bottom: 740, right: 300 }, 100, { right: 90, top: 744 }],
    ["one pixel short below: above the button", { top: 700, bottom: 741, right: 300 }, 100, { right: 90, bottom: 148 }],
    ["at the very bottom: above the button", { top: 804, bottom: 844, right: 390 }, 140, { right: 0, bottom: 44 }],
  ] as const)("%s", (_, anchor, height, expected) => {
    expect(placeMenu(anchor, viewport, height)).toEqual(expected);
  });
});
