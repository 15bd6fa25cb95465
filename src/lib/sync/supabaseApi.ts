import type { SupabaseClient } from "@supabase/supabase-js";
import type { PageHit } from "../search/results";
import type { SyncApi } from "./session";
import type { Row } from "./outbox";
import type { ChangeResult } from "./sender";
import { TABLE_MAPPINGS } from "./tables";

/**
 * The most rows one select asks for: a table is read page by page in its key's order (30,000 review cells are 30
 * requests of 1,000, not one read of 30,000), until a page comes back short.
 */
export const SELECT_PAGE_ROWS = 1000;

/** Statuses after which the same request may succeed later: no answer, a time-out, the session to refresh, throttling, the server. */
const retryable = (status: number) => status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;

/** apply_changes's refusal of a batch whose owner is not the caller (invalid_authorization_specification). */
const NOT_THE_OWNER = "28000";

/** The private bucket of the documents' originals (supabase/migrations/20250301000000_workspace.sql). */
export const DOCUMENTS_BUCKET = "documents";

/** Throws a failed supabase-js call's error, so the caller's catch decides (a later retry, a message). */
export function must<T>({ data, error }: { data: T | null; error: { message: string } | null }): T {
  if (error) throw new Error(error.message);
  return data as T;
}

/**
 * A row as the sync keeps it: the user's own rows (and cases) are named by their key alone, as before firms; only a
 * colleague's keeps its owner_id (and case_owner_id), which every change of it sends back (src/lib/sync/tables.ts),
 * and updated_by says who changed it last only when that was someone else.
 */
function ownRowsUnnamed(row: Row, me: string): Row {
  return Object.fromEntries(Object.entries(row).filter(([column, value]) => !(value === me && NAMING_COLUMNS.has(column))));
}

/** The columns naming a user: left out of a row when they name the user themself. */
const NAMING_COLUMNS = new Set(["owner_id", "case_owner_id", "updated_by"]);

/**
 * The workspace tables and files of the signed-in user over supabase-js: a select per table (row-level security
 * returns the user's rows only), apply_changes for a batch of the outbox, search_pages, and the documents bucket.
 */
export function createSyncApi(client: SupabaseClient): SyncApi {
  const bucket = () => client.storage.from(DOCUMENTS_BUCKET);
  return {
    reader: {
      async select(table, owner) {
        const order = ["owner_id", ...(TABLE_MAPPINGS.find((m) => m.table === table)?.key ?? [])];
        const rows: Row[] = [];
        for (let from = 0; ; from += SELECT_PAGE_ROWS) {
          const query = order.reduce((q, column) => q.order(column), client.from(table).select("*"));
          const { data, error, status } = await query.range(from, from + SELECT_PAGE_ROWS - 1);
          if (error) return { ok: false, reason: `${table}: ${error.message} (HTTP ${String(status)})` };
          const page = (data ?? []) as Row[];
          rows.push(...page.map((row) => ownRowsUnnamed(row, owner)));
          if (page.length < SELECT_PAGE_ROWS) return { ok: true, rows };
        }
      },
    },
    async send(changes, owner) {
      // Another tab signed someone else in: their token never carries this user's changes (the server checks too).
      const { data: current } = await client.auth.getSession();
      if (current.session && current.session.user.id !== owner) return { kind: "not-owner" };
      const { data, error, status } = await client.rpc("apply_changes", { changes, expected_owner: owner });
      if (!error && Array.isArray(data) && data.length === changes.length) {
        return { kind: "answered", results: data as ChangeResult[] };
      }
      if (error?.code === NOT_THE_OWNER) return { kind: "not-owner" };
      if (!error || retryable(status)) return { kind: "retry", reason: error ? `${error.message} (HTTP ${String(status)})` : "malformed answer" };
      // The whole batch was refused (too large, malformed): each change is refused, and reported, not retried forever.
      return { kind: "answered", results: changes.map(() => ({ ok: false, code: error.code, message: error.message })) };
    },
    async searchPages({ terms, prefixes }, documentIds, caseIds, limit) {
      return must<PageHit[]>(await client.rpc("search_pages", { terms, prefixes, document_ids: documentIds, case_ids: caseIds, max_results: limit }));
    },
    async pages(documentId) {
      const rows = must<{ page_number: number; text: string; source: "text" | "ocr" }[]>(
        await client.from("document_pages").select("page_number,text,source").eq("document_id", documentId).order("page_number"),
      );
      return rows.map((row) => ({ number: row.page_number, text: row.text, source: row.source }));
    },
    async uploadFile(path, bytes, contentType) {
      must(await bucket().upload(path, new Blob([bytes], { type: contentType }), { upsert: true, contentType }));
    },
    async downloadFile(path) {
      return must<Blob>(await bucket().download(path)).arrayBuffer();
    },
    async removeFiles(paths) {
      if (paths.length > 0) must(await bucket().remove([...paths]));
    },
    async listFiles() {
      const { data: session } = await client.auth.getSession();
      const userId = session.session?.user.id;
      if (!userId) return [];
      const folders = must<{ name: string }[]>(await bucket().list(userId, { limit: 1000 }));
      const files = await Promise.all(
        folders.map(async ({ name }) => must<{ name: string }[]>(await bucket().list(`${userId}/${name}`, { limit: 1000 })).map((f) => `${userId}/${name}/${f.name}`)),
      );
      return files.flat();
    },
  };
}
