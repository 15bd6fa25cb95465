import { atom } from "nanostores";
import type { SyncApi, SyncSession } from "../../lib/sync/session";

/** The signed-in user's Supabase workspace while it is open: the server's API and the sync session. Null without Supabase. */
export interface RemoteWorkspace {
  userId: string;
  api: SyncApi;
  session: SyncSession;
}

/** Set by the workspace store when a sync session opens, cleared when it stops. */
export const $remote = atom<RemoteWorkspace | null>(null);
