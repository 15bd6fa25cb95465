import type { FirmApi } from "../firm/firmApi";
import type { SyncApi } from "../sync/session";

/** The signed-in person as the product sees them, whichever backend signed them in. */
export interface AuthUser {
  id: string;
  email: string;
  /** full_name from the sign-up metadata, when there is one. */
  fullName: string | null;
}

/** A session: the user, the access and refresh tokens, and the expiry in seconds since the epoch. */
export interface AuthSession {
  user: AuthUser;
  accessToken: string;
  refreshToken: string;
  expiresAt: number | null;
}

/** A row of the profiles table (id equals the auth user's id). */
export interface Profile {
  id: string;
  full_name: string | null;
  role: string;
  created_at: string;
}

/** What a signed-in user may change in their profile (the column grants allow full_name only). */
export type ProfileUpdate = Partial<Pick<Profile, "full_name">>;

/** Supabase's auth events; the demo backend emits the same names. */
export type AuthEvent =
  | "INITIAL_SESSION"
  | "SIGNED_IN"
  | "SIGNED_OUT"
  | "TOKEN_REFRESHED"
  | "USER_UPDATED"
  | "PASSWORD_RECOVERY"
  | "MFA_CHALLENGE_VERIFIED";

/** An error the visitor should read as it is (wrong password, duplicate account). */
export interface AuthError {
  message: string;
}

export type AuthListener = (event: AuthEvent, session: AuthSession | null) => void;

export type Outcome<T> = { data: T; error: null } | { data: null; error: AuthError };

/**
 * One sign-in provider. Methods return the provider's own refusals as `error` and throw on
 * anything unexpected (network down, server failure), which the store reports.
 */
export interface AuthBackend {
  readonly mode: "supabase" | "demo";
  /** With Supabase: the signed-in user's workspace tables, for the sync session (src/lib/sync). */
  syncApi?(): SyncApi;
  /** With Supabase: the user's firm, its members and invites. The demo is a firm of one and has none. */
  firmApi?(): FirmApi;
  /** The stored session of this browser, or null. */
  getSession(): Promise<AuthSession | null>;
  /** Follows sign-in and sign-out here and in other tabs; returns the unsubscribe function. */
  onAuthChange(listener: AuthListener): () => void;
  signIn(email: string, password: string): Promise<Outcome<AuthSession>>;
  signUp(email: string, password: string, fullName: string): Promise<{ error: AuthError | null }>;
  /** Ends the session everywhere (Supabase revokes the refresh token); needs the auth server. */
  signOut(): Promise<{ error: AuthError | null }>;
  /** Ends the session on this device only, without waiting for the auth server. */
  signOutLocally(): Promise<void>;
  /**
   * Asks for the e-mail whose link (back to `redirectTo`, PKCE) lets the user set a new password. The answer never
   * says whether the account exists.
   */
  resetPassword(email: string, redirectTo: string): Promise<{ error: AuthError | null }>;
  /** Changes the signed-in user's password (after a recovery link). */
  updatePassword(password: string): Promise<{ error: AuthError | null }>;
  /** The user's profile row; throws when it cannot be read. */
  fetchProfile(userId: string): Promise<Profile>;
  /** Updates the row whose id is userId and returns it. */
  updateProfile(userId: string, changes: ProfileUpdate): Promise<Outcome<Profile>>;
}

/** Reads a profile row from an untrusted answer (network or localStorage); throws on a wrong shape. */
export function parseProfile(value: unknown): Profile {
  const row = (value ?? {}) as Record<string, unknown>;
  const { id, full_name: fullName, role, created_at: createdAt } = row;
  if (typeof id !== "string" || typeof role !== "string" || typeof createdAt !== "string") {
    throw new TypeError("Malformed profile row");
  }
  if (fullName !== null && typeof fullName !== "string") throw new TypeError("Malformed profile row");
  return { id, full_name: fullName, role, created_at: createdAt };
}
