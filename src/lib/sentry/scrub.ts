/**
 * Removes personal data and credentials from error reports before they leave the browser:
 * userName, userData and token-like keys at any depth, and credential values in URLs and query strings.
 */

/** Keys whose values never leave the browser: userName, userData and anything named like a token or API key. */
const SENSITIVE_KEY = /^(user_?name|user_?data|api_?key)$|token$/i;

/** `name=value` pairs of credentials inside URLs, query strings and fragments. */
const SENSITIVE_PARAM = /((?:^|[?&#;\s"'])(?:access_token|refresh_token|id_token|token|api_?key)=)[^&#;\s"']*/gi;

export const FILTERED = "[Filtered]";
export const CIRCULAR = "[Circular]";

/** Whether a key names personal data or a credential. */
export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key);
}

/** A string with the values of credential parameters (access_token, refresh_token, apikey, token) replaced. */
export function scrubUrl(text: string): string {
  return text.replace(SENSITIVE_PARAM, `$1${FILTERED}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

// `ancestors` holds the containers being copied, so a cycle ends in a marker instead of recursing forever.
function scrubValue(value: unknown, ancestors: Set<object>): unknown {
  if (typeof value === "string") return scrubUrl(value);
  if (!Array.isArray(value) && !isPlainObject(value)) return value;
  if (ancestors.has(value)) return CIRCULAR;
  ancestors.add(value);
  let clean: unknown;
  if (Array.isArray(value)) {
    // A [key, value] pair, as query strings are sometimes given.
    const sensitivePair = value.length === 2 && typeof value[0] === "string" && isSensitiveKey(value[0]);
    clean = sensitivePair ? [value[0], FILTERED] : value.map((item) => scrubValue(item, ancestors));
  } else {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (!isSensitiveKey(key)) copy[key] = scrubValue(item, ancestors);
    }
    clean = copy;
  }
  ancestors.delete(value);
  return clean;
}

/** A copy of an event, breadcrumb or any JSON-like value with personal data and credentials removed. */
export function scrub<T>(value: T): T {
  return scrubValue(value, new Set()) as T;
}
