import { describe, expect, it } from "vitest";
import { formatClock, spokenClock } from "./clock";

describe("formatClock", () => {
  it.each([
    [0, "0:00"],
    [4.9, "0:04"],
    [59.99, "0:59"],
    [60, "1:00"],
    [75.2, "1:15"],
    [Number.NaN, "0:00"],
    [Number.POSITIVE_INFINITY, "0:00"],
    [-3, "0:00"],
  ])("%d s reads %s", (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});

describe("spokenClock", () => {
  it.each([
    [0, "0 seconds"],
    [1.5, "1 second"],
    [42, "42 seconds"],
    [61, "1 minute 1 second"],
    [125, "2 minutes 5 seconds"],
  ])("%d s is spoken as %s", (seconds, text) => {
    expect(spokenClock(seconds)).toBe(text);
  });
});
