/** The chat scope a new conversation starts with. */
export type ScopePreference = "all" | "firm" | "case" | "kb";

/** The user's saved workspace preferences. */
export interface Preferences {
  defaultScope: ScopePreference;
  compactMode: boolean;
  notifications: { email: boolean; desktop: boolean; mobile: boolean };
}
