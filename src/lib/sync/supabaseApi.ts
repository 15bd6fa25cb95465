import type { SupabaseClient } from "@supabase/supabase-js";
import type { SyncApi } from "./session";
import type { Row } from "./outbox";

/** Statuses after which the same request may succeed later: no answer, a time-out, the session to refresh, throttling, the server. */
const retryable = (status: number) => status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;

/**
 * The workspace tables of the signed-in user over supabase-js: a select per table (row-level security returns the
 * user's rows only) and apply_changes for a batch of the outbox.
 */
export function createSyncApi(client: SupabaseClient): SyncApi {
  return {
    reader: {
      async select(table) {
        const { data, error, status } = await client.from(table).select("*");
        if (error) return { ok: false, reason: `${table}: ${error.message} (HTTP ${String(status)})` };
        return { ok: true, rows: (data ?? []) as Row[] };
      },
    },
    async send(changes) {
      const { data, error, status } = await client.rpc("apply_changes", { changes });
      if (!error && Array.isArray(data) && data.length === changes.length) {
        return { kind: "answered", results: data as { ok: true }[] };
      }
      if (!error || retryable(status)) return { kind: "retry", reason: error ? `${error.message} (HTTP ${String(status)})` : "malformed answer" };
      // The whole batch was refused (too large, malformed): each change is refused, and reported, not retried forever.
      return { kind: "answered", results: changes.map(() => ({ ok: false, code: error.code, message: error.message })) };
    },
  };
}
