import { useState } from "react";
import { clearWorkspaceData } from "../../../stores/dash/clearWorkspace";
import ConfirmDialog from "../../../ui/ConfirmDialog";
import DashIcon from "../../components/DashIcon";
import SettingsSection from "./SettingsSection";
import SignOutButton from "../../components/SignOutButton";
import { isDemoMode } from "../../../lib/auth/config";

/** Where the workspace is kept, as Settings says it: this browser (demo mode) or the firm's project. */
export const accountCopy = isDemoMode
  ? {
      description: "Your workspace is kept in this browser, per account.",
      button: "Clear workspace data in this browser",
      confirm:
        "Your knowledge items, cases, files, uploads and preferences in this browser are replaced by the sample data. This cannot be undone.",
    }
  : {
      description: "Your workspace is kept in your firm's Supabase project, and in this browser for working offline.",
      button: "Clear workspace data",
      confirm:
        "Your conversations, knowledge items, cases, files, uploads and preferences are deleted from your firm's project and from this browser, and the sample data comes back. This cannot be undone.",
    };

/** Clearing the workspace data (with confirmation) and signing out. */
export default function AccountSection() {
  const [confirming, setConfirming] = useState(false);
  return (
    <SettingsSection title="Account" description={accountCopy.description}>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={() => setConfirming(true)} className="btn-secondary px-4 py-2 text-sm hover:border-danger">
          <DashIcon name="trash" className="size-4" />
          {accountCopy.button}
        </button>
        <SignOutButton />
      </div>
      <ConfirmDialog
        open={confirming}
        title="Clear workspace data?"
        description={accountCopy.confirm}
        confirmLabel="Clear Data"
        onConfirm={clearWorkspaceData}
        onClose={() => setConfirming(false)}
      />
    </SettingsSection>
  );
}
