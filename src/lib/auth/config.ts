import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from "astro:env/client";
import type { AuthBackend } from "./types";

/** True when Supabase is not configured: sign-in runs on the in-browser demo backend. */
export const isDemoMode = !(PUBLIC_SUPABASE_URL && PUBLIC_SUPABASE_ANON_KEY);

/**
 * Loads the configured backend. Both are dynamic imports, so a build without Supabase never
 * loads supabase-js and the marketing pages carry neither.
 */
export async function loadBackend(): Promise<AuthBackend> {
  if (PUBLIC_SUPABASE_URL && PUBLIC_SUPABASE_ANON_KEY) {
    const { createSupabaseBackend } = await import("./supabaseBackend");
    return createSupabaseBackend(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY);
  }
  const { browserDemoOptions, createDemoBackend } = await import("./demoBackend");
  return createDemoBackend(browserDemoOptions());
}
