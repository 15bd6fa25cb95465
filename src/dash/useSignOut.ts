import { useState } from "react";
import { signOutAndLeave } from "../stores/auth";

/**
 * Sign Out for any dashboard control (the header, Settings): busy while it runs, ignores repeat
 * presses, always ends the session on this device and goes home (see signOutAndLeave).
 */
export function useSignOut(): { busy: boolean; signOut: () => void } {
  const [busy, setBusy] = useState(false);
  const signOut = () => {
    if (busy) return;
    setBusy(true);
    void signOutAndLeave();
  };
  return { busy, signOut };
}
