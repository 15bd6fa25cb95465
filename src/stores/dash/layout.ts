import { atom } from "nanostores";
import type { FeatureDefinition } from "../../lib/dash/repository";
import { persisted } from "../../lib/dash/persisted";

/** How the user has arranged the workspace frame; remembered per user. */
export interface LayoutPrefs {
  sidebarCollapsed: boolean;
}

export const layoutFeature: FeatureDefinition<LayoutPrefs> = {
  name: "layout",
  version: 1,
  samples: () => ({ sidebarCollapsed: false }),
  parse: (data) => {
    const collapsed = (data as Partial<LayoutPrefs> | null)?.sidebarCollapsed;
    return typeof collapsed === "boolean" ? { sidebarCollapsed: collapsed } : null;
  },
};

/** The signed-in user's layout preferences. */
export const $layout = atom<LayoutPrefs>(layoutFeature.samples());

/** Collapses the sidebar to its icons, or expands it again. */
export function toggleSidebar(): void {
  $layout.set({ ...$layout.get(), sidebarCollapsed: !$layout.get().sidebarCollapsed });
}

/** Whether the small-screen navigation drawer is open (not remembered). */
export const $drawerOpen = atom(false);

/** Opens or closes the navigation drawer. */
export const setDrawerOpen = (open: boolean): void => $drawerOpen.set(open);

export const layoutRecords = persisted($layout, layoutFeature);
