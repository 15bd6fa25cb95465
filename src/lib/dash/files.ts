/** A document of the workspace (a case file). */
export interface WorkspaceDocument {
  id: string;
  title: string;
  caseId: string;
  caseTitle: string;
  pages: number;
  status: "indexed" | "processing" | "failed";
  uploaded: string /* ISO */;
  type: "pdf" | "doc";
}
