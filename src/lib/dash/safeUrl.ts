/** Schemes an answer's link may use; anything else (javascript:, data:, vbscript:) is refused. */
const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

/** The link target if it is safe to open, else null. Relative links stay relative. */
export function safeHref(href: string | undefined): string | null {
  if (!href) return null;
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so the check does too.
  const compact = href.replace(/[\s\p{Cc}]/gu, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (scheme === undefined) return href;
  return SAFE_SCHEMES.has(`${scheme.toLowerCase()}:`) ? href : null;
}
