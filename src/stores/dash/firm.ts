import { isDemoMode } from "../../lib/auth/config";
import { inviteEmails } from "../../lib/supabaseProject";
import { $auth, authBackend } from "../auth";
import { createFirmStore } from "./firmStore";

/** The signed-in user's firm (Supabase only; the demo is a firm of one): Settings' firm section. */
export const firm = createFirmStore({
  demo: isDemoMode,
  api: async () => (await authBackend()).firmApi?.(),
  userId: () => $auth.get().user?.id ?? null,
  origin: () => window.location.origin,
  inviteEmails,
});

/** What the firm section shows. */
export const $firm = firm.$firm;

/** The members of each case the user reads, besides its creator (Supabase only). */
export const $caseMembers = firm.$caseMembers;
