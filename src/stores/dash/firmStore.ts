import { atom } from "nanostores";
import type { FirmApi, FirmSnapshot } from "../../lib/firm/firmApi";
import { inviteLink, type FirmRole } from "../../lib/firm/invites";

/** What Settings' firm section shows. */
export type FirmView =
  | { state: "demo" }
  | { state: "loading" }
  | { state: "failed"; message: string }
  | { state: "ready"; snapshot: FirmSnapshot; me: FirmRole; userId: string };

/** A change's outcome: nothing to say, or the message to show. */
export type FirmChange = { error: string | null };

export const FIRM_MESSAGES = {
  loadFailed: "The firm's members could not be loaded. Check your connection and try again.",
  lastAdmin: "A firm keeps at least one admin: make another member admin first.",
  notAdmin: "Only the firm's admins can do that.",
  badEmail: "Enter a valid e-mail address.",
  failed: "That did not work. Check your connection and try again.",
  alreadyMember: (email: string) => `${email} is already a member of the firm.`,
  pendingLimit: (most: string) => `Your firm has ${most} pending invites, the most it may have: revoke one, or wait until one is used or expires.`,
  dailyLimit: (most: string) => `Your firm has made ${most} invites today, the most it may: try again tomorrow.`,
} as const;

/** What a refused change means for the person, from the database's message. */
export function firmProblem(message: string, email = ""): string {
  if (message.includes("last admin")) return FIRM_MESSAGES.lastAdmin;
  if (message.includes("already a member")) return FIRM_MESSAGES.alreadyMember(email);
  // The invite limits (firm_invite_limits in 20251201000100_invite_decision.sql), whose number the database says.
  const most = /at most (\d+)/.exec(message)?.[1] ?? "";
  if (message.includes("too many pending invites")) return FIRM_MESSAGES.pendingLimit(most);
  if (message.includes("too many invites today")) return FIRM_MESSAGES.dailyLimit(most);
  if (message.includes("email_check") || message.includes("firm_invites_email")) return FIRM_MESSAGES.badEmail;
  if (message.includes("permission denied") || message.includes("row-level security")) return FIRM_MESSAGES.notAdmin;
  return FIRM_MESSAGES.failed;
}

export interface FirmStoreDeps {
  /** The demo build: a firm of one, known before anything loads. */
  demo: boolean;
  /** The firm API of the signed-in backend; undefined in the demo, which is a firm of one. */
  api: () => Promise<FirmApi | undefined>;
  /** The signed-in user's id. */
  userId: () => string | null;
  /** This site's origin, for invite links. */
  origin: () => string;
  /** Whether the project e-mails invites (the invite Edge Function). */
  inviteEmails?: boolean;
}

/**
 * The firm's store: Settings' firm section (load, invite, change a role, remove a member, revoke an invite; each
 * change reloads) and the members of the cases the user reads.
 */
export function createFirmStore(deps: FirmStoreDeps) {
  const $firm = atom<FirmView>(deps.demo ? { state: "demo" } : { state: "loading" });

  /** The firm API, or none (the demo, or a backend that could not load). */
  const apiOrNone = () => deps.api().catch(() => undefined);

  let loading: Promise<void> | undefined;
  /** Loads the firm; calls while a load is under way share it. */
  const load = (): Promise<void> =>
    (loading ??= loadNow().finally(() => {
      loading = undefined;
    }));

  async function loadNow(): Promise<void> {
    if (deps.demo) return;
    const api = await apiOrNone();
    if (!api) {
      $firm.set({ state: "demo" });
      return;
    }
    try {
      const snapshot = await api.load();
      const userId = deps.userId() ?? "";
      const me = snapshot.people.find((person) => person.userId === userId)?.role ?? "member";
      $firm.set({ state: "ready", snapshot, me, userId });
    } catch {
      $firm.set({ state: "failed", message: FIRM_MESSAGES.loadFailed });
    }
  }

  /** Runs a change; once it is made, reads again what it changed (`reload`: the firm, unless said otherwise). */
  async function change(run: (api: FirmApi) => Promise<void>, email?: string, reload: () => Promise<void> = load): Promise<FirmChange> {
    const api = await apiOrNone();
    if (!api) return { error: FIRM_MESSAGES.failed };
    try {
      await run(api);
    } catch (error) {
      return { error: firmProblem(error instanceof Error ? error.message : String(error), email) };
    }
    await reload();
    return { error: null };
  }

  /** The members of each case the user reads, besides its creator, by caseKey. */
  const $caseMembers = atom<ReadonlyMap<string, readonly string[]>>(new Map());

  /** A case's key: its creator (none for the user's own case) and id. */
  const caseKey = (caseOwner: string | undefined, caseId: string) => `${caseOwner && caseOwner !== deps.userId() ? caseOwner : ""}|${caseId}`;

  async function loadCaseMembers(): Promise<void> {
    const api = await apiOrNone();
    if (!api) return;
    try {
      const members = new Map<string, string[]>();
      for (const { caseOwner, caseId, userId } of await api.caseMembers()) {
        if (userId === caseOwner) continue;
        const key = caseKey(caseOwner, caseId);
        members.set(key, [...(members.get(key) ?? []), userId]);
      }
      $caseMembers.set(members);
    } catch {
      // The cards keep the count their records carry until the next load.
    }
  }

  return {
    $firm,
    $caseMembers,
    caseKey,
    load,
    loadCaseMembers,
    /** Makes the case's members (besides its creator) exactly `members`: adds and removes the difference. */
    async setCaseMembers(caseOwner: string | undefined, caseId: string, members: readonly string[]): Promise<FirmChange> {
      const owner = caseOwner ?? deps.userId() ?? "";
      const now = $caseMembers.get().get(caseKey(caseOwner, caseId)) ?? [];
      const add = members.filter((id) => !now.includes(id) && id !== owner);
      const remove = now.filter((id) => !members.includes(id));
      // The case members are read again either way (an add may have gone through before a removal was refused); the
      // firm itself did not change.
      const { error } = await change((api) => api.changeCaseMembers(owner, caseId, add, remove), undefined, loadCaseMembers);
      if (error) await loadCaseMembers();
      return { error };
    },
    /**
     * Makes an invite and gives its link, once; where the project e-mails invites, it is e-mailed too (`emailed`:
     * whether it went; the link is there to send either way).
     */
    async invite(email: string, role: FirmRole): Promise<{ link: string; token: string; emailed?: boolean } | { error: string }> {
      let token = "";
      let emailed: boolean | undefined;
      const { error } = await change(async (api) => {
        token = (await api.invite(email.trim(), role)).token;
        if (deps.inviteEmails) emailed = await api.emailInvite(token).then(() => true, () => false);
      }, email.trim());
      if (error) return { error };
      return { link: inviteLink(deps.origin(), token), token, ...(emailed === undefined ? {} : { emailed }) };
    },
    changeRole: (userId: string, role: FirmRole) => change((api) => api.changeRole(userId, role)),
    remove: (userId: string) => change((api) => api.remove(userId)),
    revokeInvite: (id: string) => change((api) => api.revokeInvite(id)),
  };
}
