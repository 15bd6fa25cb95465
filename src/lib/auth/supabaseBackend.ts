import { createClient, type Session, type SupabaseClientOptions, type User } from "@supabase/supabase-js";
import { fetchWithTimeout } from "../http";
import { LOGIN_PATH } from "./redirect";
import { parseProfile, type AuthBackend, type AuthError, type AuthSession, type AuthUser } from "./types";
import { createSyncApi } from "../sync/supabaseApi";
import { createFirmApi } from "../firm/firmApi";

/** A refusal the visitor should read (4xx) versus a failure of the network or the server. */
const isRefusal = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;

/** The provider's message for a refusal; anything else is unexpected and thrown for the store to report. */
function refusal(error: { message: string; status?: number | undefined }): AuthError {
  if (isRefusal(error.status)) return { message: error.message };
  throw error;
}

function toUser(user: User): AuthUser {
  const fullName: unknown = user.user_metadata["full_name"];
  return { id: user.id, email: user.email ?? "", fullName: typeof fullName === "string" ? fullName : null };
}

function toSession(session: Session | null): AuthSession | null {
  if (!session) return null;
  return {
    user: toUser(session.user),
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt: session.expires_at ?? null,
  };
}

/** How long any request to Supabase may go unanswered before it fails (sign-in spinner, Loading...). */
export const SUPABASE_TIMEOUT_MS = 15_000;

/** The Supabase backend: supabase-js with the public anon key; row-level security guards the data. */
export function createSupabaseBackend(
  url: string,
  anonKey: string,
  options?: SupabaseClientOptions<"public">,
): AuthBackend {
  const client = createClient(url, anonKey, {
    ...options,
    // PKCE: e-mail links come back to /login with a one-time ?code= that supabase-js exchanges and removes,
    // never with tokens in the URL; tokens in a fragment are refused.
    auth: { flowType: "pkce", ...options?.auth },
    global: { fetch: fetchWithTimeout(SUPABASE_TIMEOUT_MS), ...options?.global },
  });
  const profiles = () => client.from("profiles");

  return {
    mode: "supabase",
    async getSession() {
      const { data, error } = await client.auth.getSession();
      if (error) throw error;
      return toSession(data.session);
    },
    onAuthChange(listener) {
      // The callback must not await Supabase calls (they would wait for the lock it holds): it only maps.
      const { data } = client.auth.onAuthStateChange((event, session) => listener(event, toSession(session)));
      return () => data.subscription.unsubscribe();
    },
    async signIn(email, password) {
      const { data, error } = await client.auth.signInWithPassword({ email, password });
      if (error) return { data: null, error: refusal(error) };
      const session = toSession(data.session);
      if (!session) throw new Error("Sign-in answered without a session");
      return { data: session, error: null };
    },
    async signUp(email, password, fullName) {
      // The confirmation link lands on /login, which reads the session from it and clears the address bar.
      const emailRedirectTo = typeof location === "undefined" ? undefined : new URL(LOGIN_PATH, location.origin).href;
      const { error } = await client.auth.signUp({ email, password, options: { data: { full_name: fullName }, ...(emailRedirectTo ? { emailRedirectTo } : {}) } });
      return { error: error ? refusal(error) : null };
    },
    async signOut() {
      const { error } = await client.auth.signOut();
      return { error: error ? refusal(error) : null };
    },
    async signOutLocally() {
      // scope 'local' removes this device's session (firing SIGNED_OUT) before it asks the server to
      // revoke the refresh token; the server is what failed, so wait for the removal, not the answer.
      await new Promise<void>((resolve, reject) => {
        const { data } = client.auth.onAuthStateChange((event) => {
          if (event !== "SIGNED_OUT") return;
          data.subscription.unsubscribe();
          resolve();
        });
        client.auth.signOut({ scope: "local" }).then(() => {
          data.subscription.unsubscribe();
          resolve();
        }, reject);
      });
    },
    async resetPassword(email, redirectTo) {
      const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
      return { error: error ? refusal(error) : null };
    },
    async updatePassword(password) {
      const { error } = await client.auth.updateUser({ password });
      return { error: error ? refusal(error) : null };
    },
    syncApi: () => createSyncApi(client),
    firmApi: () => createFirmApi(client),
    async fetchProfile(userId) {
      const { data, error } = await profiles().select("*").eq("id", userId).single();
      if (error) throw error;
      return parseProfile(data);
    },
    async updateProfile(userId, changes) {
      const { data, error, status } = await profiles().update(changes).eq("id", userId).select().single();
      if (error) return { data: null, error: refusal({ message: error.message, status }) };
      return { data: parseProfile(data), error: null };
    },
  };
}
