import { useStore } from "@nanostores/react";
import { Outlet } from "react-router";
import { $preferences } from "../../stores/dash/preferences";
import DashHeader from "../DashHeader";
import { useDocumentTitle } from "../useDocumentTitle";
import Sidebar from "./Sidebar";

/**
 * The workspace frame: one banner, one sidebar, one main, filling the window; the sidebar and main scroll on
 * their own. `data-compact` makes everything inside denser (Settings, Compact Mode).
 */
export default function DashShell() {
  useDocumentTitle();
  const compact = useStore($preferences).compactMode;
  return (
    <div data-compact={compact || undefined} className="flex h-dvh flex-col">
      <DashHeader />
      <div className="flex min-h-0 flex-1">
        <Sidebar />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 overflow-y-auto px-4 py-6 outline-none lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
