/** Where a signed-in visitor goes by default (it redirects to /dash). */
export const AFTER_SIGN_IN = "/dashboard";
export const LOGIN_PATH = "/login";

/**
 * The `next` page to go to after sign-in when it is a path of this site; otherwise /dashboard.
 * Decided on what the URL parser makes of it, because that is what the browser will follow: dot
 * segments, encoded dots, backslashes, tabs and newlines can turn an innocent-looking value into
 * '//host', which a browser treats as another origin. /login itself is refused (it would loop).
 */
export function safeNextPath(next: string | null, origin: string): string {
  if (!next?.startsWith("/")) return AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return AFTER_SIGN_IN;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  const sameOrigin = url.origin === new URL(origin).origin;
  const plainPath = path.startsWith("/") && !path.startsWith("//") && !path.includes("\\");
  return sameOrigin && plainPath && url.pathname !== LOGIN_PATH ? path : AFTER_SIGN_IN;
}

/** The sign-in page, remembering the protected page the visitor asked for. */
export function loginUrlFor(location: Pick<Location, "pathname" | "search" | "hash">): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}
