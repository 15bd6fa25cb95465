import { LOGIN_PATH } from "./redirect";

/**
 * The parameters of an auth server's redirect or e-mail link that carry a credential: Supabase's implicit
 * tokens (in the fragment), its PKCE code and its e-mail token hash (in the query).
 */
const CREDENTIALS = ["access_token", "refresh_token", "provider_token", "provider_refresh_token", "code", "token_hash"];

/** Every parameter such a link brings along, removed with the credentials. */
const CALLBACK_PARAMS = [...CREDENTIALS, "expires_at", "expires_in", "token_type", "type", "sb_flow_id", "error", "error_code", "error_description"];

/** Matches a query or fragment (with its `?` or `#`) that carries a credential. */
const CREDENTIAL_IN_URL = new RegExp(`[?#&](?:${CREDENTIALS.join("|")})=`);

/** Whether the URL's query or fragment carries an auth credential. */
export function hasAuthCallback(url: URL): boolean {
  return CREDENTIAL_IN_URL.test(`${url.search}${url.hash}`);
}

/** The URL without any auth callback parameter (credentials and their companions); other parameters stay. */
export function withoutAuthCallback(url: URL): URL {
  const clean = new URL(url);
  if (!hasAuthCallback(url)) return clean;
  const hash = new URLSearchParams(url.hash.slice(1));
  for (const name of CALLBACK_PARAMS) {
    clean.searchParams.delete(name);
    hash.delete(name);
  }
  if (clean.searchParams.size === 0) clean.search = "";
  clean.hash = hash.toString();
  return clean;
}

/**
 * Takes the credentials out of the address bar (and so out of history) without a reload: /login calls
 * it once the backend has read the session (supabase-js exchanges a PKCE `?code=` first).
 */
export function clearAuthCallback(target: Pick<Window, "location" | "history">): void {
  const url = new URL(target.location.href);
  if (!hasAuthCallback(url)) return;
  const clean = withoutAuthCallback(url);
  target.history.replaceState(target.history.state, "", `${clean.pathname}${clean.search}${clean.hash}`);
}

/**
 * The script every page runs first, in its head: a page other than /login that an auth link landed on
 * (Supabase sends e-mail confirmations to the Site URL, the home page) hands the URL to /login with
 * `location.replace`, so the credentials never stay in history; /login reads and clears them.
 */
export const AUTH_CALLBACK_SCRIPT = `(()=>{const l=location;if(${String(CREDENTIAL_IN_URL)}.test(l.search+l.hash)&&!/^${LOGIN_PATH.replace("/", "\\/")}\\/?$/.test(l.pathname))l.replace("${LOGIN_PATH}"+l.search+l.hash)})()`;
