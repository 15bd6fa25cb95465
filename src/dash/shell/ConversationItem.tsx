import { useStore } from "@nanostores/react";
import { useRef, useState } from "react";
import { relativeDate, type Conversation } from "../../lib/dash/conversations";
import { deleteConversation, openConversation } from "../../stores/dash/chat";
import { $now } from "../../stores/dash/clock";
import { $activeId, togglePin } from "../../stores/dash/conversations";
import ConfirmDialog from "../../ui/ConfirmDialog";
import ConversationMenu from "./ConversationMenu";
import RenameField from "./RenameField";
import { useGoToChat } from "./useGoToChat";

/** One conversation of the sidebar: opens it in the chat; its menu pins, renames and deletes it. */
export default function ConversationItem({ conversation }: { conversation: Conversation }) {
  const { id, title, pinned, updatedAt } = conversation;
  const active = useStore($activeId) === id;
  const now = useStore($now);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const openRef = useRef<HTMLButtonElement>(null);
  const goToChat = useGoToChat();

  const confirmDelete = () => {
    // The item is about to disappear: focus moves to the sidebar's New Chat button instead.
    const newChatButton = openRef.current?.closest("[data-sidebar]")?.querySelector<HTMLElement>("[data-new-chat]");
    setConfirming(false);
    deleteConversation(id);
    requestAnimationFrame(() => newChatButton?.focus());
  };

  return (
    <li className="flex items-center gap-1 rounded-lg hover:bg-surface-2/60">
      {editing ? (
        <RenameField
          id={id}
          title={title}
          onDone={(refocus) => {
            setEditing(false);
            if (refocus) requestAnimationFrame(() => openRef.current?.focus());
          }}
        />
      ) : (
        <button
          ref={openRef}
          type="button"
          aria-current={active || undefined}
          onClick={() => {
            openConversation(id);
            goToChat();
          }}
          className="min-w-0 flex-1 rounded-lg px-3 py-2 text-left aria-[current=true]:bg-surface-2"
        >
          <span className="block truncate text-sm text-ink">{title}</span>
          <time dateTime={updatedAt} className="block text-xs text-muted">
            {relativeDate(updatedAt, now)}
          </time>
        </button>
      )}
      <ConversationMenu
        label={`Options for ${title}`}
        actions={[
          { label: pinned ? "Unpin" : "Pin", icon: "pin", onSelect: () => togglePin(id) },
          { label: "Rename", icon: "pencil", onSelect: () => setEditing(true) },
          { label: "Delete", icon: "trash", onSelect: () => setConfirming(true) },
        ]}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete conversation?"
        description={`“${title}” and all its messages will be deleted from this workspace. This cannot be undone.`}
        confirmLabel="Delete"
        onClose={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </li>
  );
}
