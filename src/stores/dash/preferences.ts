import { atom, computed, type ReadableAtom } from "nanostores";
import { persisted } from "../../lib/dash/persisted";
import {
  DEFAULT_PREFERENCES,
  parsePreferences,
  samePreferences,
  type NotificationChannel,
  type Preferences,
  type ScopePreference,
} from "../../lib/dash/preferences";
import type { FeatureDefinition } from "../../lib/dash/repository";
import { showToast, type ToastInput } from "../toasts";

export const preferencesFeature: FeatureDefinition<Preferences> = {
  name: "preferences",
  version: 1,
  samples: () => structuredClone(DEFAULT_PREFERENCES),
  parse: parsePreferences,
};

export const savedToast: ToastInput = { title: "Preferences saved", description: "Your preferences are saved in this browser." };

/** Saved preferences and the edits on Settings that are not saved yet. */
export function createPreferencesStore(deps: { notify: (toast: ToastInput) => void }) {
  const $saved = atom<Preferences>(preferencesFeature.samples());
  /** Unsaved edits, or null when the form shows what is saved. */
  const $draft = atom<Preferences | null>(null);
  const $editing = computed([$saved, $draft], (saved, draft) => draft ?? saved);
  const $dirty = computed([$saved, $draft], (saved, draft) => draft !== null && !samePreferences(saved, draft));

  const edit = (change: (current: Preferences) => Preferences) => $draft.set(change($editing.get()));

  return {
    $saved,
    $editing,
    $dirty,
    setDefaultScope: (defaultScope: ScopePreference) => edit((p) => ({ ...p, defaultScope })),
    setCompactMode: (compactMode: boolean) => edit((p) => ({ ...p, compactMode })),
    setNotification: (channel: NotificationChannel, on: boolean) =>
      edit((p) => ({ ...p, notifications: { ...p.notifications, [channel]: on } })),
    /** Saves the edits and confirms with a toast. */
    save: () => {
      $saved.set($editing.get());
      $draft.set(null);
      deps.notify(savedToast);
    },
    /** Drops the edits. */
    discard: () => $draft.set(null),
  };
}

const preferences = createPreferencesStore({ notify: showToast });

/** The SAVED preferences (contract 3): new chats take their scope from here; compact mode applies from here. */
export const $preferences: ReadableAtom<Preferences> = preferences.$saved;
export const { $editing: $editingPreferences, $dirty: $preferencesDirty } = preferences;
export const { setDefaultScope, setCompactMode, setNotification, save: savePreferences, discard: discardPreferences } = preferences;

export const preferencesRecords = persisted(preferences.$saved, preferencesFeature);
