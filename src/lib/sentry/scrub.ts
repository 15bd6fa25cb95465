/**
 * Removes personal data and credentials from error reports before they leave the browser:
 * userName, userData, e-mail, passwords, secrets, cookies, authorization headers and token-like keys at
 * any depth, and credential values in URLs, query strings, fragments and JSON text, raw or URL-encoded; a booking's
 * manage link (`/book/manage#<token>`) and any run of 64 hex digits (the shape of its token) in any string.
 */

/** Keys (compared without case, `-` or `_`) whose values never leave the browser. */
const SENSITIVE_KEY = /^(username|userdata|authorization|proxyauthorization|cookies?|setcookie|jwt)$|(token|tokenhash|secret|password|passwd|apikey|email)$/;

/**
 * URL parameters that carry credentials: Supabase's tokens, PKCE code and e-mail token hash, API keys,
 * and Daily's meeting token `t`.
 */
const SENSITIVE_PARAMS = [
  "access_token",
  "refresh_token",
  "provider_token",
  "provider_refresh_token",
  "id_token",
  "token",
  "token_hash",
  "code",
  "t",
  "api_?key",
  "x-api-key",
  "password",
  "secret",
  "jwt",
  "email",
];
// `%(25)*` also matches the encoded forms of a separator, however many times the URL was encoded.
const ENCODED = (hex: string) => `%(?:25)*${hex}`;
const SEPARATOR = `(?:^|[?&#;,\\s"'{(]|${ENCODED("2[36]")}|${ENCODED("3F")})`;
const EQUALS = `(?:=|${ENCODED("3D")})`;
const VALUE_END = `[&#;,\\s"')}]|${ENCODED("2[36]")}`;
const SENSITIVE_PARAM = new RegExp(`(${SEPARATOR}(?:${SENSITIVE_PARAMS.join("|")})${EQUALS})(?:(?!${VALUE_END}).)+`, "gi");
/** `"access_token": "…"` inside JSON text (a logged response body); `code` and `t` there are usually error codes and times. */
const JSON_FIELDS = [...SENSITIVE_PARAMS.filter((name) => name !== "code" && name !== "t"), "authorization", "cookie"];
const SENSITIVE_JSON = new RegExp(`("(?:${JSON_FIELDS.join("|")})"\\s*:\\s*")(?:[^"\\\\]|\\\\.)*"`, "gi");
/** `Bearer <token>` and anything shaped like a JWT, wherever it appears. */
const BEARER = /\b(Bearer\s+)[\w.~+/=-]+/gi;
const JWT = /\beyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/g;
/** The fragment of a manage link (site.booking.manageHref), raw or URL-encoded, and anything shaped like its token. */
const MANAGE_LINK = new RegExp(`((?:/|${ENCODED("2F")})book(?:/|${ENCODED("2F")})manage(?:#|${ENCODED("23")}))[^\\s"'<>)\\]]+`, "gi");
const HEX_SECRET = /[0-9a-f]{64,}/gi;

export const FILTERED = "[Filtered]";
export const CIRCULAR = "[Circular]";

/** Whether a key names personal data or a credential. */
export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key.toLowerCase().replace(/[-_]/g, ""));
}

const SENSITIVE_PARAM_NAME = new RegExp(`^(?:${SENSITIVE_PARAMS.join("|")})$`, "i");

/** A string with the values of credential parameters, JSON credential fields, bearer tokens and JWTs replaced. */
export function scrubUrl(text: string): string {
  return text
    .replace(SENSITIVE_PARAM, `$1${FILTERED}`)
    .replace(SENSITIVE_JSON, `$1${FILTERED}"`)
    .replace(BEARER, `$1${FILTERED}`)
    .replace(JWT, FILTERED)
    .replace(MANAGE_LINK, `$1${FILTERED}`)
    .replace(HEX_SECRET, FILTERED);
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
    // A [key, value] pair, as query strings and headers are sometimes given.
    const sensitivePair =
      value.length === 2 && typeof value[0] === "string" && (isSensitiveKey(value[0]) || SENSITIVE_PARAM_NAME.test(value[0]));
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
