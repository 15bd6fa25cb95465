import { useStore } from "@nanostores/react";
import { toggleSidebar } from "../../stores/dash/layout";
import ConversationGroups from "./ConversationGroups";
import ConversationSearch from "./ConversationSearch";
import ItemLabel, { itemClass } from "./ItemLabel";
import NavItems from "./NavItems";
import { useNewChat } from "./useNewChat";
import { $layout } from "../../stores/dash/layout";

interface SidebarContentProps {
  collapsed: boolean;
  /** In the small-screen drawer: no Collapse (the drawer has its own close button). */
  inDrawer?: boolean;
}

/** New Chat, 'Search chats...', the Pinned and Recent conversations, the screens, and Collapse. */
export default function SidebarContent({ collapsed, inDrawer = false }: SidebarContentProps) {
  const startNewChat = useNewChat();
  const pressed = useStore($layout).sidebarCollapsed;
  return (
    <div data-sidebar className="flex h-full min-h-0 flex-col">
      <div className="p-3">
        <button
          type="button"
          data-new-chat
          onClick={startNewChat}
          className={`${itemClass(collapsed)} border border-line text-ink`}
        >
          <ItemLabel icon="plus" label="New Chat" collapsed={collapsed} />
        </button>
      </div>
      {collapsed ? (
        <div className="flex-1" />
      ) : (
        <>
          <ConversationSearch />
          <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
            <ConversationGroups />
          </div>
        </>
      )}
      <NavItems collapsed={collapsed} />
      {!inDrawer && (
        <div className="border-t border-line p-3">
          <button type="button" onClick={toggleSidebar} aria-pressed={pressed} className={itemClass(collapsed)}>
            <ItemLabel icon="panelLeft" label="Collapse" collapsed={collapsed} />
          </button>
        </div>
      )}
    </div>
  );
}
