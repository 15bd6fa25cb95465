import { useStore } from "@nanostores/react";
import { useEffect, useRef, type ReactNode } from "react";
import { loginUrlFor } from "../lib/auth/redirect";
import { $auth } from "../stores/auth";
import LoadingScreen from "./LoadingScreen";

/**
 * Shows its children to a signed-in user only. Loading: the loading screen. No user: nothing, and
 * off to /login?next=<this page>; a user who signs out here or in another tab goes to the home page.
 */
export default function AuthGuard({ children }: { children: ReactNode }) {
  const { loading, user } = useStore($auth);
  const hadUser = useRef(false);

  useEffect(() => {
    if (loading) return;
    if (user) {
      hadUser.current = true;
      return;
    }
    window.location.replace(hadUser.current ? "/" : loginUrlFor(window.location));
  }, [loading, user]);

  if (loading) return <LoadingScreen />;
  if (!user) return null;
  return children;
}
