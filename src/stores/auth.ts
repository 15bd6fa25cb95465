import { onMount } from "nanostores";
import { createAuthStore } from "../lib/auth/authStore";
import { loadBackend } from "../lib/auth/config";

export type { AuthState } from "../lib/auth/authStore";

const auth = createAuthStore({ loadBackend });

/** The visitor's auth state, shared by every island of the page: { loading, user, session, profile }. */
export const $auth = auth.$auth;

/** Sign-in, sign-up, sign-out and profile update: each resolves with `{ error }` (a message to show) or none. */
export const { signIn, signUp, signOut, updateProfile } = auth;

// The first island that reads $auth in the browser starts it: the stored session is read once per page load.
onMount($auth, () => {
  if (typeof window !== "undefined") auth.start();
});
