import type { DocumentsDb } from "../documents/db";
import type { PageText } from "../documents/pages";
import { storagePathOf, type Upload } from "../dash/uploads";
import type { SyncApi, SyncSession } from "./session";

/** The signed-in user's project while a sync session is open: who they are, its API and the session's outbox. */
export interface MirrorTarget {
  userId: string;
  api: Pick<SyncApi, "pages" | "uploadFile" | "downloadFile" | "removeFiles">;
  session: Pick<SyncSession, "queue">;
}

export interface DocumentMirrorDeps {
  /** The open project, or null without Supabase (then the mirror does nothing). */
  remote: () => MirrorTarget | null;
  /** The signed-in user's documents database. */
  db: () => Promise<DocumentsDb>;
  now: () => number;
}

/** How long an original that could not be uploaded waits before it is tried again. */
export const FILE_RETRY_MS = 30_000;
/** How long a deletion waits for its original's removal from the bucket before its record goes anyway. */
export const REMOVE_WAIT_MS = 5_000;

const CONTENT_TYPES: Record<Upload["kind"], string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  txt: "text/plain",
};

const hex = (digest: ArrayBuffer) => [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Where an original was kept in the bucket, and its SHA-256. */
export interface StoredOriginal {
  storagePath: string;
  sha256: string;
}

/**
 * The documents' copy in the user's Supabase project, every decision about it in one place: the pages of a read
 * document (queued like any edit, so they survive going offline), the originals in the private bucket (uploaded once,
 * tried again after FILE_RETRY_MS), and bringing a document read on another device into this browser. Without a
 * project each call does nothing.
 */
export function createDocumentMirror(deps: DocumentMirrorDeps) {
  /** Originals being uploaded, and when one last failed. */
  const pushing = new Set<string>();
  const pushFailed = new Map<string, number>();

  /** Queues a read document's pages for the project. */
  async function pagesRead(id: string, pages: readonly PageText[]): Promise<void> {
    const remote = deps.remote();
    if (!remote) return;
    await remote.session.queue(
      pages.map((page) => ({
        table: "document_pages",
        op: "upsert",
        key: { document_id: id, page_number: page.number },
        row: { document_id: id, page_number: page.number, text: page.text, source: page.source },
      })),
    );
  }

  /** Uploads one original to the bucket; says where it went once it is there. */
  async function pushFile(remote: MirrorTarget, upload: Upload, stored: (id: string, original: StoredOriginal) => void): Promise<void> {
    pushing.add(upload.id);
    try {
      const file = await (await deps.db()).getFile(upload.id);
      // Not in this browser (another device's upload it has not sent yet): asked again later, not on every change.
      if (!file) throw new Error("No original here");
      const storagePath = storagePathOf(remote.userId, upload);
      const sha256 = hex(await crypto.subtle.digest("SHA-256", file.bytes));
      await remote.api.uploadFile(storagePath, file.bytes, CONTENT_TYPES[upload.kind]);
      pushFailed.delete(upload.id);
      stored(upload.id, { storagePath, sha256 });
    } catch {
      pushFailed.set(upload.id, deps.now());
    } finally {
      pushing.delete(upload.id);
    }
  }

  /**
   * Uploads every original this browser holds that the project does not have yet: the user's own documents, not the
   * samples (the site serves them), none still being written (`busy`), none that failed less than FILE_RETRY_MS ago.
   */
  function pushFiles(uploads: readonly Upload[], busy: (id: string) => boolean, stored: (id: string, original: StoredOriginal) => void): void {
    const remote = deps.remote();
    if (!remote) return;
    const now = deps.now();
    for (const upload of uploads) {
      if (upload.sample || upload.storagePath || busy(upload.id) || pushing.has(upload.id)) continue;
      if (now - (pushFailed.get(upload.id) ?? -Infinity) < FILE_RETRY_MS) continue;
      void pushFile(remote, upload, stored);
    }
  }

  /**
   * Brings a user's document read on another device into this browser: its original from the bucket, its pages from
   * the project. False when there is no project or nothing to bring.
   */
  async function fetchDocument(upload: Upload): Promise<boolean> {
    const remote = deps.remote();
    if (!remote) return false;
    const db = await deps.db();
    if (!(await db.getFile(upload.id))) {
      if (!upload.storagePath) return false;
      await db.putFile({ id: upload.id, name: upload.filename, kind: upload.kind, bytes: await remote.api.downloadFile(upload.storagePath) });
    }
    if ((await db.getPages(upload.id)).length === 0) {
      const pages = await remote.api.pages(upload.id);
      if (pages.length > 0) await db.putPages(upload.id, pages);
    }
    return true;
  }

  /**
   * Removes a deleted document's original from the bucket, resolving once the bucket answered (or failed, or after
   * REMOVE_WAIT_MS); the row and pages go with the records' sync. The caller deletes the record after it: once the
   * row is gone, the file is read, and so removed, by no one (the Storage policies), so a removal sent beside the
   * row's deletion could lose the race and leave the file behind.
   */
  const removeOriginal = async (storagePath: string | undefined): Promise<void> => {
    const remote = deps.remote();
    if (!storagePath || !remote) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      remote.api.removeFiles([storagePath]).catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, REMOVE_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  };

  return { pagesRead, pushFiles, fetchDocument, removeOriginal };
}
