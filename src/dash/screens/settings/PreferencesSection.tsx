import { useStore } from "@nanostores/react";
import { useId } from "react";
import { NOTIFICATION_LABELS, SCOPE_PREFERENCES, SCOPE_PREFERENCE_LABELS, type NotificationChannel, type ScopePreference } from "../../../lib/dash/preferences";
import { $editingPreferences, setCompactMode, setDefaultScope, setNotification } from "../../../stores/dash/preferences";
import Switch from "../../components/Switch";
import SettingsSection from "./SettingsSection";

/** Default Chat Scope and Compact Mode, then the notification switches: edits wait for Save Preferences. */
export default function PreferencesSection() {
  const id = useId();
  const preferences = useStore($editingPreferences);
  return (
    <>
      <SettingsSection title="Preferences">
        <div>
          <label htmlFor={id} className="field-label">
            Default Chat Scope
          </label>
          <select
            id={id}
            value={preferences.defaultScope}
            onChange={(e) => setDefaultScope(e.target.value as ScopePreference)}
            className="field-input md:w-72"
            aria-describedby={`${id}-hint`}
          >
            {SCOPE_PREFERENCES.map((scope) => (
              <option key={scope} value={scope}>
                {SCOPE_PREFERENCE_LABELS[scope]}
              </option>
            ))}
          </select>
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
            The scope a new chat starts with.
          </p>
        </div>
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
