import { NavLink } from "react-router";
import { dashRoutes, routeHref } from "../routes";
import ItemLabel, { itemClass } from "./ItemLabel";

/** The screens other than the chat (reached through New Chat and the conversations), as router links. */
export default function NavItems({ collapsed }: { collapsed: boolean }) {
  return (
    <nav aria-label="Workspace screens" className="border-t border-line p-3">
      <ul className="flex flex-col gap-1">
        {dashRoutes
          .filter((route) => !route.index && !route.hidden)
          .map((route) => (
            <li key={route.path}>
              <NavLink to={routeHref(route)} className={itemClass(collapsed)}>
                <ItemLabel icon={route.icon} label={route.label} collapsed={collapsed} />
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
