import { describe, expect, it } from "vitest";
import { canonicalUrl, normalizePath, pageTitle } from "./seo";

describe("seo helpers", () => {
  it("appends the brand to page titles, once", () => {
    expect(pageTitle("Contact", "Paphos AI")).toBe("Contact | Paphos AI");
    expect(pageTitle(undefined, "Paphos AI")).toBe("Paphos AI");
  });
  it.each([
    ["/", "https://x.cy/"],
    ["/contact/", "https://x.cy/contact"],
    ["/contact/index.html", "https://x.cy/contact"],
    ["/services/ai-workflows", "https://x.cy/services/ai-workflows"],
  ])("canonical of %s is %s", (path, url) => {
    expect(canonicalUrl(path, "https://x.cy")).toBe(url);
  });
  it.each([
    ["/", "/"],
    ["/contact/", "/contact"],
    ["/index.html", "/"],
    ["/404.html", "/404"],
  ])("normalizes %s to %s", (path, out) => {
    expect(normalizePath(path)).toBe(out);
  });
});
