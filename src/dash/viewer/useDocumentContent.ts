import { useEffect, useState } from "react";
import type { StoredFile } from "../../lib/documents/db";
import type { PageText } from "../../lib/documents/pages";
import { userDocumentsDb } from "../../stores/dash/documentsDb";
import { fetchDocument } from "../../stores/dash/uploads";

/** A document's kept file and page text, as the viewer reads them from the user's database. */
export type DocumentContent =
  | { status: "loading" }
  /** Nothing is kept for it in this browser (a sample not fetched yet, or another browser's upload). */
  | { status: "missing" }
  | { status: "ready"; file: StoredFile; pages: PageText[] }
  | { status: "error" };

/** Reads a document's file and pages from the signed-in user's database while `id` is set, again when `version` changes. */
export function useDocumentContent(id: string | null, version?: string): DocumentContent {
  const [content, setContent] = useState<{ id: string | null; value: DocumentContent }>({ id: null, value: { status: "loading" } });
  useEffect(() => {
    if (!id) return;
    let live = true;
    const read = async () => {
      const db = await userDocumentsDb();
      return Promise.all([db.getFile(id), db.getPages(id)]);
    };
    const load = async (): Promise<DocumentContent> => {
      let [file, pages] = await read();
      // Not kept here (another device's upload, a sample not fetched yet): with Supabase, brought from the project.
      if (!file && (await fetchDocument(id))) [file, pages] = await read();
      return file ? { status: "ready", file, pages } : { status: "missing" };
    };
    load().then(
      (value) => live && setContent({ id, value }),
      () => live && setContent({ id, value: { status: "error" } }),
    );
    return () => {
      live = false;
    };
  }, [id, version]);
  return content.id === id ? content.value : { status: "loading" };
}
