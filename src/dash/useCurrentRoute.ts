import { useLocation } from "react-router";
import { routeForPathname, type DashRoute } from "./routes";

/** The screen the router shows now, or undefined on an unknown /dash path. */
export function useCurrentRoute(): DashRoute | undefined {
  return routeForPathname(useLocation().pathname);
}
