import { useState } from "react";
import { clearWorkspaceData } from "../../../stores/dash/clearWorkspace";
import ConfirmDialog from "../../../ui/ConfirmDialog";
import DashIcon from "../../components/DashIcon";
import SettingsSection from "./SettingsSection";
import SignOutButton from "../../components/SignOutButton";

/** Clearing this browser's workspace data (with confirmation) and signing out. */
export default function AccountSection() {
  const [confirming, setConfirming] = useState(false);
  return (
    <SettingsSection title="Account" description="Your workspace is kept in this browser, per account.">
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={() => setConfirming(true)} className="btn-secondary px-4 py-2 text-sm hover:border-danger">
          <DashIcon name="trash" className="size-4" />
          Clear workspace data in this browser
        </button>
        <SignOutButton />
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
