/**
 * Stands in for @supabase/supabase-js in a build without Supabase settings (see astro.config.mjs),
 * so that build carries none of its code. Never called: without settings the demo backend runs.
 */
export function createClient(): never {
  throw new Error("Supabase is not configured: set PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY.");
}
