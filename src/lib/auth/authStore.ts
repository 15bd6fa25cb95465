import { atom, type ReadableAtom } from "nanostores";
import { authMessages } from "./messages";
import { reportError } from "../report";
import { withinTime } from "../withinTime";
import { clearAuthCallback } from "./callbackUrl";
import type { AuthBackend, AuthError, AuthSession, AuthUser, Outcome, Profile, ProfileUpdate } from "./types";

/** What every island knows about the visitor. `loading` holds until the session and the profile are known. */
export interface AuthState {
  loading: boolean;
  user: AuthUser | null;
  session: AuthSession | null;
  profile: Profile | null;
  /** Set when the stored session could not be read (auth server down): the guard offers Retry. */
  error: string | null;
}

/** How a sign-out ended: everywhere, or on this device only because the auth server did not confirm it. */
export interface SignOutResult {
  everywhere: boolean;
}

export interface SignOutOptions {
  /** Runs before a local-only sign-out ends the session (a page may leave the moment it ends). */
  beforeLocalOnly?: () => void;
}

export interface AuthStoreOptions {
  loadBackend: () => Promise<AuthBackend>;
  report?: (error: unknown) => void;
  /** Runs work after the current auth callback has returned (Supabase holds a lock during it). */
  defer?: (work: () => void) => void;
  /** How long reading the stored session may take before the guard says it cannot be read. */
  sessionTimeoutMs?: number;
  /** Runs once the session has been read: takes an auth link's credentials out of the address bar. */
  clearCallback?: () => void;
}

/** Reading the session gives up after this long (supabase-js alone keeps retrying a refresh for 30 s and more). */
export const SESSION_TIMEOUT_MS = 15_000;

export const INITIAL_AUTH_STATE: AuthState = { loading: true, user: null, session: null, profile: null, error: null };
const SIGNED_OUT: AuthState = { loading: false, user: null, session: null, profile: null, error: null };

/** What tells two sessions apart for the store: the user as shown, and the access token. */
const sessionKey = (session: AuthSession | null) =>
  session ? JSON.stringify([session.user.id, session.user.email, session.user.fullName, session.accessToken]) : "";

