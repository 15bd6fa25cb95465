import { useStore } from "@nanostores/react";
import { profileFacts } from "../../../lib/dash/profile";
import { $auth } from "../../../stores/auth";
import ReadOnlyField from "./ReadOnlyField";
import SettingsSection from "./SettingsSection";

/** Who is signed in, from the auth store's user and profile. */
export default function ProfileSection() {
  const { user, profile } = useStore($auth);
  const facts = profileFacts(user, profile);
  return (
    <SettingsSection title="Profile" description="Your account details.">
      <div className="grid gap-4 md:grid-cols-2">
        <ReadOnlyField label="Full Name" value={facts.fullName} />
        <ReadOnlyField label="Email Address" value={facts.email} />
        <ReadOnlyField label="Role" value={facts.role} />
        <ReadOnlyField label="Member Since" value={facts.memberSince} />
      </div>
    </SettingsSection>
  );
}
