/** Texts of the auth screens (specification sections 5 and 8) and the providers' own messages. */
export const authMessages = {
  unexpected: "An unexpected error occurred. Please try again.",
  signUpSuccess: "Account created! Please check your email to verify your account.",
  noUser: "No user logged in",
  /** What Supabase answers for a wrong e-mail or password; the demo backend says the same. */
  invalidCredentials: "Invalid login credentials",
  /** What Supabase answers when the e-mail already has an account. */
  userExists: "User already registered",
  loading: "Loading...",
  /** The demo backend could not save to this browser's storage (full, or blocked by settings or private browsing). */
  storageUnavailable:
    "This browser did not let the demo save your account: its storage is full or blocked. Free some space or allow site data for this site, then try again.",
  /** The guard's error when the stored session cannot be read (auth server down or silent). */
  sessionUnreadable: "We could not check your sign-in: the sign-in server did not answer. Check your connection and try again.",
  /** Password recovery: the one answer to a reset request, whether or not the account exists. */
  resetRequested: "If an account exists for that e-mail address, we have sent it a link to set a new password. Check your inbox (and spam folder).",
  /** Demo mode cannot send e-mail. */
  recoveryUnavailable:
    "Demo accounts live in this browser only, so there is no e-mail to send a reset link to. Create a new demo account instead, with Sign Up.",
  passwordMismatch: "Passwords do not match",
  passwordChanged: { title: "Password changed", description: "Your password was changed. Use it the next time you sign in." },
  /** The one-time notice after a sign-out the auth server did not confirm. */
  signedOutHereOnly: {
    title: "Signed out on this device",
    description: "The sign-in server could not be reached, so you may still be signed in on your other devices.",
  },
} as const;