/** The auth store and its actions, over one backend loaded on first use. */
export function createAuthStore({
  loadBackend,
  report = (error) => reportError(error, "auth"),
  defer = (work) => setTimeout(work, 0),
  sessionTimeoutMs = SESSION_TIMEOUT_MS,
  clearCallback = () => {
    if (typeof window !== "undefined") clearAuthCallback(window);
  },
}: AuthStoreOptions) {
  const $auth = atom<AuthState>(INITIAL_AUTH_STATE);
  /** True from a password-recovery link's sign-in until the new password is set or the user signs out. */
  const $recovering = atom(false);
  let backend: Promise<AuthBackend> | undefined;
  let started = false;
  let following = false;
  let lastKey: string | undefined;
  // Bumped on every change of user, so a late profile answer for an earlier user is dropped.
  let generation = 0;

  // A failed load (the chunk could not be fetched) is forgotten, so Retry loads it again.
  const getBackend = () =>
    (backend ??= loadBackend().catch((error: unknown) => {
      backend = undefined;
      throw error;
    }));

  async function loadProfile(backendReady: AuthBackend, userId: string, ticket: number) {
    let profile: Profile | null = null;
    try {
      profile = await backendReady.fetchProfile(userId);
    } catch (error) {
      report(error);
    }
    if (ticket === generation) $auth.set({ ...$auth.get(), profile, loading: false });
  }

  /** Takes a session from the backend; changes the store only when the user or the token changed. */
  function accept(backendReady: AuthBackend, session: AuthSession | null) {
    const key = sessionKey(session);
    if (key === lastKey) return;
    lastKey = key;
    const state = $auth.get();
    if (!session) {
      generation += 1;
      $auth.set(SIGNED_OUT);
    } else if (state.user?.id === session.user.id) {
      $auth.set({ ...state, user: session.user, session });
    } else {
      const ticket = (generation += 1);
      $auth.set({ loading: true, user: session.user, session, profile: null, error: null });
      defer(() => void loadProfile(backendReady, session.user.id, ticket));
    }
  }

  /** Reads the stored session; when it cannot be read, the state says so instead of guessing "signed out". */
  async function readSession(): Promise<void> {
    try {
      const read = async () => {
        const ready = await getBackend();
        if (!following) {
          following = true;
          ready.onAuthChange((event, session) => {
            if (event === "PASSWORD_RECOVERY") $recovering.set(true);
            if (!session) $recovering.set(false);
            accept(ready, session);
          });
        }
        return { ready, session: await ready.getSession() };
      };
      const { ready, session } = await withinTime(read(), sessionTimeoutMs, () => new DOMException("No session in time", "TimeoutError"));
      accept(ready, session);
    } catch (error) {
      report(error);
      if ($auth.get().loading && !$auth.get().user) $auth.set({ ...SIGNED_OUT, error: authMessages.sessionUnreadable });
    } finally {
      // The backend has had its chance to use them (supabase-js exchanges a PKCE code while it reads the session).
      clearCallback();
    }
  }

  /** Reads the stored session and follows auth events; runs once, later calls do nothing. */
  function start(): void {
    if (started) return;
    started = true;
    void readSession();
  }

  /** Reads the session again after it could not be read. */
  function retry(): void {
    if (!$auth.get().error) return;
    lastKey = undefined;
    $auth.set(INITIAL_AUTH_STATE);
    void readSession();
  }

  /**
   * Ends the session. Everywhere when the auth server confirms it; otherwise (refused, failed, no
   * answer) on this device anyway, so a visitor who asked to sign out is never left signed in here.
   */
  async function signOut({ beforeLocalOnly }: SignOutOptions = {}): Promise<SignOutResult> {
    let ready: AuthBackend;
    try {
      ready = await getBackend();
    } catch (error) {
      report(error);
      $auth.set(SIGNED_OUT);
      return { everywhere: false };
    }
    try {
      const result = await ready.signOut();
      if (!result.error) {
        accept(ready, null);
        return { everywhere: true };
      }
    } catch (error) {
      report(error);
    }
    beforeLocalOnly?.();
    try {
      await ready.signOutLocally();
    } catch (error) {
      report(error);
    }
    accept(ready, null);
    return { everywhere: false };
  }

  /** Runs an action; an unexpected failure is reported and becomes the generic message. */
  async function guarded<T extends { error: AuthError | null }>(action: (ready: AuthBackend) => Promise<T>) {
    try {
      return await action(await getBackend());
    } catch (error) {
      report(error);
      return { data: null, error: { message: authMessages.unexpected } } as const;
    }
  }

  return {
    /** The backend the store signs in with (loaded on first use): one supabase-js client for the whole page. */
    backend: getBackend,
    $auth: $auth as ReadableAtom<AuthState>,
    $recovering: $recovering as ReadableAtom<boolean>,
    /** Asks for a password-reset e-mail whose link comes back to `redirectTo`. */
    requestPasswordReset: (email: string, redirectTo: string): Promise<{ error: AuthError | null }> =>
      guarded((ready) => ready.resetPassword(email.trim(), redirectTo)),
    /** Sets the signed-in user's new password; ends the recovery on success. */
    setNewPassword: (password: string): Promise<{ error: AuthError | null }> =>
      guarded(async (ready) => {
        if (!$auth.get().user) return { error: { message: authMessages.noUser } };
        const result = await ready.updatePassword(password);
        if (!result.error) $recovering.set(false);
        return result;
      }),
    start,
    retry,
    signOut,
    signIn: (email: string, password: string): Promise<{ error: AuthError | null }> =>
      guarded(async (ready) => {
        const result = await ready.signIn(email.trim(), password);
        if (result.data) accept(ready, result.data);
        return { error: result.error };
      }),
    signUp: (email: string, password: string, fullName: string): Promise<{ error: AuthError | null }> =>
      guarded((ready) => ready.signUp(email.trim(), password, fullName.trim())),
    /** Changes the signed-in user's own profile row and returns it. */
    updateProfile: (changes: ProfileUpdate): Promise<Outcome<Profile>> =>
      guarded(async (ready) => {
        const { user } = $auth.get();
        if (!user) return { data: null, error: { message: authMessages.noUser } };
        const result = await ready.updateProfile(user.id, changes);
        if (result.data && $auth.get().user?.id === user.id) $auth.set({ ...$auth.get(), profile: result.data });
        return result;
      }),
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
