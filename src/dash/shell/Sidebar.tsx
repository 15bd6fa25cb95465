import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { useLocation } from "react-router";
import Dialog from "../../ui/Dialog";
import { $drawerOpen, $layout, setDrawerOpen } from "../../stores/dash/layout";
import { LARGE_SCREEN, useMediaQuery } from "../useMediaQuery";
import SidebarContent from "./SidebarContent";

/**
 * The workspace sidebar: from lg up a column 300 px wide, or 84 px of icons when collapsed (remembered per
 * user); below lg a slide-over drawer (a modal dialog) opened from the header, closed on every navigation.
 */
export default function Sidebar() {
  const { sidebarCollapsed: collapsed } = useStore($layout);
  const drawerOpen = useStore($drawerOpen);
  const large = useMediaQuery(LARGE_SCREEN);
  const { key } = useLocation();

  // Every navigation (even to the screen already shown) closes the drawer; so does growing past lg.
  useEffect(() => setDrawerOpen(false), [key, large]);

  return (
    <>
      <aside
        aria-label="Workspace"
        data-collapsed={collapsed || undefined}
        className="hidden w-[300px] shrink-0 border-r border-line bg-surface lg:block data-collapsed:w-[84px]"
      >
        <SidebarContent collapsed={collapsed} />
      </aside>
      <Dialog open={drawerOpen && !large} onClose={() => setDrawerOpen(false)} title="Workspace" placement="left" className="dash-drawer">
        <SidebarContent collapsed={false} inDrawer />
      </Dialog>
    </>
  );
}
