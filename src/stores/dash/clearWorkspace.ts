import { showToast } from "../toasts";
import { discardPreferences } from "./preferences";
import { resetWorkspace } from "./workspace";

export const clearedToast = { title: "Workspace data cleared", description: "The sample data is back." } as const;

/** 'Clear workspace data in this browser': every feature back to its samples, unsaved edits dropped, confirmed. */
export function clearWorkspaceData(): void {
  resetWorkspace();
  discardPreferences();
  showToast(clearedToast);
}
