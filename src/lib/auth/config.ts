import { supabaseProject } from "../supabaseProject";
import type { AuthBackend } from "./types";

/** True when Supabase is not configured: sign-in runs on the in-browser demo backend. */
export const isDemoMode = supabaseProject === null;

/**
 * Loads the configured backend. Both are dynamic imports, so a build without Supabase never
 * loads supabase-js and the marketing pages carry neither.
 */
export async function loadBackend(): Promise<AuthBackend> {
  if (supabaseProject) {
    const { createSupabaseBackend } = await import("./supabaseBackend");
    return createSupabaseBackend(supabaseProject.url, supabaseProject.anonKey);
  }
  const { browserDemoOptions, createDemoBackend } = await import("./demoBackend");
  return createDemoBackend(browserDemoOptions());
}
