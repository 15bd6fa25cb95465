import { Link, Outlet, useLocation } from "react-router";
import { normalizePath } from "../lib/seo";
import DashHeader from "./DashHeader";
import { DASH_BASE, dashScreens, screenHref } from "./screens";

/** The dashboard frame: header, the screen navigation, and the current screen. */
export default function DashLayout() {
  const current = normalizePath(useLocation().pathname);
  const isCurrent = (href: string, index = false) => current === href || (index && current === DASH_BASE);

  return (
    <div className="min-h-dvh">
      <DashHeader />
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row">
        <nav aria-label="Dashboard" className="md:w-56 md:shrink-0">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {dashScreens.map((screen) => {
              const href = screenHref(screen);
              return (
                <li key={screen.path}>
                  <Link
                    to={href}
                    aria-current={isCurrent(href, screen.index) ? "page" : undefined}
                    className="block rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-surface-2 hover:text-ink aria-[current=page]:bg-surface-2 aria-[current=page]:text-ink"
                  >
                    {screen.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
