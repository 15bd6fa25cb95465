import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { DashPath } from "../routes";

/** Each screen is its own chunk, fetched the first time the screen is shown. */
export const screens: Record<DashPath, LazyExoticComponent<ComponentType>> = {
  chat: lazy(() => import("./chat/ChatScreen")),
  knowledge: lazy(() => import("./knowledge/KnowledgeScreen")),
  files: lazy(() => import("./files/FilesScreen")),
  cases: lazy(() => import("./cases/CasesScreen")),
  uploads: lazy(() => import("./uploads/UploadsScreen")),
  review: lazy(() => import("./review/ReviewScreen")),
  settings: lazy(() => import("./settings/SettingsScreen")),
  compare: lazy(() => import("./compare/CompareScreen")),
};
