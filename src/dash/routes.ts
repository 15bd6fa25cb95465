import type { DashIconName } from "./icons";

/** A screen of the workspace: its path under /dash, its navigation label, its heading and title, its icon. */
export interface DashRoute {
  path: DashPath;
  label: string;
  title: string;
  icon: DashIconName;
  /** The screen /dash itself shows. */
  index?: boolean;
  /** Not in the navigation: reached from another screen (Compare, from a document's Compare with…). */
  hidden?: boolean;
}

export type DashPath = "chat" | "knowledge" | "files" | "cases" | "uploads" | "review" | "settings" | "compare";

export const DASH_BASE = "/dash";

/**
 * Every workspace screen, in navigation order. The Astro page pre-renders one shell per entry (so a deep link
 * or reload works on any static host), the app mounts one lazily loaded screen per entry, and the document
 * title comes from here.
 */
export const dashRoutes: readonly DashRoute[] = [
  { path: "chat", label: "Chat", title: "Chat", icon: "chat", index: true },
  { path: "knowledge", label: "Knowledge Base", title: "Knowledge Base", icon: "book" },
  { path: "files", label: "Files", title: "Files", icon: "file" },
  { path: "cases", label: "Cases", title: "Cases", icon: "briefcase" },
  { path: "uploads", label: "Uploads", title: "Uploads", icon: "upload" },
  { path: "review", label: "Review", title: "Review", icon: "table" },
  { path: "settings", label: "Settings", title: "Settings", icon: "settings" },
  { path: "compare", label: "Compare", title: "Compare versions", icon: "file", hidden: true },
];

/** The URL of a screen. */
export const routeHref = (route: Pick<DashRoute, "path">): string => `${DASH_BASE}/${route.path}`;

/** The screen a pathname shows (/dash itself shows the index screen), or undefined for an unknown path. */
export function routeForPathname(pathname: string): DashRoute | undefined {
  const trimmed = pathname.replace(/\/index\.html$/, "").replace(/\/+$/, "");
  if (trimmed === DASH_BASE) return dashRoutes.find((route) => route.index);
  return dashRoutes.find((route) => trimmed === routeHref(route));
}

/** The title of the not-found screen under /dash. */
export const NOT_FOUND_TITLE = "Page not found";
