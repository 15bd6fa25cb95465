import { showToast } from "../toasts";
import { clearUserDocumentsDb } from "./documentsDb";
import { discardPreferences } from "./preferences";
import { forgetSearchIndex } from "./searchWorker";
import { stopReading } from "./uploads";
import { resetWorkspace } from "./workspace";
import { $remote } from "./remote";
import { reportError } from "../../lib/report";

export const clearedToast = { title: "Workspace data cleared", description: "The sample data is back." } as const;

/**
 * 'Clear workspace data in this browser': every feature back to its samples, unsaved edits dropped, the documents
 * being read forgotten and the user's documents database (files and page text) deleted, confirmed.
 */
export function clearWorkspaceData(): void {
  // With Supabase, the records' reset reaches the project as changes (rows deleted, the samples' rows back); the
  // originals in the user's bucket are removed here.
  const remote = $remote.get();
  if (remote) {
    void remote.api
      .listFiles()
      .then((paths) => remote.api.removeFiles(paths))
      .catch((error: unknown) => reportError(error, "workspace"));
  }
  stopReading();
  forgetSearchIndex();
  void clearUserDocumentsDb();
  resetWorkspace();
  discardPreferences();
  showToast(clearedToast);
}
