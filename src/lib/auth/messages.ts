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
} as const;
