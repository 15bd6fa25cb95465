import type { ValidInvite } from "./invites";

// The Join/Decline dialog's words, apart from invites.ts so that they load with the dialog (on an invite link opened
// signed in), not with every sign-in form.

const counted = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

/** What the Join/Decline dialog says: the question, and what may come along (null: nothing can). */
export function inviteDecision(status: ValidInvite): { question: string; records: string | null; stays: string | null } {
  const { leaving } = status;
  const question = `Join ${status.firm}, invited by ${status.invitedBy}.${leaving ? ` You will leave ${leaving.name}.` : ""}`;
  if (!leaving) return { question, records: null, stays: null };
  const total = leaving.cases + leaving.documents + leaving.knowledge;
  if (!leaving.alone) return { question, records: null, stays: `What you made in ${leaving.name} stays with it.` };
  if (total === 0) return { question, records: null, stays: null };
  const what = [
    counted(leaving.cases, "case", "cases"),
    counted(leaving.documents, "document", "documents"),
    counted(leaving.knowledge, "knowledge item", "knowledge items"),
  ].join(", ");
  return {
    question,
    records: `Take my own records to ${status.firm} (${what})`,
    stays: `Left unticked, they stay in ${leaving.name}, which you will no longer open.`,
  };
}
