import { deleteCase } from "./cases";
import { $uploads, removeUpload } from "./uploads";

/** What deleting a case does with its documents: they stay in Files under the case's name, or go with it. */
export type CaseDocumentsChoice = "keep" | "delete";

/**
 * Deletes a case, and with "delete" its documents too (record, bytes and pages).
 * With "keep" they stay in Files, still showing the case's name.
 */
export async function deleteCaseWithDocuments(caseId: string, documents: CaseDocumentsChoice): Promise<void> {
  deleteCase(caseId);
  if (documents === "keep") return;
  await Promise.all($uploads.get().filter((upload) => upload.caseId === caseId).map((upload) => removeUpload(upload.id)));
}
