/** Builds the page title shown in the tab and in search results. */
export function pageTitle(title: string | undefined, brand: string): string {
  return title && title !== brand ? `${title} | ${brand}` : brand;
}

/** The canonical URL of a path on the site origin, without a trailing slash (except the root). */
export function canonicalUrl(pathname: string, origin: URL | string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "").replace(/\/index(\.html)?$/, "") : pathname;
  return new URL(trimmed || "/", origin).href;
}

/** Normalises a path for comparison: no trailing slash, no index.html, root stays "/". */
export function normalizePath(pathname: string): string {
  const stripped = pathname.replace(/\/index\.html$/, "").replace(/\.html$/, "").replace(/\/+$/, "");
  return stripped === "" ? "/" : stripped;
}
