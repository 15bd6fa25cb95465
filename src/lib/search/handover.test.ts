import { describe, expect, it } from "vitest";
import { BROWSER_INDEX_MAX_PAGES, handsOver } from "./handover";

describe("the hand-over of the documents' search to the server", () => {
  it("happens past the browser index's budget, and only with a server to hand over to", () => {
    expect(BROWSER_INDEX_MAX_PAGES).toBe(10_000);
    expect(handsOver(BROWSER_INDEX_MAX_PAGES, true)).toBe(false);
    expect(handsOver(BROWSER_INDEX_MAX_PAGES + 1, true)).toBe(true);
    expect(handsOver(200_000, false)).toBe(false);
    expect(handsOver(0, true)).toBe(false);
  });
});
