import { useEffect, useEffectEvent } from "react";
import { isApplePlatform, shortcutFor, type ShortcutId } from "../lib/dash/shortcuts";
import { $activePending, stop } from "../stores/dash/chat";
import { focusWhenReady } from "./focusWhenReady";
import { MESSAGE_INPUT_ID } from "./screens/chat/messageInput";
import { focusChatSearch } from "./shell/focusChatSearch";
import { useGoToChat } from "./shell/useGoToChat";
import { useNewChat } from "./shell/useNewChat";
import { useCurrentRoute } from "./useCurrentRoute";

/** Input types that take typed text (a checkbox or a button does not). */
const TEXT_INPUTS = new Set(["text", "search", "email", "url", "tel", "password", "number", "date", "datetime-local", "month", "time", "week"]);

/** Whether a keydown lands where typed characters go: a text input, a text area, a select, or editable content. */
function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return TEXT_INPUTS.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable;
}

/** The chat's input, once the chat screen shows it. */
const messageInputs = () => [document.getElementById(MESSAGE_INPUT_ID)].filter((element) => element !== null);

/**
 * The workspace's keyboard shortcuts (lib/dash/shortcuts), listened for once by the shell. A key that asks for
 * nothing this page can do now (Escape with no reply pending, any key while a dialog is open) is left to the
 * browser and the focused control.
 */
export function useShortcuts(showShortcuts: () => void): void {
  const startNewChat = useNewChat();
  const goToChat = useGoToChat();
  const onChat = useCurrentRoute()?.path === "chat";
  const isMac = isApplePlatform(navigator.userAgent);

  const actions: Record<ShortcutId, () => boolean> = {
    newChat: () => {
      startNewChat();
      focusWhenReady(messageInputs);
      return true;
    },
    focusInput: () => {
      if (!onChat) goToChat();
      focusWhenReady(messageInputs);
      return true;
    },
    searchChats: () => {
      focusChatSearch();
      return true;
    },
    // The reply shows only on the chat: elsewhere Escape is not about it.
    stop: () => {
      if (!onChat || $activePending.get() === undefined) return false;
      stop();
      return true;
    },
    showShortcuts: () => {
      showShortcuts();
      return true;
    },
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    // Handled already (the composer's Escape, a menu's), an input method composing, or a modal open: not ours.
    if (event.defaultPrevented || event.isComposing || document.querySelector("dialog[open]")) return;
    const { key, ctrlKey, metaKey, shiftKey, altKey } = event;
    const id = shortcutFor({ key, ctrlKey, metaKey, shiftKey, altKey, targetIsEditable: isEditableTarget(event.target) }, isMac);
    if (id && actions[id]()) event.preventDefault();
  });

  useEffect(() => {
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
