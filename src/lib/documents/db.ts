import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from "idb";
import { documentsDbName } from "./dbName";
import type { PageSource, PageText } from "./pages";
import type { DocumentKind } from "./kinds";

/** A document's original file, as it was uploaded. */
export interface StoredFile {
  id: string;
  name: string;
  kind: DocumentKind;
  bytes: ArrayBuffer;
}

/** One page's text, keyed by its document and number. */
export interface StoredPage {
  docId: string;
  number: number;
  text: string;
  source: PageSource;
}

interface DocumentsSchema extends DBSchema {
  files: { key: string; value: StoredFile };
  pages: { key: [string, number]; value: StoredPage; indexes: { byDoc: string } };
  /** The search index as JSON text, under one key (SEARCH_INDEX_KEY). */
  search: { key: string; value: string };
}

/** The one key of the search store. */
const SEARCH_INDEX_KEY = "index";

/** One user's documents in this browser: original bytes and page text, in IndexedDB. */
export interface DocumentsDb {
  putFile(file: StoredFile): Promise<void>;
  /** Keeps many files in one transaction (a bulk import: one write for a batch, not one each). */
  putFiles(files: readonly StoredFile[]): Promise<void>;
  getFile(id: string): Promise<StoredFile | undefined>;
  /** Replaces the document's pages (a re-index writes them again). */
  putPages(id: string, pages: readonly PageText[]): Promise<void>;
  getPages(id: string): Promise<PageText[]>;
  /** The stored search index (JSON text), when one was saved. */
  getSearchIndex(): Promise<string | undefined>;
  putSearchIndex(json: string): Promise<void>;
  /** Deletes the document's bytes and pages. */
  deleteDocument(id: string): Promise<void>;
  /** Every document this database holds bytes or pages of. */
  documentIds(): Promise<string[]>;
  close(): void;
}

/** True when a write was refused for lack of room: the one upload fails with 'Not enough browser storage'. */
export const isQuotaError = (error: unknown): boolean =>
  error instanceof DOMException && (error.name === "QuotaExceededError" || (error.name === "UnknownError" && /quota|space/i.test(error.message)));

const pagesOf = (db: IDBPDatabase<DocumentsSchema>, id: string) => db.getAllFromIndex("pages", "byDoc", id);

/** Opens (creating when new) the database of one signed-in user. */
export async function openDocumentsDb(userId: string): Promise<DocumentsDb> {
  const db = await openDB<DocumentsSchema>(documentsDbName(userId), 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore("files", { keyPath: "id" });
        database.createObjectStore("pages", { keyPath: ["docId", "number"] }).createIndex("byDoc", "docId");
      }
      // 2: the search index, kept beside the pages it is built from.
      if (oldVersion < 2) database.createObjectStore("search");
    },
    // Another connection (the search worker, a newer tab) upgrades or deletes the database ('Clear workspace data'):
    // this one steps aside instead of blocking it.
    blocking: () => db.close(),
  });

  return {
    async putFile(file) {
      await db.put("files", file);
    },
    async putFiles(files) {
      const tx = db.transaction("files", "readwrite");
      await Promise.all([...files.map((file) => tx.store.put(file)), tx.done]);
    },
    getFile: (id) => db.get("files", id),
    async putPages(id, pages) {
      const tx = db.transaction("pages", "readwrite");
      const old = await tx.store.index("byDoc").getAllKeys(id);
      await Promise.all([...old.map((key) => tx.store.delete(key)), ...pages.map((p) => tx.store.put({ docId: id, number: p.number, text: p.text, source: p.source }))]);
      await tx.done;
    },
    async getPages(id) {
      const pages = await pagesOf(db, id);
      return pages.sort((a, b) => a.number - b.number).map(({ number, text, source }) => ({ number, text, source }));
    },
    getSearchIndex: () => db.get("search", SEARCH_INDEX_KEY),
    async putSearchIndex(json) {
      await db.put("search", json, SEARCH_INDEX_KEY);
    },
    async deleteDocument(id) {
      const tx = db.transaction(["files", "pages"], "readwrite");
      const pages = tx.objectStore("pages");
      const keys = await pages.index("byDoc").getAllKeys(id);
      await Promise.all([tx.objectStore("files").delete(id), ...keys.map((key) => pages.delete(key))]);
      await tx.done;
    },
    async documentIds() {
      const tx = db.transaction(["files", "pages"]);
      const [files, pages] = await Promise.all([tx.objectStore("files").getAllKeys(), tx.objectStore("pages").getAllKeys()]);
      return [...new Set([...files, ...pages.map(([docId]) => docId)])];
    },
    close: () => db.close(),
  };
}

/** Deletes one user's whole database ('Clear workspace data'). */
export const deleteDocumentsDb = (userId: string): Promise<void> => deleteDB(documentsDbName(userId));
