/** Hosts a build for this machine names: a build for them is a local try-out, where demo mode is expected. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The build's warning when it is meant for a real site (SITE_URL set and not this machine) but Supabase
 * is not configured, so /login and /dash would ship the in-browser demo backend; undefined otherwise.
 */
export function demoModeWarning(env: Record<string, string | undefined>): string | undefined {
  const site = env["SITE_URL"];
  if (!site || (env["PUBLIC_SUPABASE_URL"] && env["PUBLIC_SUPABASE_ANON_KEY"])) return undefined;
  let host: string;
  try {
    host = new URL(site).hostname;
  } catch {
    return undefined;
  }
  if (LOCAL_HOSTS.has(host)) return undefined;
  return `SITE_URL is ${site} but PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are not both set: this build ships demo mode (accounts only in each visitor's browser) at /login and /dash.`;
}
