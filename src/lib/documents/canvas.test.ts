import { describe, expect, it } from "vitest";
import { cappedScale, MAX_CANVAS_PIXELS, MAX_CANVAS_SIDE } from "./canvas";
import { OCR_SCALE } from "./worker/libraries";

const pixels = (width: number, height: number, scale: number) => Math.floor(width * scale) * Math.floor(height * scale);

describe("cappedScale: one cap on canvas pixels for the viewer and OCR", () => {
  it("is PDF.js's viewer default, 2^25 pixels, and Chromium's longest side", () => {
    expect(MAX_CANVAS_PIXELS).toBe(33_554_432);
    expect(MAX_CANVAS_SIDE).toBe(32_767);
  });

  it.each([
    ["an A4 page for OCR at 200 dpi", 595, 842, OCR_SCALE],
    ["an A4 page at 300% on a 2x screen, fitted to 860 px", 2580, 3651, 2],
    ["a 200 x 200 inch page for OCR", 14_400, 14_400, OCR_SCALE],
    ["a 200 x 20 inch page for OCR", 14_400, 1_440, OCR_SCALE],
    ["a strip 200 inches long and 1 wide", 72, 14_400, OCR_SCALE],
  ])("%s stays within both caps", (_, width, height, wanted) => {
    const scale = cappedScale(width, height, wanted);
    expect(scale).toBeLessThanOrEqual(wanted);
    expect(pixels(width, height, scale)).toBeLessThanOrEqual(MAX_CANVAS_PIXELS);
    expect(Math.floor(Math.max(width, height) * scale)).toBeLessThanOrEqual(MAX_CANVAS_SIDE);
  });

  it("leaves a page within the caps at the scale asked, and lowers one past them only as far as needed", () => {
    expect(cappedScale(595, 842, OCR_SCALE)).toBe(OCR_SCALE);
    const huge = cappedScale(14_400, 14_400, OCR_SCALE);
    expect(huge).toBeCloseTo(Math.sqrt(MAX_CANVAS_PIXELS) / 14_400, 10);
    expect(pixels(14_400, 14_400, huge)).toBeGreaterThan(MAX_CANVAS_PIXELS * 0.99);
  });
});
