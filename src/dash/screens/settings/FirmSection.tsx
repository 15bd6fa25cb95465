import { sampleFirm } from "../../../lib/dash/samples/firm";
import ReadOnlyField from "./ReadOnlyField";
import SettingsSection from "./SettingsSection";

/** The firm, read-only: administrators manage it. */
export default function FirmSection() {
  return (
    <SettingsSection title="Firm Information">
      <div className="grid gap-4 md:grid-cols-2">
        <ReadOnlyField label="Firm Name" value={sampleFirm.name} />
        <ReadOnlyField label="Address" value={sampleFirm.address} />
        <ReadOnlyField label="Plan" value={sampleFirm.plan} />
        <ReadOnlyField label="Seats" value={String(sampleFirm.seats)} />
      </div>
      <p className="text-sm text-muted">Firm settings are managed by your firm's administrators.</p>
    </SettingsSection>
  );
}
