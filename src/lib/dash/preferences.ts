import { oneOf } from "./parse";

/** The scope a new chat starts with (contract 3). */
export type ScopePreference = "all" | "firm" | "case" | "kb";
export const SCOPE_PREFERENCES: readonly ScopePreference[] = ["all", "firm", "case", "kb"];
export const SCOPE_PREFERENCE_LABELS: Record<ScopePreference, string> = {
  all: "All",
  firm: "My Firm",
  case: "Case",
  kb: "Knowledge Base",
};

export interface Preferences {
  defaultScope: ScopePreference;
  compactMode: boolean;
  notifications: { email: boolean; desktop: boolean; mobile: boolean };
}

export type NotificationChannel = keyof Preferences["notifications"];
export const NOTIFICATION_LABELS: Record<NotificationChannel, { label: string; description: string }> = {
  email: { label: "Email notifications", description: "Case updates and finished uploads by e-mail." },
  desktop: { label: "Desktop notifications", description: "Alerts in this browser while the workspace is open." },
  mobile: { label: "Mobile notifications", description: "Push alerts on your phone." },
};

/** A new user's preferences: My Firm scope, normal density, e-mail and mobile on, desktop off. */
export const DEFAULT_PREFERENCES: Preferences = {
  defaultScope: "firm",
  compactMode: false,
  notifications: { email: true, desktop: false, mobile: true },
};

/** Whether two sets of preferences say the same. */
export const samePreferences = (a: Preferences, b: Preferences): boolean =>
  a.defaultScope === b.defaultScope &&
  a.compactMode === b.compactMode &&
  (Object.keys(a.notifications) as NotificationChannel[]).every((key) => a.notifications[key] === b.notifications[key]);

/** Validates stored preferences. */
export function parsePreferences(data: unknown): Preferences | null {
  const p = data as Partial<Preferences> | null;
  const n = p?.notifications;
  const defaultScope = oneOf(p?.defaultScope, SCOPE_PREFERENCES);
  if (!p || !defaultScope || typeof p.compactMode !== "boolean" || !n) return null;
  if (![n.email, n.desktop, n.mobile].every((v) => typeof v === "boolean")) return null;
  return { defaultScope, compactMode: p.compactMode, notifications: { email: n.email, desktop: n.desktop, mobile: n.mobile } };
}
