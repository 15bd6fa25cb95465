import { useStore } from "@nanostores/react";
import DemoModeBadge from "../ui/DemoModeBadge";
import DemoModeNotice from "../ui/DemoModeNotice";
import { isDemoMode } from "../lib/auth/config";
import { displayName } from "../lib/dash/profile";
import { site } from "../site.config";
import { $auth } from "../stores/auth";
import { $drawerOpen, setDrawerOpen } from "../stores/dash/layout";
import AccountMenu from "./AccountMenu";
import DashIcon from "./components/DashIcon";
import SignOutButton from "./components/SignOutButton";
import SyncStatus from "./SyncStatus";
import { LARGE_SCREEN, useMediaQuery } from "./useMediaQuery";

/**
 * The dashboard's top bar: the drawer button (below lg), brand, the demo notice, who is signed in, and Sign Out.
 * Below lg it is one row: the notice is a 'Demo mode' badge and the account is a menu. 'Keyboard shortcuts' is a
 * button beside Sign Out from lg up (where keyboards are), an item of the account menu below.
 */
export default function DashHeader({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  const { user, profile } = useStore($auth);
  const drawerOpen = useStore($drawerOpen);
  const large = useMediaQuery(LARGE_SCREEN);
  const name = displayName(user, profile);
  const email = user?.email ?? "";

  return (
    <header className="relative shrink-0 border-b border-line bg-surface/80">
      <div className="flex items-center gap-x-3 px-4 py-2 lg:flex-wrap lg:gap-x-4 lg:gap-y-2 lg:py-3">
        <button
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-label="Open navigation"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          className="-ml-1 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-ink lg:hidden"
        >
          <DashIcon name="menu" className="size-6" />
        </button>
        <a href="/" className="text-lg font-bold tracking-tight whitespace-nowrap">
          {site.brand}
        </a>
        {isDemoMode && (large ? <DemoModeNotice /> : <DemoModeBadge panelClassName="absolute inset-x-4 top-full mt-1" />)}
        {!isDemoMode && <SyncStatus />}
        {large ? (
          <div className="ml-auto flex items-center gap-4">
            <p className="text-right text-sm">
              <span className="block font-medium">{name}</span>
              <span className="block text-muted">{email}</span>
            </p>
            <button
              type="button"
              onClick={onShowShortcuts}
              aria-label="Keyboard shortcuts"
              aria-haspopup="dialog"
              title="Keyboard shortcuts (?)"
              className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-ink"
            >
              <DashIcon name="keyboard" className="size-6" />
            </button>
            <SignOutButton />
          </div>
        ) : (
          <div className="ml-auto">
            <AccountMenu name={name} email={email} onShowShortcuts={onShowShortcuts} />
          </div>
        )}
      </div>
    </header>
  );
}
