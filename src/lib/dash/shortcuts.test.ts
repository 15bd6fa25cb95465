import { describe, expect, it } from "vitest";
import { SHORTCUTS, isApplePlatform, shortcutFor, shortcutKeys, type ShortcutId, type ShortcutKeyEvent } from "./shortcuts";

const press = (key: string, mods: Partial<Omit<ShortcutKeyEvent, "key">> = {}): ShortcutKeyEvent => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  targetIsEditable: false,
  ...mods,
});

describe("shortcutFor", () => {
  it.each<[string, ShortcutKeyEvent, boolean, ShortcutId | null]>([
    ["Ctrl+Shift+O", press("O", { ctrlKey: true, shiftKey: true }), false, "newChat"],
    ["Ctrl+Shift+O with Caps Lock", press("o", { ctrlKey: true, shiftKey: true }), false, "newChat"],
    ["Ctrl+Shift+O in a text field", press("O", { ctrlKey: true, shiftKey: true, targetIsEditable: true }), false, "newChat"],
    ["⌘+Shift+O", press("O", { metaKey: true, shiftKey: true }), true, "newChat"],
    ["Ctrl+Shift+O on a Mac", press("O", { ctrlKey: true, shiftKey: true }), true, null],
    ["⌘+Shift+O off a Mac (Windows key)", press("O", { metaKey: true, shiftKey: true }), false, null],
    ["Ctrl+O (the browser's Open)", press("o", { ctrlKey: true }), false, null],
    ["Ctrl+Alt+Shift+O", press("O", { ctrlKey: true, shiftKey: true, altKey: true }), false, null],
    ["Ctrl+Meta+Shift+O", press("O", { ctrlKey: true, metaKey: true, shiftKey: true }), false, null],
    ["Ctrl+K", press("k", { ctrlKey: true }), false, "searchChats"],
    ["Ctrl+K in a text field", press("k", { ctrlKey: true, targetIsEditable: true }), false, "searchChats"],
    ["⌘+K", press("k", { metaKey: true }), true, "searchChats"],
    ["Ctrl+Shift+K (a browser's console)", press("K", { ctrlKey: true, shiftKey: true }), false, null],
    ["Ctrl+Alt+K", press("k", { ctrlKey: true, altKey: true }), false, null],
    ["K alone", press("k"), false, null],
    ["Shift+Escape", press("Escape", { shiftKey: true }), false, "focusInput"],
    ["Shift+Escape in a text field", press("Escape", { shiftKey: true, targetIsEditable: true }), true, "focusInput"],
    ["Ctrl+Shift+Escape (the task manager)", press("Escape", { ctrlKey: true, shiftKey: true }), false, null],
    ["Escape", press("Escape"), false, "stop"],
    ["Escape on a Mac", press("Escape"), true, "stop"],
    ["Escape in a text field", press("Escape", { targetIsEditable: true }), false, null],
    ["Alt+Escape", press("Escape", { altKey: true }), false, null],
    ["?", press("?", { shiftKey: true }), false, "showShortcuts"],
    ["? in a text field", press("?", { shiftKey: true, targetIsEditable: true }), false, null],
    ["Ctrl+?", press("?", { ctrlKey: true, shiftKey: true }), false, null],
    ["/", press("/"), false, null],
    ["Enter", press("Enter"), false, null],
  ])("%s", (_, event, isMac, id) => expect(shortcutFor(event, isMac)).toBe(id));
});

describe("SHORTCUTS", () => {
  it("lists each shortcut once, with the command key of each platform", () => {
    expect(SHORTCUTS.map((s) => s.id)).toEqual(["newChat", "focusInput", "searchChats", "stop", "showShortcuts"]);
    const newChat = SHORTCUTS[0];
    expect(newChat && shortcutKeys(newChat, true)).toEqual(["⌘", "Shift", "O"]);
    expect(newChat && shortcutKeys(newChat, false)).toEqual(["Ctrl", "Shift", "O"]);
  });

  it.each([
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15", true],
    ["Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)", true],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36", false],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36", false],
  ])("isApplePlatform(%s) is %s", (userAgent, mac) => expect(isApplePlatform(userAgent)).toBe(mac));
});
