import { useStore } from "@nanostores/react";
import { useState } from "react";
import { Outlet } from "react-router";
import { $preferences } from "../../stores/dash/preferences";
import DashHeader from "../DashHeader";
import ShortcutsDialog from "../ShortcutsDialog";
import { useDocumentTitle } from "../useDocumentTitle";
import { useShortcuts } from "../useShortcuts";
import Sidebar from "./Sidebar";

/**
 * The workspace frame: one banner, one sidebar, one main, filling the window; the sidebar and main scroll on
 * their own. `data-compact` makes everything inside denser (Settings, Compact Mode). The keyboard shortcuts work
 * on every screen; `?` or the header lists them.
 */
export default function DashShell() {
  useDocumentTitle();
  const compact = useStore($preferences).compactMode;
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const showShortcuts = () => setShortcutsOpen(true);
  useShortcuts(showShortcuts);
  return (
    <div data-compact={compact || undefined} className="flex h-dvh flex-col">
      <DashHeader onShowShortcuts={showShortcuts} />
      <div className="flex min-h-0 flex-1">
        <Sidebar />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 overflow-y-auto px-4 py-6 outline-none lg:px-8">
          <Outlet />
        </main>
      </div>
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  );
}
