import { useStore } from "@nanostores/react";
import { NavLink } from "react-router";
import DashIcon from "../components/DashIcon";
import { $layout, toggleSidebar } from "../../stores/dash/layout";
import { dashRoutes, routeHref } from "../routes";

/** The workspace navigation: 300 px wide, or 84 px of icons when collapsed (remembered per user). */
export default function Sidebar() {
  const { sidebarCollapsed: collapsed } = useStore($layout);
  return (
    <aside
      aria-label="Workspace"
      data-collapsed={collapsed || undefined}
      className="hidden shrink-0 border-r border-line bg-surface lg:flex lg:w-[300px] lg:flex-col data-collapsed:lg:w-[84px]"
    >
      <nav aria-label="Workspace screens" className="flex flex-1 flex-col gap-1 p-3">
        {dashRoutes
          .filter((route) => !route.index)
          .map((route) => (
            <NavLink
              key={route.path}
              to={routeHref(route)}
              title={collapsed ? route.label : undefined}
              className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-surface-2 hover:text-ink aria-[current=page]:bg-surface-2 aria-[current=page]:text-ink"
            >
              <DashIcon name={route.icon} />
              <span className={collapsed ? "sr-only" : undefined}>{route.label}</span>
            </NavLink>
          ))}
      </nav>
      <div className="border-t border-line p-3">
        <button
          type="button"
          onClick={toggleSidebar}
          aria-pressed={collapsed}
          title={collapsed ? "Collapse" : undefined}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-surface-2 hover:text-ink"
        >
          <DashIcon name="panelLeft" />
          <span className={collapsed ? "sr-only" : undefined}>Collapse</span>
        </button>
      </div>
    </aside>
  );
}
