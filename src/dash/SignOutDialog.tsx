import { useStore } from "@nanostores/react";
import { useEffect, useId, useState } from "react";
import { isDemoMode } from "../lib/auth/config";
import { changesWaiting } from "../stores/dash/clearWorkspace";
import { $syncState } from "../stores/dash/workspace";
import ConfirmDialog from "../ui/ConfirmDialog";

/** What Sign Out says: where the workspace stays, and the choice to remove this browser's copy of it. */
export const signOutCopy = {
  title: "Sign out?",
  description: isDemoMode
    ? "In demo mode your workspace is kept in this browser only: removing its copy deletes your conversations, knowledge items, cases, documents and preferences for good."
    : "Your workspace stays in your firm's project. This browser also keeps a copy for working offline; on a shared computer, remove it.",
  removeCopy: "Also remove this browser's copy of my workspace",
  confirm: "Sign Out",
} as const;

/** What is still waiting to be sent (the outbox count): said before the copy, and those changes with it, can be removed. */
export function waitingNotice(waiting: number | null | undefined): string {
  if (waiting === null) return "";
  if (waiting === undefined) return "Checking for changes not yet sent…";
  if (waiting === 0) return "Every change you made has reached your firm's project.";
  const changes = waiting === 1 ? "1 change has" : `${String(waiting)} changes have`;
  return `${changes} not reached your firm's project yet: removing this browser's copy deletes ${waiting === 1 ? "it" : "them"}.`;
}

interface SignOutDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: (removeCopy: boolean) => void;
}

/** Sign Out's confirmation, with 'Also remove this browser's copy of my workspace' and what waits to be sent. */
export default function SignOutDialog({ open, onClose, onConfirm }: SignOutDialogProps) {
  const [removeCopy, setRemoveCopy] = useState(false);
  const [waiting, setWaiting] = useState<number | null | undefined>(undefined);
  const syncState = useStore($syncState);
  const noticeId = useId();

  useEffect(() => {
    if (!open) return;
    let live = true;
    // Counted again whenever the sender reports: a batch that goes through while the dialog is open lowers it.
    changesWaiting().then(
      (count) => live && setWaiting(count),
      () => live && setWaiting(null),
    );
    return () => {
      live = false;
    };
  }, [open, syncState]);

  const close = () => {
    setRemoveCopy(false);
    setWaiting(undefined);
    onClose();
  };
  const notice = waitingNotice(waiting);
  return (
    <ConfirmDialog
      open={open}
      title={signOutCopy.title}
      description={signOutCopy.description}
      confirmLabel={signOutCopy.confirm}
      onConfirm={() => onConfirm(removeCopy)}
      onClose={close}
    >
      <label className="mt-4 flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-accent"
          checked={removeCopy}
          onChange={(event) => setRemoveCopy(event.target.checked)}
          aria-describedby={notice ? noticeId : undefined}
        />
        <span>{signOutCopy.removeCopy}</span>
      </label>
      {notice && (
        <p id={noticeId} role="status" className="mt-3 text-sm text-muted">
          {notice}
        </p>
      )}
    </ConfirmDialog>
  );
}
