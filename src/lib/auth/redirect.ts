/** Where a signed-in visitor goes by default (it redirects to /dash). */
export const AFTER_SIGN_IN = "/dashboard";
export const LOGIN_PATH = "/login";

/**
 * The `next` page to go to after sign-in when it is a path of this site; otherwise /dashboard.
 * Rejects other origins, protocol-relative '//host' and backslash tricks.
 */
export function safeNextPath(next: string | null, origin: string): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return AFTER_SIGN_IN;
  try {
    const url = new URL(next, origin);
    if (url.origin !== new URL(origin).origin) return AFTER_SIGN_IN;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return AFTER_SIGN_IN;
  }
}

/** The sign-in page, remembering the protected page the visitor asked for. */
export function loginUrlFor(location: Pick<Location, "pathname" | "search" | "hash">): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}
