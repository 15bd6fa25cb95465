import { useStore } from "@nanostores/react";
import { useId } from "react";
import { NOTIFICATION_LABELS, SCOPE_PREFERENCES, SCOPE_PREFERENCE_LABELS, type NotificationChannel } from "../../../lib/dash/preferences";
import { labelledOptions } from "../../../lib/selectOptions";
import { $editingPreferences, setCompactMode, setDefaultScope, setNotification } from "../../../stores/dash/preferences";
import SelectField from "../../../ui/SelectField";
import Switch from "../../components/Switch";
import SettingsSection from "./SettingsSection";

/** Default Chat Scope and Compact Mode, then the notification switches: edits wait for Save Preferences. */
export default function PreferencesSection() {
  const id = useId();
  const preferences = useStore($editingPreferences);
  return (
    <>
      <SettingsSection title="Preferences">
        <SelectField
          id={id}
          label="Default Chat Scope"
          value={preferences.defaultScope}
          options={labelledOptions(SCOPE_PREFERENCE_LABELS, SCOPE_PREFERENCES)}
          onChange={setDefaultScope}
          description="The scope a new chat starts with."
          className="md:w-72"
        />
        <Switch
          label="Compact Mode"
          description="Tighter spacing and smaller text across the workspace."
          checked={preferences.compactMode}
          onChange={setCompactMode}
        />
      </SettingsSection>
      <SettingsSection title="Notifications">
        <div className="divide-y divide-line">
          {(Object.keys(NOTIFICATION_LABELS) as NotificationChannel[]).map((channel) => (
            <Switch
              key={channel}
              {...NOTIFICATION_LABELS[channel]}
              checked={preferences.notifications[channel]}
              onChange={(on) => setNotification(channel, on)}
            />
          ))}
        </div>
      </SettingsSection>
    </>
  );
}
