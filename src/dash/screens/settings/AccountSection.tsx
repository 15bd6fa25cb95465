import { useState } from "react";
import { clearWorkspaceData } from "../../../stores/dash/clearWorkspace";
import Spinner from "../../../ui/Spinner";
import ConfirmDialog from "../../components/ConfirmDialog";
import DashIcon from "../../components/DashIcon";
import SettingsSection from "./SettingsSection";
import { useSignOut } from "../../useSignOut";

/** Clearing this browser's workspace data (with confirmation) and signing out. */
export default function AccountSection() {
  const [confirming, setConfirming] = useState(false);
  const { signOut, busy } = useSignOut();
  return (
    <SettingsSection title="Account" description="Your workspace is kept in this browser, per account.">
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={() => setConfirming(true)} className="btn-secondary px-4 py-2 text-sm hover:border-danger">
          <DashIcon name="trash" className="size-4" />
          Clear workspace data in this browser
        </button>
        <button
          type="button"
          onClick={signOut}
          aria-disabled={busy || undefined}
          className="btn-secondary px-4 py-2 text-sm aria-disabled:cursor-wait aria-disabled:opacity-60"
        >
          {busy ? <Spinner /> : <DashIcon name="logOut" className="size-4" />}
          Sign Out
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Clear workspace data?"
        description="Your knowledge items, cases, files, uploads and preferences in this browser are replaced by the sample data. This cannot be undone."
        confirmLabel="Clear Data"
        onConfirm={clearWorkspaceData}
        onClose={() => setConfirming(false)}
      />
    </SettingsSection>
  );
}
