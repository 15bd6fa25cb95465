import { useState } from "react";
import { signOut } from "../../../stores/auth";

/**
 * Settings' Sign Out: ends the session, then goes to the home page; a refusal is kept to show. The lead rewires
 * this one function to issue 11's shared sign-out hook at merge.
 */
export function useSettingsSignOut() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await signOut();
    if (result.error) {
      setBusy(false);
      setError(result.error.message);
      return;
    }
    window.location.assign("/");
  };
  return { signOut: run, busy, error };
}
