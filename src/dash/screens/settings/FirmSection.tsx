import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { DEMO_FIRM_NOTE, sampleFirm } from "../../../lib/dash/samples/firm";
import { $firm, firm } from "../../../stores/dash/firm";
import FirmMembers from "./FirmMembers";
import ReadOnlyField from "./ReadOnlyField";
import SettingsSection from "./SettingsSection";

/** The firm: read-only facts (administrators manage them), and on Supabase its members and invites. */
export default function FirmSection() {
  const view = useStore($firm);
  useEffect(() => {
    void firm.load();
  }, []);
  const facts = view.state === "ready" ? view.snapshot.firm : view.state === "demo" ? sampleFirm : null;
  return (
    <SettingsSection title="Firm Information">
      {facts && (
        <div className="grid gap-4 md:grid-cols-2">
          <ReadOnlyField label="Firm Name" value={facts.name} />
          <ReadOnlyField label="Address" value={facts.address} />
          <ReadOnlyField label="Plan" value={facts.plan} />
          <ReadOnlyField label="Seats" value={String(facts.seats)} />
        </div>
      )}
      {view.state === "loading" && (
        <p className="text-sm text-muted" role="status">
          Loading the firm…
        </p>
      )}
      {view.state === "failed" && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{view.message}</span>
          <button type="button" className="btn-secondary px-3 py-1 text-sm" onClick={() => void firm.load()}>
            Try again
          </button>
        </div>
      )}
      <p className="text-sm text-muted">Firm settings are managed by your firm's administrators.</p>
      {view.state === "demo" && <p className="text-sm text-muted">{DEMO_FIRM_NOTE}</p>}
      {view.state === "ready" && <FirmMembers snapshot={view.snapshot} me={view.me} />}
    </SettingsSection>
  );
}
