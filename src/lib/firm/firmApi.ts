import type { SupabaseClient } from "@supabase/supabase-js";
import { must } from "../sync/supabaseApi";
import { isFirmRole, parseInviteStatus, type FirmRole, type InviteStatus } from "./invites";

/** The firm as Settings shows it. */
export interface FirmInfo {
  name: string;
  address: string;
  plan: string;
  seats: number;
}

/** A member of the firm (firm_people). */
export interface FirmPerson {
  userId: string;
  fullName: string | null;
  email: string;
  role: FirmRole;
  joinedAt: string;
}

/** An invite not yet used, revoked or expired (admins only). */
export interface PendingInvite {
  id: string;
  email: string;
  role: FirmRole;
  expiresAt: string;
}

/** A member of a case besides its creator (case_members). */
export interface CaseMember {
  /** The case's creator: its owner_id. */
  caseOwner: string;
  caseId: string;
  userId: string;
}

/** Everything the firm section shows. */
export interface FirmSnapshot {
  firm: FirmInfo;
  people: FirmPerson[];
  invites: PendingInvite[];
}

/**
 * The firm's tables and functions over supabase-js. Row-level security and the database's functions decide who may
 * do what; a refusal is thrown with the database's message.
 */
export interface FirmApi {
  load(): Promise<FirmSnapshot>;
  /** Makes an invite; its token is given once. */
  invite(email: string, role: FirmRole): Promise<{ token: string }>;
  changeRole(userId: string, role: FirmRole): Promise<void>;
  remove(userId: string): Promise<void>;
  revokeInvite(id: string): Promise<void>;
  /** What a link is; anyone holding it may ask. */
  inviteStatus(token: string): Promise<InviteStatus>;
  /**
   * Joins the signed-in user to the invite's firm, naming the firm they leave (the database refuses any other); their
   * own records come along only with `takeRecords`.
   */
  acceptInvite(token: string, leavingFirm: string | null, takeRecords: boolean): Promise<void>;
  /** Has the invite Edge Function e-mail the invite's link; throws when it was not sent. */
  emailInvite(token: string): Promise<void>;
  /** The members of every case the user reads. */
  caseMembers(): Promise<CaseMember[]>;
  /** Adds and removes members of a case (its creator or an admin only). */
  changeCaseMembers(caseOwner: string, caseId: string, add: readonly string[], remove: readonly string[]): Promise<void>;
}

/** A change the policies quietly did not make (no row): said, never shown as done. */
function changedOne(rows: unknown[] | null, what: string) {
  if (!rows || rows.length === 0) throw new Error(`permission denied: ${what}`);
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The firm API of a Supabase client. */
export function createFirmApi(client: SupabaseClient): FirmApi {
  return {
    async load() {
      const [firms, people, invites] = await Promise.all([
        client.from("firms").select("name,address,plan,seats"),
        client.rpc("firm_people"),
        client.from("firm_invites").select("id,email,role,expires_at").is("accepted_at", null).is("revoked_at", null).order("created_at"),
      ]);
      const firm = must<Record<string, unknown>[]>(firms)[0];
      if (!firm) throw new Error("No firm: the profile is not a member of any firm");
      const now = Date.now();
      return {
        firm: { name: text(firm["name"]), address: text(firm["address"]), plan: text(firm["plan"]), seats: Number(firm["seats"]) || 0 },
        people: must<Record<string, unknown>[]>(people).map((row) => ({
          userId: text(row["user_id"]),
          fullName: typeof row["full_name"] === "string" ? row["full_name"] : null,
          email: text(row["email"]),
          role: isFirmRole(row["role"]) ? row["role"] : "member",
          joinedAt: text(row["joined_at"]),
        })),
        invites: must<Record<string, unknown>[]>(invites)
          .map((row) => ({
            id: text(row["id"]),
            email: text(row["email"]),
            role: isFirmRole(row["role"]) ? row["role"] : "member",
            expiresAt: text(row["expires_at"]),
          }))
          .filter((row) => Date.parse(row.expiresAt) > now),
      };
    },
    async invite(email, role) {
      const made = must<{ token?: unknown }>(await client.rpc("create_firm_invite", { invitee_email: email, invitee_role: role }));
      if (typeof made.token !== "string") throw new Error("The invite was made without a token");
      return { token: made.token };
    },
    async changeRole(userId, role) {
      changedOne(must(await client.from("firm_members").update({ role }).eq("user_id", userId).select("user_id")), "only admins change roles");
    },
    async remove(userId) {
      changedOne(must(await client.from("firm_members").delete().eq("user_id", userId).select("user_id")), "only admins remove members");
    },
    async revokeInvite(id) {
      must(await client.rpc("revoke_firm_invite", { invite_id: id }));
    },
    async inviteStatus(token) {
      return parseInviteStatus(must(await client.rpc("firm_invite_status", { token })));
    },
    async acceptInvite(token, leavingFirm, takeRecords) {
      must(await client.rpc("accept_firm_invite", { token, leaving_firm: leavingFirm, take_records: takeRecords }));
    },
    async emailInvite(token) {
      const { data, error } = await client.functions.invoke<{ sent?: unknown }>("invite", { body: { token } });
      if (error || data?.sent !== true) throw new Error("The invite e-mail was not sent");
    },
    async caseMembers() {
      return must<Record<string, unknown>[]>(await client.from("case_members").select("case_owner_id,case_id,user_id")).map((row) => ({
        caseOwner: text(row["case_owner_id"]),
        caseId: text(row["case_id"]),
        userId: text(row["user_id"]),
      }));
    },
    async changeCaseMembers(caseOwner, caseId, add, remove) {
      if (add.length > 0) {
        must(await client.from("case_members").insert(add.map((userId) => ({ case_owner_id: caseOwner, case_id: caseId, user_id: userId }))));
      }
      if (remove.length > 0) {
        const removed = must(
          await client.from("case_members").delete().eq("case_owner_id", caseOwner).eq("case_id", caseId).in("user_id", [...remove]).select("user_id"),
        );
        changedOne(removed, "only the case's creator or an admin changes its members");
      }
    },
  };
}
