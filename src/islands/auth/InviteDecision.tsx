import { useId, useState } from "react";
import { inviteDecision } from "../../lib/firm/inviteDecision";
import type { ValidInvite } from "../../lib/firm/invites";
import Dialog from "../../ui/Dialog";
import FormBanner from "../../ui/FormBanner";
import Spinner from "../../ui/Spinner";

interface InviteDecisionProps {
  status: ValidInvite;
  /** Joins; resolves with why it did not, or null once it did (the page then moves on). */
  onJoin: (takeRecords: boolean) => Promise<string | null>;
  onDecline: () => void;
}

/**
 * Join or Decline: what a signed-in invitee sees before anything changes. Their own records come along only when
 * they tick the box, which is offered only when they are the only member of the firm they leave. Escape declines.
 */
export default function InviteDecision({ status, onJoin, onDecline }: InviteDecisionProps) {
  const { question, records, stays } = inviteDecision(status);
  const [take, setTake] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const join = () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    void onJoin(take).then((message) => {
      setBusy(false);
      setProblem(message);
    });
  };

  return (
    <Dialog open onClose={() => !busy && onDecline()} title="Firm invite">
      <p id={`${id}-question`} className="font-medium">
        {question}
      </p>
      {records && (
        <label className="mt-4 flex items-start gap-3 text-sm">
          <input type="checkbox" checked={take} onChange={(event) => setTake(event.target.checked)} disabled={busy} className="mt-0.5 size-4" aria-describedby={`${id}-stays`} />
          <span>{records}</span>
        </label>
      )}
      {stays && (
        <p id={`${id}-stays`} className="mt-2 text-sm text-muted">
          {stays}
        </p>
      )}
      <div className="mt-4">
        <FormBanner>{problem}</FormBanner>
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onDecline} disabled={busy} className="btn-secondary px-4 py-2 text-sm">
          Decline
        </button>
        <button type="button" onClick={join} aria-disabled={busy || undefined} aria-describedby={`${id}-question`} className="btn-primary px-4 py-2 text-sm aria-disabled:cursor-wait aria-disabled:opacity-60">
          {busy && <Spinner />}
          Join
        </button>
      </div>
    </Dialog>
  );
}
