import { useStore } from "@nanostores/react";
import DemoModeNotice from "../ui/DemoModeNotice";
import Spinner from "../ui/Spinner";
import { isDemoMode } from "../lib/auth/config";
import { site } from "../site.config";
import { $auth } from "../stores/auth";
import { useSignOut } from "./useSignOut";

/** The dashboard's top bar: brand, the demo notice, who is signed in, and Sign Out. */
export default function DashHeader() {
  const { user, profile } = useStore($auth);
  const { busy, signOut } = useSignOut();

  return (
    <header className="border-b border-line bg-surface/80">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
        <a href="/" className="text-lg font-bold tracking-tight">
          {site.brand}
        </a>
        {isDemoMode && <DemoModeNotice />}
        <div className="ml-auto flex items-center gap-4">
          <p className="text-right text-sm">
            <span className="block font-medium">{profile?.full_name || user?.fullName || user?.email}</span>
            <span className="block text-muted">{user?.email}</span>
          </p>
          <button
            type="button"
            onClick={signOut}
            aria-disabled={busy || undefined}
            className="btn-secondary px-4 py-2 text-sm aria-disabled:cursor-wait aria-disabled:opacity-60"
          >
            {busy && <Spinner />}
            Sign Out
          </button>
        </div>
      </div>
    </header>
  );
}
