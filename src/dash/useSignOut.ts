import { useState } from "react";
import { signOutAndLeave } from "../stores/auth";
import { signOutAndRemoveCopy } from "../stores/dash/clearWorkspace";

/**
 * Sign Out for any dashboard control (the header, its account menu, Settings): `ask` opens the confirmation
 * (SignOutDialog), `confirm` signs out, removing this browser's copy of the workspace when asked to. Busy while it
 * runs, ignores repeat presses, always ends the session on this device and goes home (see signOutAndLeave).
 */
export function useSignOut(): {
  busy: boolean;
  asking: boolean;
  ask: () => void;
  cancel: () => void;
  confirm: (removeCopy: boolean) => void;
} {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const confirm = (removeCopy: boolean) => {
    if (busy) return;
    setBusy(true);
    void (removeCopy ? signOutAndRemoveCopy() : signOutAndLeave());
  };
  return {
    busy,
    asking,
    ask: () => !busy && setAsking(true),
    cancel: () => setAsking(false),
    confirm,
  };
}
