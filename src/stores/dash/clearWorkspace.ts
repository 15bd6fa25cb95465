import { showToast } from "../toasts";
import { clearUserDocumentsDb } from "./documentsDb";
import { discardPreferences } from "./preferences";
import { forgetSearchIndex } from "./search";
import { stopReading } from "./uploads";
import { resetWorkspace } from "./workspace";

export const clearedToast = { title: "Workspace data cleared", description: "The sample data is back." } as const;

/**
 * 'Clear workspace data in this browser': every feature back to its samples, unsaved edits dropped, the documents
 * being read forgotten and the user's documents database (files and page text) deleted, confirmed.
 */
export function clearWorkspaceData(): void {
  stopReading();
  forgetSearchIndex();
  void clearUserDocumentsDb();
  resetWorkspace();
  discardPreferences();
  showToast(clearedToast);
}
