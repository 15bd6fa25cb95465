import { Outlet } from "react-router";
import DashHeader from "../DashHeader";
import { useDocumentTitle } from "../useDocumentTitle";
import Sidebar from "./Sidebar";

/** The workspace frame: one banner, one sidebar, one main, side by side from lg up. */
export default function DashShell() {
  useDocumentTitle();
  return (
    <div className="flex min-h-dvh flex-col">
      <DashHeader />
      <div className="flex min-h-0 flex-1">
        <Sidebar />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
