import ScreenHeader from "../../components/ScreenHeader";
import AccountSection from "./AccountSection";
import FirmSection from "./FirmSection";
import PreferencesSection from "./PreferencesSection";
import ProfileSection from "./ProfileSection";
import SaveBar from "./SaveBar";
import StorageSection from "./StorageSection";

/** Settings: profile and firm (read-only), preferences and notifications (saved together), this browser's storage, account. */
export default function SettingsScreen() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <ScreenHeader />
      <ProfileSection />
      <FirmSection />
      <PreferencesSection />
      <SaveBar />
      <StorageSection />
      <AccountSection />
    </div>
  );
}
