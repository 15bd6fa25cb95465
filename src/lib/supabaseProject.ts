import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_INVITE_EMAILS, PUBLIC_SUPABASE_URL } from "astro:env/client";

/** The agency's Supabase project as the browser may know it: its URL and public anon key. */
export interface SupabaseProject {
  url: string;
  anonKey: string;
}

/** The configured Supabase project, or null: then sign-in runs on the demo backend and bookings stay in the browser. */
export const supabaseProject: SupabaseProject | null =
  PUBLIC_SUPABASE_URL && PUBLIC_SUPABASE_ANON_KEY ? { url: PUBLIC_SUPABASE_URL, anonKey: PUBLIC_SUPABASE_ANON_KEY } : null;

/** Whether the project e-mails a firm's invites (the invite Edge Function is deployed); otherwise the admin sends the link. */
export const inviteEmails: boolean = supabaseProject !== null && PUBLIC_SUPABASE_INVITE_EMAILS === "true";
