/** What a keyboard shortcut of the workspace does. */
export type ShortcutId = "newChat" | "focusInput" | "searchChats" | "stop" | "showShortcuts";

/** A shortcut as the dialog lists it: what it does, and its keys on Apple keyboards and on the others. */
export interface Shortcut {
  id: ShortcutId;
  description: string;
  keys: { mac: readonly string[]; other: readonly string[] };
}

/** Every shortcut of the workspace, in the order the dialog lists them. */
export const SHORTCUTS: readonly Shortcut[] = [
  { id: "newChat", description: "New chat", keys: { mac: ["⌘", "Shift", "O"], other: ["Ctrl", "Shift", "O"] } },
  { id: "focusInput", description: "Focus the message input", keys: { mac: ["Shift", "Esc"], other: ["Shift", "Esc"] } },
  { id: "searchChats", description: "Search chats", keys: { mac: ["⌘", "K"], other: ["Ctrl", "K"] } },
  { id: "stop", description: "Stop the reply while it is being written", keys: { mac: ["Esc"], other: ["Esc"] } },
  { id: "showShortcuts", description: "Show keyboard shortcuts", keys: { mac: ["?"], other: ["?"] } },
];

/** The keys of a shortcut on this platform, one label per key. */
export const shortcutKeys = (shortcut: Shortcut, isMac: boolean): readonly string[] => (isMac ? shortcut.keys.mac : shortcut.keys.other);

/** Whether a user agent string is an Apple platform's, whose keyboards have ⌘ where the others have Ctrl. */
export const isApplePlatform = (userAgent: string): boolean => /Mac|iPhone|iPad|iPod/.test(userAgent);

/** A keydown as far as the shortcuts care: its key, its modifiers, and whether it was typed into a text field. */
export interface ShortcutKeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  targetIsEditable: boolean;
}

/**
 * The shortcut a keydown asks for, or null. ⌘ on Apple platforms and Ctrl elsewhere is the command key; a press
 * with any other modifier is left to the browser. `?` and Escape alone are a text field's own keys there, and
 * Escape asks to stop only: whether a reply is pending is the caller's to check.
 */
export function shortcutFor(event: ShortcutKeyEvent, isMac: boolean): ShortcutId | null {
  const { key, shiftKey, altKey, targetIsEditable } = event;
  const command = isMac ? event.metaKey : event.ctrlKey;
  const otherCommand = isMac ? event.ctrlKey : event.metaKey;
  if (altKey || otherCommand) return null;
  const letter = key.toLowerCase();
  if (command) {
    if (shiftKey && letter === "o") return "newChat";
    if (!shiftKey && letter === "k") return "searchChats";
    return null;
  }
  if (key === "Escape") return shiftKey ? "focusInput" : targetIsEditable ? null : "stop";
  if (key === "?" && !targetIsEditable) return "showShortcuts";
  return null;
}
