import { useStore } from "@nanostores/react";
import DemoModeNotice from "../ui/DemoModeNotice";
import { isDemoMode } from "../lib/auth/config";
import { site } from "../site.config";
import { $auth } from "../stores/auth";
import { $drawerOpen, setDrawerOpen } from "../stores/dash/layout";
import DashIcon from "./components/DashIcon";
import SignOutButton from "./components/SignOutButton";

/** The dashboard's top bar: the drawer button (below lg), brand, the demo notice, who is signed in, and Sign Out. */
export default function DashHeader() {
  const { user, profile } = useStore($auth);
  const drawerOpen = useStore($drawerOpen);

  return (
    <header className="shrink-0 border-b border-line bg-surface/80">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <button
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-label="Open navigation"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          className="-ml-1 inline-flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-ink lg:hidden"
        >
          <DashIcon name="menu" className="size-6" />
        </button>
        <a href="/" className="text-lg font-bold tracking-tight">
          {site.brand}
        </a>
        {isDemoMode && <DemoModeNotice />}
        <div className="ml-auto flex items-center gap-4">
          <p className="text-right text-sm">
            <span className="block font-medium">{profile?.full_name || user?.fullName || user?.email}</span>
            <span className="block text-muted">{user?.email}</span>
          </p>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
