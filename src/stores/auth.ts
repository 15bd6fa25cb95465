import { onMount } from "nanostores";
import { createAuthStore } from "../lib/auth/authStore";
import { loadBackend } from "../lib/auth/config";
import { authMessages } from "../lib/auth/messages";
import { flashToast } from "./toasts";

export type { AuthState } from "../lib/auth/authStore";

const auth = createAuthStore({ loadBackend });

/** The visitor's auth state, shared by every island of the page: { loading, user, session, profile }. */
export const $auth = auth.$auth;

/** Sign-in, sign-up, profile update and password recovery: each resolves with `{ error }` (a message to show) or none. */
export const { signIn, signUp, updateProfile, requestPasswordReset, setNewPassword } = auth;

/** The sign-in backend of this page (Supabase or the demo), shared by everything that needs it. */
export const authBackend = auth.backend;

/** True while a password-recovery link's session waits for its new password. */
export const $recovering = auth.$recovering;

/** Reads the session again after the guard showed that it could not be read. */
export const retryAuth = auth.retry;

/** Where a visitor lands after signing out (specification section 8). */
export const AFTER_SIGN_OUT = "/";

/**
 * Signs out and goes home. When the auth server did not confirm it, this device is signed out
 * anyway and the home page shows, once, that other devices may still be signed in. `afterSignOut` runs once the
 * session has ended, before the page leaves (Sign Out removing this browser's copy of the workspace).
 */
export async function signOutAndLeave(afterSignOut?: () => Promise<void>): Promise<void> {
  await auth.signOut({ beforeLocalOnly: () => flashToast(authMessages.signedOutHereOnly) });
  await afterSignOut?.();
  window.location.assign(AFTER_SIGN_OUT);
}

// The first island that reads $auth in the browser starts it: the stored session is read once per page load.
onMount($auth, () => {
  if (typeof window !== "undefined") auth.start();
});
