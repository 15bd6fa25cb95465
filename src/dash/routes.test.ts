import { describe, expect, it } from "vitest";
import { DASH_BASE, dashRoutes, routeForPathname, routeHref } from "./routes";

describe("dash routes", () => {
  it("lists the seven screens in navigation order, then Compare, which is in no navigation", () => {
    expect(dashRoutes.map((route) => route.label)).toEqual(["Chat", "Knowledge Base", "Files", "Cases", "Uploads", "Review", "Settings", "Compare"]);
    expect(dashRoutes.filter((route) => route.hidden).map((route) => route.path)).toEqual(["compare"]);
  });

  it.each([
    ["/dash", "Chat"],
    ["/dash/", "Chat"],
    ["/dash/chat", "Chat"],
    ["/dash/knowledge/", "Knowledge Base"],
    ["/dash/review", "Review"],
    ["/dash/settings/index.html", "Settings"],
    ["/dash/compare", "Compare versions"],
  ])("%s shows %s", (pathname, title) => {
    expect(routeForPathname(pathname)?.title).toBe(title);
  });

  it.each(["/dash/nope", "/dashboard", "/dash/chat/extra", "/"])("%s is no screen", (pathname) => {
    expect(routeForPathname(pathname)).toBeUndefined();
  });

  it("builds hrefs under the base", () => {
    expect(dashRoutes.map(routeHref).every((href) => href.startsWith(`${DASH_BASE}/`))).toBe(true);
  });
});
