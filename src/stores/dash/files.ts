import { atom, type ReadableAtom } from "nanostores";
import type { WorkspaceDocument } from "../../lib/dash/files";

/** The workspace's documents (stub of contract 4; part 2 owns the real store). */
export const $documents: ReadableAtom<WorkspaceDocument[]> = atom<WorkspaceDocument[]>([
  {
    id: "doc-stub-1",
    title: "Share Purchase Agreement - Andreou Holdings.pdf",
    caseId: "case-stub-1",
    caseTitle: "Andreou Holdings v. Kyriakou",
    pages: 42,
    status: "indexed",
    uploaded: "2026-01-12T09:00:00.000Z",
    type: "pdf",
  },
]);
