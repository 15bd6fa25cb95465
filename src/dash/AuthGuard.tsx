import { useStore } from "@nanostores/react";
import { useEffect, useRef, type ReactNode } from "react";
import { loginUrlFor } from "../lib/auth/redirect";
import { $auth, retryAuth } from "../stores/auth";
import LoadingScreen from "./LoadingScreen";
import SessionErrorScreen from "./SessionErrorScreen";

/**
 * Shows its children to a signed-in user only. Loading: the loading screen. No user: nothing, and
 * off to /login?next=<this page>; a user who signs out here or in another tab goes to the home page.
 * A session that could not be read (auth server down) is an error with Retry, not a sign-out.
 */
export default function AuthGuard({ children }: { children: ReactNode }) {
  const { loading, user, error } = useStore($auth);
  const hadUser = useRef(false);

  useEffect(() => {
    if (loading || error) return;
    if (user) {
      hadUser.current = true;
      return;
    }
    window.location.replace(hadUser.current ? "/" : loginUrlFor(window.location));
  }, [loading, user, error]);

  if (loading) return <LoadingScreen />;
  if (error) return <SessionErrorScreen message={error} onRetry={retryAuth} />;
  if (!user) return null;
  return children;
}
